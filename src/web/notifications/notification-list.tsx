import { Button, Center, Group, Loader, Text, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { NotificationItem } from "../../shared/notifications";
import classes from "./notification-panel.module.css";
import { useMarkRead, useNotifications } from "./notification-queries";
import { useNotificationTime } from "./notification-time";

function EntryContent({ item }: { item: NotificationItem }) {
  const { t } = useTranslation("notifications");
  const time = useNotificationTime();
  return (
    <>
      {/* Bold type and the coloured edge show it to the eye; this says it to a screen reader. */}
      {!item.read && <VisuallyHidden>{t("item.unread")}</VisuallyHidden>}
      <Text
        component="span"
        display="block"
        size="sm"
        fw={item.read ? 400 : 600}
        className={classes.text}
      >
        {item.text}
      </Text>
      <Text component="time" display="block" size="xs" c="dimmed" dateTime={item.createdAt}>
        {time(item.createdAt)}
      </Text>
    </>
  );
}

function Entry({ item, onFollow }: { item: NotificationItem; onFollow: () => void }) {
  const markRead = useMarkRead();

  function handleFollow() {
    onFollow();
    // Following a notice is reading it; the task page opens without waiting for the server.
    if (!item.read) void markRead.attempt(item.id);
  }

  const unread = item.read ? undefined : true;
  return (
    <li className={classes.item}>
      {item.link ? (
        <Link to={item.link} className={classes.entry} data-unread={unread} onClick={handleFollow}>
          <EntryContent item={item} />
        </Link>
      ) : (
        <div className={classes.entry} data-unread={unread}>
          <EntryContent item={item} />
        </div>
      )}
    </li>
  );
}

/**
 * The newest notifications, newest first, each leading to its task (or the task list, for a
 * digest); `onFollow` closes the panel as one is followed.
 */
export function NotificationList({ onFollow }: { onFollow: () => void }) {
  const { t } = useTranslation(["notifications", "common"]);
  const { data, isPending, isError, refetch } = useNotifications();

  if (isPending) {
    return (
      <Center p="md">
        <Loader size="sm" aria-label={t("common:loading")} />
      </Center>
    );
  }
  if (isError) {
    return (
      <Group gap="sm" p="md">
        <Text size="sm" c="dimmed">
          {t("list.failed")}
        </Text>
        <Button variant="default" size="xs" onClick={() => void refetch()}>
          {t("common:action.tryAgain")}
        </Button>
      </Group>
    );
  }
  if (data.notifications.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="md">
        {t("list.empty")}
      </Text>
    );
  }
  return <NotificationEntries items={data.notifications} onFollow={onFollow} />;
}

/** Notifications as the list shows them, each leading to its page and read once followed. */
export function NotificationEntries({
  items,
  onFollow = () => {},
}: {
  items: NotificationItem[];
  onFollow?: () => void;
}) {
  return (
    <ul className={classes.list}>
      {items.map((item) => (
        <Entry key={item.id} item={item} onFollow={onFollow} />
      ))}
    </ul>
  );
}
