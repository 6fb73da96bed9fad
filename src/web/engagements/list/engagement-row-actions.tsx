import { ENGAGEMENT_MESSAGES, type EngagementItem } from "../../../shared/engagements";
import { confirmAction } from "../../ui/forms/confirm";
import { RecordActions } from "../../ui/list/row-action";
import { useDeleteEngagement } from "../engagement-mutations";

export type EngagementRowActionsProps = {
  engagement: EngagementItem;
  onView: (engagement: EngagementItem) => void;
  onEdit: (engagement: EngagementItem) => void;
};

/** Manage Engagements' row actions: view, and edit and delete (after a confirmation) where allowed. */
export function EngagementRowActions({ engagement, onView, onEdit }: EngagementRowActionsProps) {
  const deleteEngagement = useDeleteEngagement();

  async function handleDelete() {
    const isConfirmed = await confirmAction({
      title: "engagements:confirm.deleteTitle",
      message: ENGAGEMENT_MESSAGES.confirmDelete,
      confirmLabel: "common:action.delete",
      cancelLabel: "common:action.cancel",
      isDestructive: true,
    });
    if (isConfirmed) deleteEngagement.mutate(engagement.id);
  }

  return (
    <RecordActions
      name={engagement.subject}
      can={engagement.can}
      isDeleting={deleteEngagement.isPending}
      onView={() => onView(engagement)}
      onEdit={() => onEdit(engagement)}
      onDelete={() => void handleDelete()}
    />
  );
}
