import { Paper, Skeleton, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { NotificationKind } from "../../shared/notifications";
import { NotificationEntries } from "../notifications/notification-list";
import { useNotifications } from "../notifications/notification-queries";

/** What asks something of the person: a task given them, a reply, an answer to their request. */
const WAITING_KINDS: readonly NotificationKind[] = [
  "task_assigned",
  "task_reply",
  "extension_approved",
  "extension_declined",
];

/**
 * /dashboard's "Waiting for You": the person's unread notifications that call for a look
 * (the bell's own query, so nothing more is fetched); each opens its task and is read then.
 */
export function WaitingForYou() {
  const { t } = useTranslation("dashboard");
  const { data, isPending, isError } = useNotifications();
  if (isPending) return <Skeleton height={60} />;
  const waiting = (data?.notifications ?? []).filter(
    (item) => !item.read && WAITING_KINDS.includes(item.kind),
  );
  if (isError || waiting.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {isError ? t("waiting.failed") : t("waiting.none")}
      </Text>
    );
  }
  return (
    <Paper withBorder maw={640}>
      <NotificationEntries items={waiting} />
    </Paper>
  );
}
