import { Modal } from "@mantine/core";
import { ENGAGEMENT_MESSAGES, type EngagementFields } from "../../shared/engagements";
import { DIALOG_PROPS } from "../ui/dialog-props";
import { EngagementForm, NEW_ENGAGEMENT } from "./engagement-form";
import { useCreateEngagement } from "./engagement-queries";
import { saveEngagement } from "./save-engagement";

function CreateEngagementForm({ onDone }: { onDone: () => void }) {
  const createEngagement = useCreateEngagement();

  function handleCreate(values: EngagementFields) {
    return saveEngagement({
      values,
      save: createEngagement.mutateAsync,
      success: ENGAGEMENT_MESSAGES.created,
      failure: ENGAGEMENT_MESSAGES.createFailed,
    });
  }

  return (
    <EngagementForm
      initialValues={NEW_ENGAGEMENT}
      submitLabel="Create Engagement"
      onSubmit={handleCreate}
      onClose={onDone}
    />
  );
}

export function CreateEngagementDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Create New Engagement" {...DIALOG_PROPS}>
      {/* Modal unmounts its content when closed, so every opening starts with an empty form. */}
      <CreateEngagementForm onDone={onClose} />
    </Modal>
  );
}
