import { Button, Group } from "@mantine/core";

/** The buttons under every dialog form: Cancel (when there is somewhere to go back) and submit. */
export function FormActions({
  submitLabel,
  isSubmitting,
  onCancel,
  mt,
}: {
  submitLabel: string;
  isSubmitting: boolean;
  onCancel?: () => void;
  mt?: "xs";
}) {
  return (
    <Group justify="flex-end" mt={mt}>
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      )}
      <Button type="submit" loading={isSubmitting}>
        {submitLabel}
      </Button>
    </Group>
  );
}
