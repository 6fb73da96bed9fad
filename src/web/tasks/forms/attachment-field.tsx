import { FileInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { checkFileBeforeUpload, FILE_ACCEPT, type FileMessage } from "../../../shared/files";

/**
 * A chosen attachment and the browser's early check of it (type by name, size). The server
 * checks the bytes again; this only spares a pointless upload.
 */
export function useAttachmentField() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<FileMessage | null>(null);

  function handleChange(chosen: File | null) {
    setFile(chosen);
    setError(chosen ? checkFileBeforeUpload(chosen) : null);
  }

  return { file, error, handleChange, isValid: error === null };
}

type AttachmentFieldProps = {
  label: string;
  field: ReturnType<typeof useAttachmentField>;
  disabled?: boolean;
};

export function AttachmentField({ label, field, disabled }: AttachmentFieldProps) {
  const { t } = useTranslation(["tasks", "common"]);
  return (
    <FileInput
      label={label}
      description={t("field.fileHint")}
      placeholder={t("placeholder.chooseFile")}
      accept={FILE_ACCEPT}
      clearable
      clearButtonProps={{ "aria-label": t("common:action.clearField", { field: label }) }}
      value={field.file}
      onChange={field.handleChange}
      error={field.error && t(field.error)}
      // Mantine's placeholder grey is below 4.5:1 contrast.
      styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
      disabled={disabled}
    />
  );
}
