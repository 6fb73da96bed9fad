import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { markInput, type ReceiptItem } from "../../../shared/dak";
import { FormActions } from "../../ui/forms/form-actions";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { useMarkReceipt } from "../dak-mutations";
import { MarkFieldset } from "../diary/mark-fieldset";
import { ReceiptDialog, type ReceiptDialogProps } from "./receipt-dialog";

function MarkForm({ receipt, onDone }: { receipt: ReceiptItem; onDone: () => void }) {
  const { t } = useTranslation("dak");
  const mark = useMarkReceipt(receipt.id);
  const { form, handleSubmit } = useSchemaForm(markInput, {
    to: "",
    purpose: "action",
    remark: "",
    dueDate: "",
  });
  const handleSave = handleSubmit(async () => {
    if (await mark.attempt(form.getValues())) onDone();
  });
  return (
    <form onSubmit={handleSave} noValidate>
      <Stack gap="md">
        <MarkFieldset inputProps={(field) => form.getInputProps(field)} />
        <FormActions
          submitLabel={t("action.mark")}
          isSubmitting={mark.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

/** Mark: the receipt to an officer, as a task for them. */
export function MarkDialog(props: ReceiptDialogProps) {
  return <ReceiptDialog {...props} title="dialog.mark" form={MarkForm} />;
}
