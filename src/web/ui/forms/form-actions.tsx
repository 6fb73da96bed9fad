import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The buttons under every dialog form: Cancel (when there is somewhere to go back) and submit. */
export function FormActions({
  submitLabel,
  isSubmitting,
  onCancel,
  isDisabled,
  mt,
}: {
  submitLabel: string;
  isSubmitting: boolean;
  onCancel?: () => void;
  /** Nothing here can be saved (the form's fields are disabled too). */
  isDisabled?: boolean;
  mt?: "xs";
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt={mt}>
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          {t("action.cancel")}
        </Button>
      )}
      <Button type="submit" loading={isSubmitting} disabled={isDisabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
