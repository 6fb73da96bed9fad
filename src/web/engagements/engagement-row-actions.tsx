import { ActionIcon, Group, Tooltip } from "@mantine/core";
import type { ReactNode } from "react";
import { ENGAGEMENT_MESSAGES, type EngagementItem } from "../../shared/engagements";
import { errorMessage } from "../api/errors";
import { DeleteIcon, EditIcon, ViewIcon } from "../ui/action-icons";
import { confirmAction } from "../ui/confirm";
import { notifyError, notifySuccess } from "../ui/notify";
import { useDeleteEngagement } from "./engagement-queries";

function RowAction(props: {
  label: string;
  tooltip: string;
  color?: string;
  loading?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={props.tooltip} withArrow>
      <ActionIcon
        variant="subtle"
        color={props.color ?? "gray"}
        aria-label={props.label}
        loading={props.loading}
        onClick={props.onClick}
      >
        {props.children}
      </ActionIcon>
    </Tooltip>
  );
}

type EngagementRowActionsProps = {
  engagement: EngagementItem;
  onView: (engagement: EngagementItem) => void;
  onEdit: (engagement: EngagementItem) => void;
};

/** Manage Engagements' row actions: view, and edit and delete (after a confirmation) where allowed. */
export function EngagementRowActions({ engagement, onView, onEdit }: EngagementRowActionsProps) {
  const deleteEngagement = useDeleteEngagement();

  async function handleDelete() {
    const isConfirmed = await confirmAction({
      title: "Delete Engagement",
      message: ENGAGEMENT_MESSAGES.confirmDelete,
      confirmLabel: "Delete",
      cancelLabel: "Cancel",
      isDestructive: true,
    });
    if (!isConfirmed) return;
    try {
      await deleteEngagement.mutateAsync(engagement.id);
      notifySuccess(ENGAGEMENT_MESSAGES.deleted);
    } catch (error) {
      notifyError(errorMessage(error, ENGAGEMENT_MESSAGES.deleteFailed));
    }
  }

  return (
    <Group gap={4} wrap="nowrap">
      <RowAction
        label={`View ${engagement.subject}`}
        tooltip="View"
        onClick={() => onView(engagement)}
      >
        <ViewIcon />
      </RowAction>
      {engagement.can.edit && (
        <RowAction
          label={`Edit ${engagement.subject}`}
          tooltip="Edit"
          onClick={() => onEdit(engagement)}
        >
          <EditIcon />
        </RowAction>
      )}
      {engagement.can.delete && (
        <RowAction
          label={`Delete ${engagement.subject}`}
          tooltip="Delete"
          color="red"
          loading={deleteEngagement.isPending}
          onClick={() => void handleDelete()}
        >
          <DeleteIcon />
        </RowAction>
      )}
    </Group>
  );
}
