import { Modal, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { amendReceiptInput, type ReceiptItem } from "../../../shared/dak";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { FormActions } from "../../ui/forms/form-actions";
import { ReasonField } from "../../ui/forms/reason-field";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { useAmendReceipt } from "../dak-mutations";
import { ReceiptFieldset, type ReceiptFieldValues } from "../diary/receipt-fieldset";

/** A receipt's fields as the form holds them (blanks for nulls). */
function fieldsOf(receipt: ReceiptItem): Required<ReceiptFieldValues> {
  return {
    receivedOn: receipt.receivedOn,
    mode: receipt.mode,
    section: receipt.section ?? "",
    senderName: receipt.senderName,
    senderDesignation: receipt.senderDesignation ?? "",
    senderOrganisation: receipt.senderOrganisation ?? "",
    senderAddress: receipt.senderAddress ?? "",
    letterNumber: receipt.letterNumber ?? "",
    letterDate: receipt.letterDate ?? "",
    subject: receipt.subject,
    category: receipt.category,
    classification: receipt.classification,
    enclosures: receipt.enclosures ?? "",
    remarks: receipt.remarks ?? "",
  };
}

function AmendForm({ receipt, onDone }: { receipt: ReceiptItem; onDone: () => void }) {
  const { t } = useTranslation("dak");
  const amend = useAmendReceipt(receipt.id);
  const { form, handleSubmit } = useSchemaForm(amendReceiptInput, {
    ...fieldsOf(receipt),
    reason: "",
    version: receipt.version,
  });
  const handleSave = handleSubmit(async () => {
    if (await amend.attempt(form.getValues())) onDone();
  });
  return (
    <form onSubmit={handleSave} noValidate>
      <Stack gap="md">
        <ReceiptFieldset
          inputProps={(field) => form.getInputProps(field)}
          extraCategory={receipt.category}
        />
        <ReasonField
          label={t("field.amendReason")}
          maxLength={2000}
          {...form.getInputProps("reason")}
        />
        <FormActions
          submitLabel={t("action.amend")}
          isSubmitting={amend.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

/** Amend: a correction of what was diarised (never the number), with the reason. */
export function AmendDialog({
  receipt,
  opened,
  onClose,
}: {
  receipt: ReceiptItem;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("dak");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("dialog.amend", { number: receipt.diaryNumber })}
      size="lg"
      {...DIALOG_PROPS}
    >
      <AmendForm receipt={receipt} onDone={onClose} />
    </Modal>
  );
}
