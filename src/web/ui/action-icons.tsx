import type { ReactNode } from "react";
import { Icon } from "./icons";

// Row-action icons: the line icons of icons.tsx, a little smaller to suit table rows.
function ActionIcon({ children }: { children: ReactNode }) {
  return <Icon size={18}>{children}</Icon>;
}

export function ViewIcon() {
  return (
    <ActionIcon>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx={12} cy={12} r={3} />
    </ActionIcon>
  );
}

export function EditIcon() {
  return (
    <ActionIcon>
      <path d="M4 20h4L19 9l-4-4L4 16z" />
      <path d="M13.5 6.5l4 4" />
    </ActionIcon>
  );
}

export function DeleteIcon() {
  return (
    <ActionIcon>
      <path d="M4 7h16M10 11v6M14 11v6" />
      <path d="M6 7l1 13h10l1-13" />
      <path d="M9 7V4h6v3" />
    </ActionIcon>
  );
}

export function PrintIcon() {
  return (
    <ActionIcon>
      <path d="M7 9V3h10v6" />
      <rect x={3} y={9} width={18} height={8} rx={2} />
      <path d="M7 14h10v7H7z" />
    </ActionIcon>
  );
}

export function KeyIcon() {
  return (
    <ActionIcon>
      <circle cx={8} cy={15} r={4} />
      <path d="M10.8 12.2L20 3M16 7l3 3M14 9l2 2" />
    </ActionIcon>
  );
}

export function SearchIcon() {
  return (
    <ActionIcon>
      <circle cx={11} cy={11} r={6.5} />
      <path d="M20 20l-4.3-4.3" />
    </ActionIcon>
  );
}

export function UserPlusIcon() {
  return (
    <ActionIcon>
      <circle cx={9} cy={8} r={3.5} />
      <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6" />
      <path d="M19 8v6M16 11h6" />
    </ActionIcon>
  );
}

export function DownloadIcon() {
  return (
    <ActionIcon>
      <path d="M12 4v11M7 10l5 5 5-5" />
      <path d="M4 19h16" />
    </ActionIcon>
  );
}
