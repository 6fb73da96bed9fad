import { PasswordInput, Stack, Text } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { PasswordRules } from "../../shared/passwords";
import { changePasswordInputFor, type UserListItem } from "../../shared/users";
import { usePasswordRules } from "../api/public-config";
import { DialogSkeleton } from "../ui/forms/dialog-skeleton";
import { FormActions } from "../ui/forms/form-actions";
import { useSchemaForm } from "../ui/forms/use-schema-form";
import { useChangePassword } from "./queries";
import { UserDialog } from "./user-dialog";
import { nameOf } from "./user-display";

type ChangePasswordFormProps = { user: UserListItem; onDone: () => void };

function ChangePasswordForm(props: ChangePasswordFormProps) {
  const passwords = usePasswordRules();
  if (!passwords) return <DialogSkeleton height={140} />;
  return <ChangePasswordFields passwords={passwords} {...props} />;
}

function ChangePasswordFields({
  user,
  onDone,
  passwords,
}: ChangePasswordFormProps & { passwords: PasswordRules }) {
  const { t } = useTranslation("users");
  const changePassword = useChangePassword(user);
  const schema = useMemo(() => changePasswordInputFor(passwords), [passwords]);
  const { form, handleSubmit } = useSchemaForm(schema, { newPassword: "" });
  const handleChange = handleSubmit(async (values) => {
    if (await changePassword.attempt(values)) onDone();
  });

  return (
    <form onSubmit={handleChange} noValidate>
      <Stack>
        <Text size="sm">{t("password.intro", { name: nameOf(user) })}</Text>
        <PasswordInput
          label={t("field.newPassword")}
          autoComplete="new-password"
          data-autofocus
          withAsterisk
          {...form.getInputProps("newPassword")}
        />
        <FormActions
          submitLabel={t("password.submit")}
          isSubmitting={form.submitting}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

type ChangePasswordDialogProps = {
  user: UserListItem | null;
  opened: boolean;
  onClose: () => void;
};

export function ChangePasswordDialog({ user, opened, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation("users");
  return (
    <UserDialog opened={opened} onClose={onClose} title={t("dialog.changePassword")}>
      {user && <ChangePasswordForm user={user} onDone={onClose} />}
    </UserDialog>
  );
}
