import { ActionIcon, Group, Tooltip } from "@mantine/core";
import type { ReactNode } from "react";
import { DeleteIcon, EditIcon, ViewIcon } from "./action-icons";

type RowActionProps = {
  label: string;
  tooltip: string;
  color?: string;
  loading?: boolean;
  onClick: () => void;
  children: ReactNode;
};

/** An icon button in a table row: named for assistive technology, with a tooltip for the eye. */
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

/**
 * A record's row actions: View always, Edit and Delete where the record's abilities (`can`)
 * allow them. `name` labels each button for assistive technology ("Edit <name>").
 */
export function RecordActions({
  name,
  can,
  isDeleting,
  onView,
  onEdit,
  onDelete,
}: {
  name: string;
  can: { edit: boolean; delete: boolean };
  isDeleting: boolean;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <RowAction label={`View ${name}`} tooltip="View" onClick={onView}>
        <ViewIcon />
      </RowAction>
      {can.edit && (
        <RowAction label={`Edit ${name}`} tooltip="Edit" onClick={onEdit}>
          <EditIcon />
        </RowAction>
      )}
      {can.delete && (
        <RowAction
          label={`Delete ${name}`}
          tooltip="Delete"
          color="red"
          loading={isDeleting}
          onClick={onDelete}
        >
          <DeleteIcon />
        </RowAction>
      )}
    </Group>
  );
}
