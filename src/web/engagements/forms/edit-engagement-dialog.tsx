import { Modal } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  ENGAGEMENT_MESSAGES,
  type EngagementFields,
  type EngagementItem,
} from "../../../shared/engagements";
import { confirmAction } from "../../ui/forms/confirm";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { useUpdateEngagement } from "../engagement-mutations";
import { EngagementForm, toFormValues } from "./engagement-form";

function EditEngagementForm({
  engagement,
  onDone,
}: {
  engagement: EngagementItem;
  onDone: () => void;
}) {
  const { t } = useTranslation("common");
  const updateEngagement = useUpdateEngagement(engagement.id);

  async function handleUpdate(values: EngagementFields) {
    const isConfirmed = await confirmAction({
      title: "engagements:confirm.updateTitle",
      message: ENGAGEMENT_MESSAGES.confirmUpdate,
      confirmLabel: "engagements:action.update",
      cancelLabel: "common:action.cancel",
    });
    if (!isConfirmed) return false;
    return updateEngagement(values);
  }

  return (
    <EngagementForm
      initialValues={toFormValues(engagement)}
      engagement={engagement}
      submitLabel={t("action.saveChanges")}
      onSubmit={handleUpdate}
      onClose={onDone}
    />
  );
}

export function EditEngagementDialog({
  engagement,
  opened,
  onClose,
}: {
  engagement: EngagementItem | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("engagements");
  return (
    <Modal opened={opened} onClose={onClose} title={t("dialog.edit")} {...DIALOG_PROPS}>
      {engagement && (
        // A new engagement starts a new form, even while the last one is still fading out.
        <EditEngagementForm key={engagement.id} engagement={engagement} onDone={onClose} />
      )}
    </Modal>
  );
}
