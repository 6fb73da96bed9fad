import { Hono } from "hono";
import {
  emailPreferencesInput,
  NOTIFICATION_MESSAGES,
  notificationIdParam,
  notificationListQuery,
} from "../../shared/notifications";
import type { AppEnv } from "../http/context";
import { requireUser } from "../http/guards";
import { translateFor } from "../http/language";
import { validate } from "../http/validate";
import type { NotificationService } from "./service";

/** /api/notifications: each signed-in person's own notifications and mail choices. */
export function notificationRoutes(notifications: NotificationService) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/", validate("query", notificationListQuery), async (c) =>
      c.json(
        await notifications.list(c.var.user, {
          unreadOnly: c.req.valid("query").unread === "true",
        }),
      ),
    )
    .post("/read-all", async (c) => {
      await notifications.markAllRead(c.var.user);
      return c.json({ message: translateFor(c, NOTIFICATION_MESSAGES.allMarkedRead) });
    })
    .post("/:id/read", validate("param", notificationIdParam), async (c) => {
      await notifications.markRead(c.var.user, c.req.valid("param").id);
      return c.json({ message: translateFor(c, NOTIFICATION_MESSAGES.markedRead) });
    })
    .get("/preferences", async (c) => c.json(await notifications.preferences(c.var.user)))
    .put("/preferences", validate("json", emailPreferencesInput), async (c) => {
      const preferences = await notifications.setPreferences(c.var.user, c.req.valid("json").email);
      return c.json({
        preferences,
        message: translateFor(c, NOTIFICATION_MESSAGES.preferencesSaved),
      });
    });
}
