import { FileInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { checkFileBeforeUpload, FILE_ACCEPT, type FileMessage } from "../../../shared/files";
import { translateMessage } from "../../../shared/i18n/message";

/** The first problem the browser sees with the chosen scans (type by name, size), or null. */
export function scansProblem(files: File[]): FileMessage | null {
  for (const file of files) {
    const problem = checkFileBeforeUpload(file);
    if (problem) return problem;
  }
  return null;
}

/**
 * The scanned copy: one file per page (PDF, JPEG or PNG). The server checks the bytes again;
 * this only spares a pointless upload.
 */
export function ScansField({
  value,
  onChange,
  error,
}: {
  value: File[];
  onChange: (files: File[]) => void;
  error?: string | null;
}) {
  const { t, i18n } = useTranslation(["dak", "common"]);
  const label = t("field.scans");
  const problem = scansProblem(value);
  return (
    <FileInput
      multiple
      label={label}
      description={t("field.scansHint")}
      placeholder={t("placeholder.chooseFiles")}
      accept={FILE_ACCEPT}
      clearable
      clearButtonProps={{ "aria-label": t("common:action.clearField", { field: label }) }}
      value={value}
      onChange={onChange}
      error={error ?? (problem ? translateMessage(i18n, problem) : undefined)}
      styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
    />
  );
}
