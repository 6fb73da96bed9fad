import type { ReactNode } from "react";

// A handful of line icons drawn inline, so the app needs no icon package.
// They are decorative: the control that holds one always carries the text name.
export function Icon({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function HomeIcon() {
  return (
    <Icon>
      <path d="M3 11l9-8 9 8" />
      <path d="M5 10v10h14V10" />
      <path d="M10 20v-6h4v6" />
    </Icon>
  );
}

export function TasksIcon() {
  return (
    <Icon>
      <path d="M4 6l1.5 1.5L8 5" />
      <path d="M4 12l1.5 1.5L8 11" />
      <path d="M4 18l1.5 1.5L8 17" />
      <path d="M11 6h9M11 12h9M11 18h9" />
    </Icon>
  );
}

export function UsersIcon() {
  return (
    <Icon>
      <circle cx={9} cy={8} r={3.5} />
      <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6" />
      <path d="M16 4.5a3.5 3.5 0 0 1 0 7" />
      <path d="M18 14.5c1.8.8 3 2.8 3 5.5" />
    </Icon>
  );
}

export function ReportsIcon() {
  return (
    <Icon>
      <path d="M4 20h16" />
      <path d="M7 16v-5M12 16V6M17 16v-8" />
    </Icon>
  );
}

export function CalendarIcon() {
  return (
    <Icon>
      <rect x={3.5} y={5} width={17} height={15} rx={2} />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </Icon>
  );
}

export function CalendarEditIcon() {
  return (
    <Icon>
      <path d="M12 20H5.5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h13a2 2 0 0 1 2 2v4" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
      <path d="M19.5 14.5l1 1-5 5H14.5v-1z" />
    </Icon>
  );
}

export function SignOutIcon() {
  return (
    <Icon>
      <path d="M14 8V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-3" />
      <path d="M9 12h12M18 9l3 3-3 3" />
    </Icon>
  );
}

export function MenuIcon() {
  return (
    <Icon>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Icon>
  );
}

export function BellIcon() {
  return (
    <Icon>
      <path d="M6 9a6 6 0 0 1 12 0c0 5 2 7 2 7H4s2-2 2-7" />
      <path d="M10 20a2 2 0 0 0 4 0" />
    </Icon>
  );
}

/** A calendar with one day marked: the office's holidays. */
export function HolidayIcon() {
  return (
    <Icon>
      <rect x={3.5} y={5} width={17} height={15} rx={2} />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
      <path d="M12 12.5l1 2 2.2.3-1.6 1.5.4 2.2-2-1.1-2 1.1.4-2.2-1.6-1.5 2.2-.3z" />
    </Icon>
  );
}

export function SettingsIcon() {
  return (
    <Icon>
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12" />
      <circle cx={16} cy={6} r={2} />
      <circle cx={10} cy={12} r={2} />
      <circle cx={18} cy={18} r={2} />
    </Icon>
  );
}

/** An envelope going out: the mail the app has queued. */
export function OutboxIcon() {
  return (
    <Icon>
      <path d="M13 19H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v6" />
      <path d="M3 7l9 6 9-6" />
      <path d="M16 19h6M19 16l3 3-3 3" />
    </Icon>
  );
}

/** A ledger with a check mark: the audit trail. */
export function AuditIcon() {
  return (
    <Icon>
      <path d="M6 3h9l4 4v14H6z" />
      <path d="M15 3v4h4" />
      <path d="M9 11h7M9 15h3" />
      <path d="M13.5 17.5l1.5 1.5 3-3" />
    </Icon>
  );
}

/** A calendar with an arrow pushing on: a due date asked to move later. */
export function ExtensionIcon() {
  return (
    <Icon>
      <path d="M14 20H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v6" />
      <path d="M3 10h18M8 3v4M16 3v4" />
      <path d="M16 18h6M19 15l3 3-3 3" />
    </Icon>
  );
}

/** A list with check marks: the decisions of meetings, and how far they are carried out. */
export function DecisionsIcon() {
  return (
    <Icon>
      <path d="M4 6.5l1.5 1.5 3-3M4 13.5l1.5 1.5 3-3" />
      <path d="M11 7h9M11 14h9M4 20h16" />
    </Icon>
  );
}

/** A sheet with a folded corner and lines: the one-page Daily Brief. */
export function BriefIcon() {
  return (
    <Icon>
      <path d="M6 3h9l4 4v14H6z" />
      <path d="M15 3v4h4M9 11h7M9 14h7M9 17h4" />
    </Icon>
  );
}

/** An hourglass: work waiting, and for how long (the Pendency page). */
export function PendencyIcon() {
  return (
    <Icon>
      <path d="M6 3h12M6 21h12" />
      <path d="M7 3c0 5 10 5 10 9s-10 4-10 9M17 3c0 5-10 5-10 9s10 4 10 9" />
    </Icon>
  );
}

/** A bookmark: a list's filters saved under a name (saved views). */
export function SavedViewIcon() {
  return (
    <Icon>
      <path d="M6 3h12v18l-6-4-6 4z" />
    </Icon>
  );
}

export function ColumnsIcon() {
  return (
    <Icon>
      <rect x="3" y="4" width="18" height="16" rx="1.5" />
      <path d="M9 4v16M15 4v16" />
    </Icon>
  );
}
