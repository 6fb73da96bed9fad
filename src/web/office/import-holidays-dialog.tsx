import { FileInput, Modal, Stack, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { holidayImportInput } from "../../shared/calendar";
import { errorMessage, hasStatus } from "../api/errors";
import { DIALOG_PROPS } from "../ui/forms/dialog-props";
import { FormActions } from "../ui/forms/form-actions";
import { useSchemaForm } from "../ui/forms/use-schema-form";
import { useImportHolidays } from "./office-queries";

/**
 * A file that fits in one request: the server takes JSON bodies up to 64 KB (a list of a few
 * dozen holidays is a couple of KB), so a bigger file is refused here, not as it is sent.
 */
const MAX_FILE_BYTES = 60 * 1024;

function ImportHolidaysForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(["office", "common"]);
  const importHolidays = useImportHolidays();
  const { form, handleSubmit } = useSchemaForm(holidayImportInput, { text: "" });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  // The file is read here and its lines put in the box, so the admin sees (and may correct)
  // what will be sent; the server gets text either way.
  async function handleFileChange(chosen: File | null) {
    setFile(chosen);
    setFileError(null);
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {
      setFileError(t("import.fileTooLarge"));
      return;
    }
    try {
      form.setFieldValue("text", await chosen.text());
    } catch {
      setFileError(t("import.fileUnreadable"));
    }
  }

  const handleImport = handleSubmit(async ({ text }) => {
    try {
      await importHolidays.mutateAsync(text);
      onDone();
    } catch (error) {
      // The server names the line it refused; the list stays open to be corrected.
      if (hasStatus(error, 400))
        form.setFieldError("text", errorMessage(error, t("import.failed")));
    }
  });

  return (
    <form onSubmit={handleImport} noValidate>
      <Stack>
        <Textarea
          label={t("import.text")}
          description={t("import.textHint")}
          autosize
          minRows={6}
          maxRows={14}
          spellCheck={false}
          // The list takes the direction of its first letter: a list of English names keeps
          // each date first on an Urdu page, where right to left would put it last.
          dir="auto"
          data-autofocus
          {...form.getInputProps("text")}
        />
        <FileInput
          label={t("import.file")}
          description={t("import.fileHint")}
          placeholder={t("import.filePlaceholder")}
          accept=".csv,text/csv,text/plain"
          clearable
          clearButtonProps={{
            "aria-label": t("common:action.clearField", { field: t("import.file") }),
          }}
          value={file}
          onChange={(chosen) => void handleFileChange(chosen)}
          error={fileError}
          // Mantine's placeholder grey is below 4.5:1 contrast.
          styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
        />
        <FormActions
          submitLabel={t("holidays.import")}
          isSubmitting={form.submitting}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

export function ImportHolidaysDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("office");
  return (
    <Modal opened={opened} onClose={onClose} title={t("import.title")} size="lg" {...DIALOG_PROPS}>
      <ImportHolidaysForm onDone={onClose} />
    </Modal>
  );
}
