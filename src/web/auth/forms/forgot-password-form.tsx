import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { AUTH_MESSAGES, forgotPasswordInput } from "../../../shared/auth";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { notifyError, notifySuccess } from "../../ui/notify";
import { authErrorMessage } from "../auth-errors";
import { loadAuthClient } from "../load-auth-client";

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { form, handleSubmit } = useSchemaForm(forgotPasswordInput, { email: "" });
  const handleSendResetLink = handleSubmit(async ({ email }) => {
    // The e-mailed link comes back to /auth with ?token=..., where the new password is set.
    const authClient = await loadAuthClient();
    const { error } = await authClient.requestPasswordReset({ email, redirectTo: "/auth" });
    if (error) {
      notifyError(authErrorMessage(error));
      return;
    }
    notifySuccess(AUTH_MESSAGES.resetEmailSent);
    onBack();
  });

  return (
    <form onSubmit={handleSendResetLink} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          Enter your e-mail address and we will send you a link to set a new password.
        </Text>
        <TextInput
          type="email"
          label="Email"
          autoComplete="email"
          {...form.getInputProps("email")}
        />
        <Button type="submit" fullWidth loading={form.submitting}>
          Send Reset Link
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          Back to Sign In
        </Anchor>
      </Stack>
    </form>
  );
}
