import { Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { AUTH_MESSAGES, signUpInput } from "../../shared/auth";
import { notifyError, notifySuccess } from "../ui/notify";
import { useSchemaForm } from "../ui/use-schema-form";
import { authErrorMessage } from "./auth-errors";
import { loadAuthClient } from "./load-auth-client";
import { useEnterApp } from "./session-actions";

export function SignUpForm() {
  const enterApp = useEnterApp();
  const { form, handleSubmit } = useSchemaForm(signUpInput, {
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
    // better-auth signs the new account in straight away.
    notifySuccess(AUTH_MESSAGES.signUpSuccess);
    enterApp();
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
