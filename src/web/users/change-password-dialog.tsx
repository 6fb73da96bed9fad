import { PasswordInput, Stack, Text } from "@mantine/core";
import { useMemo } from "react";
import type { PasswordRules } from "../../shared/passwords";
import { changePasswordInputFor, type UserListItem } from "../../shared/users";
import { usePasswordRules } from "../auth/public-config";
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
  const changePassword = useChangePassword(user);
  const schema = useMemo(() => changePasswordInputFor(passwords), [passwords]);
  const { form, handleSubmit } = useSchemaForm(schema, { newPassword: "" });
  const handleChange = handleSubmit(async (values) => {
    if (await changePassword.attempt(values)) onDone();
  });

  return (
    <form onSubmit={handleChange} noValidate>
      <Stack>
        <Text size="sm">
          Set a new password for {nameOf(user)}. They are signed out everywhere and sign in again
          with the new one.
        </Text>
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          data-autofocus
          withAsterisk
          {...form.getInputProps("newPassword")}
        />
        <FormActions
          submitLabel="Change Password"
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
  return (
    <UserDialog opened={opened} onClose={onClose} title="Change Password">
      {user && <ChangePasswordForm user={user} onDone={onClose} />}
    </UserDialog>
  );
}
