import { Button, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** What a page shows in place of what it could not load, with a way to ask again. */
export function LoadFailed({
  message,
  onRetry,
}: {
  /** Already in the page's language. */
  message: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <Text c="dimmed">{message}</Text>
      <Button variant="default" size="xs" onClick={onRetry}>
        {t("action.tryAgain")}
      </Button>
    </Group>
  );
}
