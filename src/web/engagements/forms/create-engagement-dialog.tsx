import { Modal } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { useCreateEngagement } from "../engagement-mutations";
import { EngagementForm, NEW_ENGAGEMENT, useEngagementForm } from "./engagement-form";

function CreateEngagementForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("engagements");
  const createEngagement = useCreateEngagement();
  const state = useEngagementForm(NEW_ENGAGEMENT, "");
  return (
    <EngagementForm
      state={state}
      submitLabel={t("action.create")}
      onSubmit={(values) => createEngagement.save(values)}
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
  const { t } = useTranslation("engagements");
  return (
    <Modal opened={opened} onClose={onClose} title={t("createNew")} {...DIALOG_PROPS}>
      {/* Modal unmounts its content when closed, so every opening starts with an empty form. */}
      <CreateEngagementForm onDone={onClose} />
    </Modal>
  );
}
