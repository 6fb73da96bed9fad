import { Center, Loader, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A page waiting for its code, its words or the session. Common's words are always there. */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" role="status">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        <Text>{t("loading")}</Text>
      </Stack>
    </Center>
  );
}
