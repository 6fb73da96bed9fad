import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { closeReceiptInput, type ReceiptItem } from "../../../shared/dak";
import { FormActions } from "../../ui/forms/form-actions";
import { ReasonField } from "../../ui/forms/reason-field";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { useCloseReceipt } from "../dak-mutations";
import { ReceiptDialog, type ReceiptDialogProps } from "./receipt-dialog";

function CloseForm({ receipt, onDone }: { receipt: ReceiptItem; onDone: () => void }) {
  const { t } = useTranslation("dak");
  const close = useCloseReceipt(receipt.id);
  const { form, handleSubmit } = useSchemaForm(closeReceiptInput, { reason: "" });
  const handleSave = handleSubmit(async (values) => {
    if (await close.attempt(values)) onDone();
  });
  return (
    <form onSubmit={handleSave} noValidate>
      <Stack gap="md">
        <ReasonField
          label={t("field.reason")}
          maxLength={2000}
          data-autofocus
          {...form.getInputProps("reason")}
        />
        <FormActions
          submitLabel={t("action.close")}
          isSubmitting={close.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

/** Close: the receipt filed without a task, with the reason. */
export function CloseDialog(props: ReceiptDialogProps) {
  return <ReceiptDialog {...props} title="dialog.close" form={CloseForm} />;
}
