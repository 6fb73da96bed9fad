import { PasswordInput, Stack, Text } from "@mantine/core";
import { changePasswordInput, USER_MESSAGES, type UserListItem } from "../../shared/users";
import { FormActions } from "../ui/form-actions";
import { useSchemaForm } from "../ui/use-schema-form";
import { withToasts } from "./feedback";
import { useChangePassword } from "./queries";
import { UserDialog } from "./user-dialog";
import { nameOf } from "./user-display";

function ChangePasswordForm({ user, onDone }: { user: UserListItem; onDone: () => void }) {
  const changePassword = useChangePassword(user);
  const { form, handleSubmit } = useSchemaForm(changePasswordInput, { newPassword: "" });
  const handleChange = handleSubmit(async (values) => {
    const isChanged = await withToasts(
      changePassword.mutateAsync(values),
      // 'Password changed successfully for {name}', named by the server.
      (result) => result.message,
      USER_MESSAGES.changePasswordFailed,
    );
    if (isChanged) onDone();
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
