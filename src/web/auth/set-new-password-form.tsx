import { Button, PasswordInput, Stack, Title } from "@mantine/core";
import { z } from "zod";
import { AUTH_MESSAGES, resetPasswordInput } from "../../shared/auth";
import { notifyError, notifySuccess } from "../ui/notify";
import { useSchemaForm } from "../ui/use-schema-form";
import { authErrorMessage } from "./auth-errors";
import { loadAuthClient } from "./load-auth-client";

const setNewPasswordInput = resetPasswordInput
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

interface SetNewPasswordFormProps {
  token: string;
  onPasswordSet: () => void;
}

/** Reached from the reset e-mail's link (/auth?token=...). */
export function SetNewPasswordForm({ token, onPasswordSet }: SetNewPasswordFormProps) {
  const { form, handleSubmit } = useSchemaForm(setNewPasswordInput, {
    newPassword: "",
    confirmPassword: "",
  });
  const handleSetNewPassword = handleSubmit(async ({ newPassword }) => {
    const authClient = await loadAuthClient();
    const { error } = await authClient.resetPassword({ newPassword, token });
    if (error) {
      notifyError(authErrorMessage(error));
      return;
    }
    notifySuccess(AUTH_MESSAGES.passwordReset);
    onPasswordSet();
  });

  return (
    <form onSubmit={handleSetNewPassword} noValidate>
      <Stack>
        <Title order={2} size="h3">
          Set New Password
        </Title>
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          {...form.getInputProps("newPassword")}
        />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          {...form.getInputProps("confirmPassword")}
        />
        <Button type="submit" fullWidth loading={form.submitting}>
          Update Password
        </Button>
      </Stack>
    </form>
  );
}
