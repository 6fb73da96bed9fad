import { Alert, Center, Group, Paper, Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Navigate, useSearchParams } from "react-router";
import { LanguageSwitch } from "../i18n/language-switch";
import { DepartmentBanner } from "../ui/department-banner";
import { FullPageLoader } from "../ui/full-page-loader";
import { SkipLink, skipLinkTarget } from "../ui/skip-link";
import { AuthTabs } from "./forms/auth-tabs";
import { SetNewPasswordForm } from "./forms/set-new-password-form";
import { OpenedElsewhereNotice } from "./opened-elsewhere";
import { useCurrentUser } from "./session";

/** better-auth sends an expired or unknown reset link back here with ?error=INVALID_TOKEN. */
const INVALID_TOKEN = "INVALID_TOKEN";

export function AuthPage() {
  const { t } = useTranslation(["auth", "common"]);
  const [searchParams, setSearchParams] = useSearchParams();
  const { data: user, isPending } = useCurrentUser();
  const resetToken = searchParams.get("token");

  if (isPending) return <FullPageLoader />;
  // A reset link still works in a browser that is signed in.
  if (user && !resetToken) return <Navigate to="/" replace />;

  return (
    <>
      <SkipLink />
      <Center component="main" mih="100vh" p="md" {...skipLinkTarget}>
        <Paper withBorder shadow="sm" p={{ base: "md", xs: "xl" }} w="100%" maw={440}>
          <Stack gap="lg">
            <Stack align="center" gap="sm">
              {/* At the inline end: top right, or top left in Urdu. */}
              <Group justify="flex-end" w="100%">
                <LanguageSwitch />
              </Group>
              <DepartmentBanner />
              <Title order={1}>{t("common:appName")}</Title>
            </Stack>
            <OpenedElsewhereNotice />
            {searchParams.get("error") === INVALID_TOKEN && (
              <Alert color="red" title={t("resetLink.invalidTitle")}>
                {t("resetLink.invalid")}
              </Alert>
            )}
            {resetToken ? (
              // Dropping the token from the address brings back the Sign In tab.
              <SetNewPasswordForm
                token={resetToken}
                onPasswordSet={() => setSearchParams({}, { replace: true })}
              />
            ) : (
              <AuthTabs />
            )}
          </Stack>
        </Paper>
      </Center>
    </>
  );
}
