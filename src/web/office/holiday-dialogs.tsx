import { Modal, Stack, TextInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type HolidayInput,
  type HolidayItem,
  holidayInput,
  OFFICE_MESSAGES,
} from "../../shared/calendar";
import { DateField } from "../ui/forms/date-field";
import { DIALOG_PROPS } from "../ui/forms/dialog-props";
import { useEditConflict } from "../ui/forms/edit-conflict";
import { FormActions } from "../ui/forms/form-actions";
import { useSchemaForm } from "../ui/forms/use-schema-form";
import { useDisplayDate } from "../ui/use-display-date";
import { holidaysOptions, useAddHoliday, useUpdateHoliday } from "./office-queries";

/** Add Holiday's and Edit Holiday's two fields, checked by the server's own schema. */
function HolidayFields({
  inputProps,
}: {
  inputProps: (field: keyof HolidayInput) => GetInputPropsReturnType;
}) {
  const { t } = useTranslation("office");
  return (
    <>
      <DateField
        label={t("field.date")}
        placeholder={t("holidays.pickDate")}
        withAsterisk
        data-autofocus
        {...inputProps("date")}
      />
      <TextInput
        label={t("field.holidayName")}
        withAsterisk
        autoComplete="off"
        maxLength={100}
        {...inputProps("name")}
      />
    </>
  );
}

function AddHolidayForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("office");
  const addHoliday = useAddHoliday();
  const { form, handleSubmit } = useSchemaForm(holidayInput, { date: "", name: "" });
  const handleSave = handleSubmit(async (values) => {
    if (await addHoliday.attempt(values)) onDone();
  });
  return (
    <form onSubmit={handleSave} noValidate>
      <Stack>
        <HolidayFields inputProps={(field) => form.getInputProps(field)} />
        <FormActions
          submitLabel={t("holidays.add")}
          isSubmitting={form.submitting}
          onCancel={onDone}
        />
      </Stack>
    </form>
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

function EditHolidayForm({
  holiday: opened,
  onDone,
}: {
  holiday: HolidayItem;
  onDone: () => void;
}) {
  const { t } = useTranslation(["office", "common"]);
  const queryClient = useQueryClient();
  const displayDate = useDisplayDate();
  // The holiday as the server last showed it: the current values, once loaded after a conflict.
  const [holiday, setHoliday] = useState(opened);
  const updateHoliday = useUpdateHoliday(opened.date);
  const { form } = useSchemaForm(holidayInput, { date: opened.date, name: opened.name });
  /** The holiday still on the date the dialog was opened for (a save moves it only when it goes through). */
  async function loadCurrent(): Promise<HolidayItem> {
    const year = Number(opened.date.slice(0, 4));
    const listed = await queryClient.fetchQuery({ ...holidaysOptions(year), staleTime: 0 });
    const current = listed.find((candidate) => candidate.date === opened.date);
    if (!current) throw new Error(t(OFFICE_MESSAGES.holidayNotFound));
    return current;
  }
  const conflict = useEditConflict<HolidayItem>({
    version: holiday.version,
    isSaving: updateHoliday.isPending,
    liveMessage: t(OFFICE_MESSAGES.holidayStale),
    loadCurrent: async () => {
      const current = await loadCurrent();
      return { version: current.version, values: current };
    },
    typed: () => ({ ...holiday, ...form.getValues() }),
    apply: (current) => {
      setHoliday(current);
      form.setValues({ date: current.date, name: current.name });
    },
    describe: (values) => [
      { label: t("field.date"), value: values.date ? displayDate(values.date) : "" },
      { label: t("field.holidayName"), value: values.name },
    ],
  });

  const handleSave = form.onSubmit((values) => {
    updateHoliday.mutate(
      { ...values, version: holiday.version },
      { onSuccess: onDone, onError: conflict.onSaveError },
    );
  });

  return (
    <form onSubmit={handleSave} noValidate>
      <Stack>
        {conflict.notice}
        <HolidayFields inputProps={(field) => form.getInputProps(field)} />
        <FormActions
          submitLabel={t("common:action.saveChanges")}
          isSubmitting={updateHoliday.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

export function EditHolidayDialog({
  holiday,
  opened,
  onClose,
}: {
  holiday: HolidayItem | null;
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
