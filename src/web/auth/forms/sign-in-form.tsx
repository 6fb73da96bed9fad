import { Anchor, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isEmailIdentifier, signInInput } from "../../../shared/auth";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { clearToasts, notifyError } from "../../ui/notify";
import { signInErrorMessage } from "../auth-errors";
import { loadAuthClient } from "../load-auth-client";
import { useEnterApp } from "../session-actions";

/** One field takes an e-mail or a User ID (SPEC.md section 5): an "@" decides which. */
async function signIn(identifier: string, password: string) {
  const authClient = await loadAuthClient();
  return isEmailIdentifier(identifier)
    ? authClient.signIn.email({ email: identifier, password })
    : authClient.signIn.username({ username: identifier, password });
}

export function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const { t } = useTranslation("auth");
  const enterApp = useEnterApp();
  const { form, handleSubmit } = useSchemaForm(signInInput, { identifier: "", password: "" });
  const handleSignIn = handleSubmit(async ({ identifier, password }) => {
    // A failed attempt's error is about that attempt: it must not outlive the next one.
    clearToasts();
    const { error } = await signIn(identifier, password);
    if (error) notifyError(signInErrorMessage(error));
    else enterApp();
  });

  return (
    <form onSubmit={handleSignIn} noValidate>
      <Stack>
        <TextInput
          label={t("field.identifier")}
          autoComplete="username"
          {...form.getInputProps("identifier")}
        />
        <PasswordInput
          label={t("field.password")}
          autoComplete="current-password"
          {...form.getInputProps("password")}
        />
        <Button type="submit" fullWidth loading={form.submitting}>
          {t("action.signIn")}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
          {t("action.forgotPassword")}
        </Anchor>
      </Stack>
    </form>
  );
}
