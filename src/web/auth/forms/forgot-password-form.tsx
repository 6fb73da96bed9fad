import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AUTH_MESSAGES, forgotPasswordInput } from "../../../shared/auth";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { notifyError, notifySuccess } from "../../ui/notify";
import { authErrorMessage } from "../auth-errors";
import { loadAuthClient } from "../load-auth-client";

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation("auth");
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
          {t("forgot.intro")}
        </Text>
        <TextInput
          type="email"
          label={t("field.email")}
          autoComplete="email"
          {...form.getInputProps("email")}
        />
        <Button type="submit" fullWidth loading={form.submitting}>
          {t("action.sendResetLink")}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {t("action.backToSignIn")}
        </Anchor>
      </Stack>
    </form>
  );
}
