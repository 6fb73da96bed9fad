import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, Navigate } from "react-router";
import { useCurrentUser } from "../auth/session";
import { LanguageSwitch } from "../i18n/language-switch";
import { DepartmentBanner } from "../ui/department-banner";
import { FullPageLoader } from "../ui/full-page-loader";

export function HomePage() {
  const { data: user, isPending } = useCurrentUser();
  const { t } = useTranslation();
  if (isPending) return <FullPageLoader />;
  if (user) return <Navigate to="/dashboard" replace />;

  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="md" maw={560} ta="center">
        <LanguageSwitch />
        <DepartmentBanner />
        <Title order={1}>{t("appName")}</Title>
        <Text size="lg" fw={500} c="dimmed">
          {t("appDescription")}
        </Text>
        <Text>{t("home.tagline")}</Text>
        <Button component={Link} to="/auth" size="md">
          {t("home.getStarted")}
        </Button>
      </Stack>
    </Center>
  );
}
