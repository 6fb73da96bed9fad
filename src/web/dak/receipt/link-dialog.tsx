import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { linkReceiptInput, type ReceiptItem } from "../../../shared/dak";
import { FormActions } from "../../ui/forms/form-actions";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { useLinkReceipt } from "../dak-mutations";
import { HitSelect } from "../hit-select";
import { ReceiptDialog, type ReceiptDialogProps } from "./receipt-dialog";

function LinkForm({ receipt, onDone }: { receipt: ReceiptItem; onDone: () => void }) {
  const { t } = useTranslation("dak");
  const link = useLinkReceipt(receipt.id);
  const { form, handleSubmit } = useSchemaForm(linkReceiptInput, { taskId: "" });
  const handleSave = handleSubmit(async (values) => {
    if (await link.attempt(values)) onDone();
  });
  return (
    <form onSubmit={handleSave} noValidate>
      <Stack gap="md">
        <HitSelect
          kind="task"
          label={t("field.task")}
          placeholder={t("placeholder.chooseTask")}
          inputProps={form.getInputProps("taskId")}
          isRequired
        />
        <FormActions
          submitLabel={t("action.link")}
          isSubmitting={link.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

/** Link to a Task: the receipt becomes an existing task's letter. */
export function LinkDialog(props: ReceiptDialogProps) {
  return <ReceiptDialog {...props} title="dialog.link" form={LinkForm} />;
}
