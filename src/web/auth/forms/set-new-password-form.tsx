import { Button, PasswordInput, Stack, Title } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod/mini";
import { AUTH_MESSAGES, resetPasswordInputFor } from "../../../shared/auth";
import type { PasswordRules } from "../../../shared/passwords";
import { usePasswordRules } from "../../api/public-config";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { notifyError, notifySuccess } from "../../ui/notify";
import { authErrorMessage } from "../auth-errors";
import { loadAuthClient } from "../load-auth-client";

function setNewPasswordInputFor(passwords: PasswordRules) {
  return z.extend(resetPasswordInputFor(passwords), { confirmPassword: z.string() }).check(
    z.refine((values) => values.newPassword === values.confirmPassword, {
      message: "auth:passwordsDiffer",
      path: ["confirmPassword"],
    }),
  );
}

interface SetNewPasswordFormProps {
  token: string;
  onPasswordSet: () => void;
}

/** Reached from the reset e-mail's link (/auth?token=...); waits for the password rules. */
export function SetNewPasswordForm(props: SetNewPasswordFormProps) {
  const passwords = usePasswordRules();
  return passwords ? <SetNewPasswordFields passwords={passwords} {...props} /> : null;
}

function SetNewPasswordFields({
  token,
  onPasswordSet,
  passwords,
}: SetNewPasswordFormProps & { passwords: PasswordRules }) {
  const { t } = useTranslation("auth");
  const schema = useMemo(() => setNewPasswordInputFor(passwords), [passwords]);
  const { form, handleSubmit } = useSchemaForm(schema, {
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
          {t("reset.title")}
        </Title>
        <PasswordInput
          label={t("field.newPassword")}
          autoComplete="new-password"
          {...form.getInputProps("newPassword")}
        />
        <PasswordInput
          label={t("field.confirmPassword")}
          autoComplete="new-password"
          {...form.getInputProps("confirmPassword")}
        />
        <Button type="submit" fullWidth loading={form.submitting}>
          {t("action.updatePassword")}
        </Button>
      </Stack>
    </form>
  );
}
