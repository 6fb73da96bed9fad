import { Modal, Stack, Switch, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { MAX_VIEW_NAME_LENGTH, type ViewFormInput, viewFormInput } from "../../shared/views";
import { DIALOG_PROPS } from "../ui/forms/dialog-props";
import { FormActions } from "../ui/forms/form-actions";
import { useSchemaForm } from "../ui/forms/use-schema-form";

type ViewNameFormProps = {
  initialValues: ViewFormInput;
  /** Admins may share the view with everyone (the server's answer for this list). */
  canShare: boolean;
  submitLabel: string;
  /** Resolves whether it was saved, so the dialog can close. */
  onSubmit: (values: ViewFormInput) => Promise<boolean>;
  onClose: () => void;
};

function ViewNameForm({
  initialValues,
  canShare,
  submitLabel,
  onSubmit,
  onClose,
}: ViewNameFormProps) {
  const { t } = useTranslation("views");
  const { form, handleSubmit } = useSchemaForm(viewFormInput, initialValues);
  const handleSave = handleSubmit(async (values) => {
    if (await onSubmit(values)) onClose();
  });

  return (
    <form onSubmit={handleSave} noValidate>
      <Stack>
        <TextInput
          label={t("field.name")}
          withAsterisk
          autoComplete="off"
          maxLength={MAX_VIEW_NAME_LENGTH}
          data-autofocus
          {...form.getInputProps("name")}
        />
        {canShare && (
          <Switch
            label={t("field.shared")}
            description={t("field.sharedHint")}
            {...form.getInputProps("shared", { type: "checkbox" })}
          />
        )}
        <FormActions submitLabel={submitLabel} isSubmitting={form.submitting} onCancel={onClose} />
      </Stack>
    </form>
  );
}

type ViewNameDialogProps = Omit<ViewNameFormProps, "onClose"> & {
  title: string;
  opened: boolean;
  onClose: () => void;
};

/** Save current view… and Rename…: a view's name, and for admins whether everyone sees it. */
export function ViewNameDialog({ title, opened, onClose, ...form }: ViewNameDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} {...DIALOG_PROPS}>
      {/* Modal unmounts its content when closed, so every opening starts afresh. */}
      <ViewNameForm {...form} onClose={onClose} />
    </Modal>
  );
}
