import { Anchor, Box, Button, Group, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NotificationList } from "./notification-list";
import classes from "./notification-panel.module.css";
import { useMarkAllRead, useNotifications } from "./notification-queries";

/** Where the mails' footer and List-Unsubscribe lead too. */
const PREFERENCES_PATH = "/preferences";

/** The bell's popover: its title, Mark all as read, the list, and the way to the preferences. */
export function NotificationPanel({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const { t } = useTranslation("notifications");
  const { data } = useNotifications();
  const markAllRead = useMarkAllRead();
  // Looks disabled but keeps focus (a disabled button would drop it to the page, and Escape
  // would then no longer close the panel): there is nothing to mark, or it is being marked.
  const canMarkAll = (data?.unread ?? 0) > 0 && !markAllRead.isPending;

  function handleMarkAllRead() {
    if (canMarkAll) void markAllRead.attempt();
  }

  return (
    <>
      <Group
        justify="space-between"
        wrap="nowrap"
        gap="xs"
        px="md"
        py="xs"
        className={classes.header}
      >
        <Title order={2} size="h5" id={titleId}>
          {t("panel.title")}
        </Title>
        <Button
          variant="subtle"
          size="compact-sm"
          data-disabled={!canMarkAll || undefined}
          aria-disabled={!canMarkAll}
          onClick={handleMarkAllRead}
        >
          {t("action.markAllRead")}
        </Button>
      </Group>
      <Box className={classes.scroller}>
        <NotificationList onFollow={onClose} />
      </Box>
      <Box px="md" py="xs" className={classes.footer}>
        <Anchor component={Link} to={PREFERENCES_PATH} size="sm" onClick={onClose}>
          {t("action.preferences")}
        </Anchor>
      </Box>
    </>
  );
}
