import { Anchor, Center, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1} fz={64}>
          404
        </Title>
        <Text size="xl">{t("notFound.message")}</Text>
        <Anchor component={Link} to="/">
          {t("notFound.returnHome")}
        </Anchor>
      </Stack>
    </Center>
  );
}
