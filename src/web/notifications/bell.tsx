import { ActionIcon, Badge, Center, Loader, Popover } from "@mantine/core";
import { lazy, Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { BellIcon } from "../ui/icons";
import classes from "./bell.module.css";
import { useNotifications } from "./notification-queries";

// The panel loads on the first hover, focus or click: the bell is on every page, the list is
// opened on few of them.
const loadPanel = () => import("./notification-panel");
const NotificationPanel = lazy(() =>
  loadPanel().then(({ NotificationPanel }) => ({ default: NotificationPanel })),
);

const PANEL_WIDTH = 384;

/** Beyond this the badge says "99+": a wider badge would crowd the header on a phone. */
const MOST_COUNTED = 99;

/** The header's bell: how many notifications are unread, and the newest of them on a click. */
export function NotificationBell() {
  const { t } = useTranslation(["notifications", "common"]);
  const [isOpen, setIsOpen] = useState(false);
  const titleId = useId();
  const { data } = useNotifications();
  const unread = data?.unread ?? 0;

  function handlePreload() {
    void loadPanel();
  }

  return (
    <span className={classes.bell}>
      <Popover
        opened={isOpen}
        onChange={setIsOpen}
        position="bottom-end"
        width={PANEL_WIDTH}
        shadow="md"
        middlewares={{ flip: true, shift: { padding: 8 } }}
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t("bell.label", { count: unread })}
            onClick={() => setIsOpen((open) => !open)}
            onPointerEnter={handlePreload}
            onFocus={handlePreload}
          >
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
        {/* Named by the panel's title rather than by the bell, whose name changes with the count. */}
        <Popover.Dropdown className={classes.dropdown} p={0} aria-labelledby={titleId}>
          <Suspense
            fallback={
              <Center p="md">
                <Loader size="sm" aria-label={t("common:loading")} />
              </Center>
            }
          >
            <NotificationPanel titleId={titleId} onClose={() => setIsOpen(false)} />
          </Suspense>
        </Popover.Dropdown>
      </Popover>
      {unread > 0 && (
        // The bell's name says the count; the badge only shows it.
        <Badge className={classes.count} color="red.9" size="sm" circle={unread < 10} aria-hidden>
          {unread > MOST_COUNTED ? `${MOST_COUNTED}+` : unread}
        </Badge>
      )}
    </span>
  );
}
