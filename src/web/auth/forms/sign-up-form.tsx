import { Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useMemo } from "react";
import { AUTH_MESSAGES, signUpInputFor } from "../../../shared/auth";
import type { PasswordRules } from "../../../shared/passwords";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { notifyError, notifySuccess } from "../../ui/notify";
import { authErrorMessage } from "../auth-errors";
import { loadAuthClient } from "../load-auth-client";
import { usePasswordRules } from "../public-config";

export function SignUpForm() {
  const passwords = usePasswordRules();
  return passwords ? <SignUpFields passwords={passwords} /> : null;
}

function SignUpFields({ passwords }: { passwords: PasswordRules }) {
  const schema = useMemo(() => signUpInputFor(passwords), [passwords]);
  const { form, handleSubmit } = useSchemaForm(schema, {
    fullName: "",
    email: "",
    password: "",
  });
  const handleSignUp = handleSubmit(async ({ fullName, email, password }) => {
    const authClient = await loadAuthClient();
    const { error } = await authClient.signUp.email({ name: fullName, email, password });
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
        <TextInput label="Full Name" autoComplete="name" {...form.getInputProps("fullName")} />
        <TextInput
          type="email"
          label="Email"
          autoComplete="email"
          {...form.getInputProps("email")}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          {...form.getInputProps("password")}
        />
        <Button type="submit" fullWidth loading={form.submitting}>
          Sign Up
        </Button>
      </Stack>
    </form>
  );
}
