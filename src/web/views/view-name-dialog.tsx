import { Modal, Stack, Switch, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  MAX_VIEW_NAME_LENGTH,
  SAVED_VIEW_MESSAGES,
  type SavedView,
  type ViewFormInput,
  viewFormInput,
} from "../../shared/views";
import { DIALOG_PROPS } from "../ui/forms/dialog-props";
import { useEditConflict } from "../ui/forms/edit-conflict";
import { FormActions } from "../ui/forms/form-actions";
import { useSchemaForm } from "../ui/forms/use-schema-form";
import { useRenameView, viewsOptions } from "./view-queries";

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

/** Save current view…: the view's name, and for admins whether everyone sees it. */
export function ViewNameDialog({ title, opened, onClose, ...form }: ViewNameDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} {...DIALOG_PROPS}>
      {/* Modal unmounts its content when closed, so every opening starts afresh. */}
      <ViewNameForm {...form} onClose={onClose} />
    </Modal>
  );
}

function RenameViewForm({ view: opened, onClose }: { view: SavedView; onClose: () => void }) {
  const { t } = useTranslation(["views", "common"]);
  const queryClient = useQueryClient();
  // The view as the server last showed it: the current name, once loaded after a conflict.
  const [view, setView] = useState(opened);
  const rename = useRenameView();
  const { form } = useSchemaForm(viewFormInput, { name: opened.name });
  async function loadCurrent(): Promise<SavedView> {
    const listed = await queryClient.fetchQuery({ ...viewsOptions(opened.list), staleTime: 0 });
    const current = listed.views.find((candidate) => candidate.id === opened.id);
    if (!current) throw new Error(t(SAVED_VIEW_MESSAGES.notFound));
    return current;
  }
  const conflict = useEditConflict<SavedView>({
    version: view.version,
    isSaving: rename.isPending,
    liveMessage: t(SAVED_VIEW_MESSAGES.stale),
    loadCurrent: async () => {
      const current = await loadCurrent();
      return { version: current.version, values: current };
    },
    typed: () => ({ ...view, name: form.getValues().name }),
    apply: (current) => {
      setView(current);
      form.setValues({ name: current.name });
    },
    describe: (values) => [{ label: t("field.name"), value: values.name }],
  });

  const handleSave = form.onSubmit((values) => {
    rename.mutate(
      { id: opened.id, name: values.name, version: view.version },
      { onSuccess: onClose, onError: conflict.onSaveError },
    );
  });

  return (
    <form onSubmit={handleSave} noValidate>
      <Stack>
        {conflict.notice}
        <TextInput
          label={t("field.name")}
          withAsterisk
          autoComplete="off"
          maxLength={MAX_VIEW_NAME_LENGTH}
          data-autofocus
          {...form.getInputProps("name")}
        />
        <FormActions
          submitLabel={t("dialog.rename")}
          isSubmitting={rename.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}

type RenameViewDialogProps = { view: SavedView | null; opened: boolean; onClose: () => void };

/** Rename…: the view's name, sent with the version of the view the dialog was opened on. */
export function RenameViewDialog({ view, opened, onClose }: RenameViewDialogProps) {
  const { t } = useTranslation("views");
  return (
    <Modal opened={opened} onClose={onClose} title={t("dialog.renameTitle")} {...DIALOG_PROPS}>
      {view && <RenameViewForm key={view.id} view={view} onClose={onClose} />}
    </Modal>
  );
}
