import { Tabs } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePublicConfig } from "../../api/public-config";
import { ForgotPasswordForm } from "./forgot-password-form";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";

export function AuthTabs() {
  const { t } = useTranslation("auth");
  const { data: config } = usePublicConfig();
  const [isForgotMode, setIsForgotMode] = useState(false);
  const isSignUpEnabled = config?.signUpEnabled === true;

  return (
    <Tabs defaultValue="sign-in" keepMounted={false}>
      <Tabs.List grow>
        <Tabs.Tab value="sign-in">{t("tab.signIn")}</Tabs.Tab>
        {isSignUpEnabled && <Tabs.Tab value="sign-up">{t("tab.signUp")}</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="sign-in" pt="md">
        {isForgotMode ? (
          <ForgotPasswordForm onBack={() => setIsForgotMode(false)} />
        ) : (
          <SignInForm onForgotPassword={() => setIsForgotMode(true)} />
        )}
      </Tabs.Panel>
      {isSignUpEnabled && (
        <Tabs.Panel value="sign-up" pt="md">
          <SignUpForm />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
