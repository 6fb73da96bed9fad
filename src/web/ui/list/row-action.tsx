import { ActionIcon, Group, Tooltip } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DeleteIcon, EditIcon, ViewIcon } from "../action-icons";

type RowActionProps = {
  label: string;
  tooltip: string;
  color?: string;
  loading?: boolean;
  /** Shown but refused; the tooltip says why. */
  isDisabled?: boolean;
  onClick: () => void;
  children: ReactNode;
};

/** An icon button in a table row: named for assistive technology, with a tooltip for the eye. */
export function RowAction({
  label,
  tooltip,
  color,
  loading,
  isDisabled = false,
  onClick,
  children,
}: RowActionProps) {
  const button = (
    <ActionIcon
      variant="subtle"
      color={color ?? "gray"}
      aria-label={label}
      loading={loading}
      disabled={isDisabled}
      onClick={onClick}
    >
      {children}
    </ActionIcon>
  );
  return (
    <Tooltip label={tooltip} withArrow>
      {/* A disabled button gets no pointer events; the wrapper still shows why it is disabled. */}
      {isDisabled ? <span>{button}</span> : button}
    </Tooltip>
  );
}

/**
 * A record's row actions: View always, Edit and Delete where the record's abilities (`can`)
 * allow them. `name` labels each button for assistive technology ("Edit <name>", in the
 * page's language).
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
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <RowAction label={t("row.view", { name })} tooltip={t("action.view")} onClick={onView}>
        <ViewIcon />
      </RowAction>
      {can.edit && (
        <RowAction label={t("row.edit", { name })} tooltip={t("action.edit")} onClick={onEdit}>
          <EditIcon />
        </RowAction>
      )}
      {can.delete && (
        <RowAction
          label={t("row.delete", { name })}
          tooltip={t("action.delete")}
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
