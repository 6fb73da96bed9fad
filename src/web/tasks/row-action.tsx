import { ActionIcon, Tooltip } from "@mantine/core";
import type { ReactNode } from "react";

type RowActionProps = {
  label: string;
  tooltip: string;
  color?: string;
  loading?: boolean;
  onClick: () => void;
  children: ReactNode;
};

/** An icon button in a task row: named for assistive technology, with a tooltip for the eye. */
export function RowAction({ label, tooltip, color, loading, onClick, children }: RowActionProps) {
  return (
    <Tooltip label={tooltip} withArrow>
      <ActionIcon
        variant="subtle"
        color={color ?? "gray"}
        aria-label={label}
        loading={loading}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
