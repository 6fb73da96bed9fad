import { Modal, Stack, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type Holiday, type HolidayInput, holidayInput } from "../../shared/calendar";
import { DateField } from "../ui/forms/date-field";
import { DIALOG_PROPS } from "../ui/forms/dialog-props";
import { FormActions } from "../ui/forms/form-actions";
import { useSchemaForm } from "../ui/forms/use-schema-form";
import { useAddHoliday, useUpdateHoliday } from "./office-queries";

type HolidayFormProps = {
  initialValues: HolidayInput;
  submitLabel: string;
  /** Resolves whether it was saved, so the dialog can close. */
  onSubmit: (values: HolidayInput) => Promise<boolean>;
  onClose: () => void;
};

/** Add Holiday's and Edit Holiday's two fields, checked by the server's own schema. */
function HolidayForm({ initialValues, submitLabel, onSubmit, onClose }: HolidayFormProps) {
  const { t } = useTranslation("office");
  const { form, handleSubmit } = useSchemaForm(holidayInput, initialValues);
  const handleSave = handleSubmit(async (values) => {
    if (await onSubmit(values)) onClose();
  });

  return (
    <form onSubmit={handleSave} noValidate>
      <Stack>
        <DateField
          label={t("field.date")}
          placeholder={t("holidays.pickDate")}
          withAsterisk
          data-autofocus
          {...form.getInputProps("date")}
        />
        <TextInput
          label={t("field.holidayName")}
          withAsterisk
          autoComplete="off"
          maxLength={100}
          {...form.getInputProps("name")}
        />
        <FormActions submitLabel={submitLabel} isSubmitting={form.submitting} onCancel={onClose} />
      </Stack>
    </form>
  );
}

function AddHolidayForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("office");
  const addHoliday = useAddHoliday();
  return (
    <HolidayForm
      initialValues={{ date: "", name: "" }}
      submitLabel={t("holidays.add")}
      onSubmit={addHoliday.attempt}
      onClose={onDone}
    />
  );
}

export function AddHolidayDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("office");
  return (
    <Modal opened={opened} onClose={onClose} title={t("holidays.add")} {...DIALOG_PROPS}>
      {/* Modal unmounts its content when closed, so every opening starts with an empty form. */}
      <AddHolidayForm onDone={onClose} />
    </Modal>
  );
}

function EditHolidayForm({ holiday, onDone }: { holiday: Holiday; onDone: () => void }) {
  const { t } = useTranslation("common");
  const updateHoliday = useUpdateHoliday(holiday.date);
  return (
    <HolidayForm
      initialValues={holiday}
      submitLabel={t("action.saveChanges")}
      onSubmit={updateHoliday.attempt}
      onClose={onDone}
    />
  );
}

export function EditHolidayDialog({
  holiday,
  opened,
  onClose,
}: {
  holiday: Holiday | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("office");
  return (
    <Modal opened={opened} onClose={onClose} title={t("holidays.editTitle")} {...DIALOG_PROPS}>
      {holiday && (
        // Another holiday starts a new form, even while the last one is still fading out.
        <EditHolidayForm key={holiday.date} holiday={holiday} onDone={onClose} />
      )}
    </Modal>
  );
}
