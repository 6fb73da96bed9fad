import { Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { AUTH_MESSAGES, signUpInputFor } from "../../../shared/auth";
import type { PasswordRules } from "../../../shared/passwords";
import { usePasswordRules } from "../../api/public-config";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { notifyError, notifySuccess } from "../../ui/notify";
import { authErrorMessage } from "../auth-errors";
import { loadAuthClient } from "../load-auth-client";

export function SignUpForm() {
  const passwords = usePasswordRules();
  return passwords ? <SignUpFields passwords={passwords} /> : null;
}

function SignUpFields({ passwords }: { passwords: PasswordRules }) {
  const { t, i18n } = useTranslation("auth");
  const schema = useMemo(() => signUpInputFor(passwords), [passwords]);
  const { form, handleSubmit } = useSchemaForm(schema, {
    fullName: "",
    email: "",
    password: "",
  });
  const handleSignUp = handleSubmit(async ({ fullName, email, password }) => {
    const authClient = await loadAuthClient();
    // The account's language is the page's: its mails and later sessions follow it.
    const { error } = await authClient.signUp.email({
      name: fullName,
      email,
      password,
      language: i18n.language,
    });
    if (error) {
      notifyError(authErrorMessage(error));
      return;
    }
    // No session yet: the account signs in after following the link in the e-mail.
    notifySuccess(AUTH_MESSAGES.signUpSuccess);
    form.reset();
  });

  return (
    <form onSubmit={handleSignUp} noValidate>
      <Stack>
        <TextInput
          label={t("field.fullName")}
          autoComplete="name"
          {...form.getInputProps("fullName")}
        />
        <TextInput
          type="email"
          label={t("field.email")}
          autoComplete="email"
          {...form.getInputProps("email")}
        />
        <PasswordInput
          label={t("field.password")}
          autoComplete="new-password"
          {...form.getInputProps("password")}
        />
        <Button type="submit" fullWidth loading={form.submitting}>
          {t("action.signUp")}
        </Button>
      </Stack>
    </form>
  );
}
