import { Fieldset, Modal, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { diariseForm } from "../../../shared/dak";
import { todayIn } from "../../../shared/dates";
import { usePublicConfig } from "../../api/public-config";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { DialogSkeleton } from "../../ui/forms/dialog-skeleton";
import { FormActions } from "../../ui/forms/form-actions";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { type DiariseValues, useDiarise } from "../dak-mutations";
import { type MarkField, MarkFieldset } from "./mark-fieldset";
import { newReceiptValues, ReceiptFieldset } from "./receipt-fieldset";
import { ScansField, scansProblem } from "./scans-field";

const MARK_FIELDS = {
  to: "markTo",
  purpose: "markPurpose",
  remark: "markRemark",
  dueDate: "markDueDate",
} as const satisfies Record<MarkField, keyof DiariseValues>;

function DiariseForm({ today, onDone }: { today: string; onDone: () => void }) {
  const { t } = useTranslation("dak");
  const diarise = useDiarise();
  const { form, handleSubmit } = useSchemaForm(diariseForm, {
    ...newReceiptValues(today),
    scans: [] as File[],
    markTo: "",
    markPurpose: "",
    markRemark: "",
    markDueDate: "",
  });
  const scans = (form.values.scans ?? []) as File[];
  const isMarking = Boolean(form.values.markTo);

  // The schema has checked the values; the form data goes as typed (blanks are the server's
  // "none"), with the scans as files.
  const handleSave = handleSubmit(async () => {
    if (scansProblem(scans)) return;
    if (await diarise.attempt(form.getValues())) onDone();
  });

  return (
    <form onSubmit={handleSave} noValidate>
      <Stack gap="md">
        <ReceiptFieldset inputProps={(field) => form.getInputProps(field)} />
        <ScansField
          value={scans}
          onChange={(files) => form.setFieldValue("scans", files)}
          error={form.errors.scans as string | undefined}
        />
        <Fieldset legend={t("legend.mark")}>
          <MarkFieldset
            isOptional
            minDueDate={today || undefined}
            inputProps={(field) => form.getInputProps(MARK_FIELDS[field])}
          />
        </Fieldset>
        <FormActions
          submitLabel={isMarking ? t("action.diariseAndMark") : t("action.diarise")}
          isSubmitting={diarise.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

/** Diarise: a letter received into the diary register, optionally marked to an officer. */
export function DiariseDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("dak");
  const { data: config, isPending } = usePublicConfig();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("dialog.diarise")}
      size="lg"
      {...DIALOG_PROPS}
    >
      {isPending ? (
        <DialogSkeleton height={600} />
      ) : (
        <DiariseForm today={config ? todayIn(config.timezone) : ""} onDone={onClose} />
      )}
    </Modal>
  );
}
