import { Modal } from "@mantine/core";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { useCreateEngagement } from "../engagement-mutations";
import { EngagementForm, NEW_ENGAGEMENT } from "./engagement-form";

function CreateEngagementForm({ onDone }: { onDone: () => void }) {
  const createEngagement = useCreateEngagement();
  return (
    <EngagementForm
      initialValues={NEW_ENGAGEMENT}
      submitLabel="Create Engagement"
      onSubmit={createEngagement}
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
