import { and, count, desc, eq, isNull, lt } from "drizzle-orm";
import { emailKindsFor } from "../../shared/brief";
import { wantsEmail } from "../../shared/calendar";
import {
  EMAIL_KINDS,
  type EmailChoices,
  type EmailPreferences,
  NOTIFICATION_KEEP_DAYS,
  NOTIFICATION_MESSAGES,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationPage,
} from "../../shared/notifications";
import { type CurrentUser, isPlaceholderEmail } from "../../shared/users";
import type { Db } from "../db/client";
import { notificationPreferences, notifications, user } from "../db/schema";
import type { EventBus } from "../events/bus";
import { AppError } from "../http/errors";
import { readOfficeSettings } from "../office/settings";
import { announceNotifications } from "./notify";
import { entityPath, noticeText, TASKS_PATH } from "./texts";

const DAY_MS = 24 * 60 * 60_000;

/** The bell's list, marking read, and each person's mail choices. */
export function createNotificationService({
  db,
  events,
  clock,
}: {
  db: Db;
  events: EventBus;
  clock: () => Date;
}) {
  async function unreadOf(userId: string): Promise<number> {
    const [{ unread }] = await db
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return unread;
  }

  async function choicesOf(userId: string): Promise<EmailChoices | undefined> {
    const [row] = await db
      .select({ email: notificationPreferences.email })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
    return row?.email;
  }

  return {
    /** The newest notifications of the caller, their text in the caller's language. */
    async list(actor: CurrentUser, options: { unreadOnly: boolean }): Promise<NotificationPage> {
      const language = actor.language ?? "en";
      const rows = await db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, actor.id),
            options.unreadOnly ? isNull(notifications.readAt) : undefined,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(NOTIFICATIONS_PAGE_SIZE);
      return {
        notifications: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          text: noticeText(row.kind, row.values, language),
          link:
            row.entity && row.entityId
              ? entityPath(row.entity, row.entityId, actor.role)
              : row.kind === "digest"
                ? TASKS_PATH
                : null,
          createdAt: row.createdAt.toISOString(),
          read: row.readAt !== null,
        })),
        unread: await unreadOf(actor.id),
      };
    },

    async markRead(actor: CurrentUser, id: string): Promise<void> {
      const updated = await db
        .update(notifications)
        .set({ readAt: clock() })
        .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)))
        .returning({ id: notifications.id });
      // Someone else's notification is as absent as one that never was.
      if (updated.length === 0) throw new AppError("NOT_FOUND", NOTIFICATION_MESSAGES.notFound);
      announceNotifications(events, [actor.id]);
    },

    async markAllRead(actor: CurrentUser): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: clock() })
        .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)));
      announceNotifications(events, [actor.id]);
    },

    /** Each kind as it applies to the caller now: their choice, else the office's default. */
    async preferences(actor: CurrentUser): Promise<EmailPreferences> {
      const [choices, settings, [person]] = await Promise.all([
        choicesOf(actor.id),
        readOfficeSettings(db),
        db.select({ email: user.email }).from(user).where(eq(user.id, actor.id)),
      ]);
      return {
        email: Object.fromEntries(
          EMAIL_KINDS.map((kind) => [kind, wantsEmail(kind, choices, settings.emailDefaults)]),
        ) as EmailPreferences["email"],
        kinds: emailKindsFor(actor.role, EMAIL_KINDS),
        canReceiveMail: !!person && !isPlaceholderEmail(person.email),
      };
    },

    /**
     * Keeps the caller's choices for the kinds given; the others stay as they were, and a kind
     * not theirs to choose (the Daily Brief, for a user) is ignored.
     */
    async setPreferences(actor: CurrentUser, email: EmailChoices): Promise<EmailPreferences> {
      const theirs = Object.fromEntries(
        emailKindsFor(actor.role, EMAIL_KINDS)
          .filter((kind) => email[kind] !== undefined)
          .map((kind) => [kind, email[kind]]),
      );
      const merged = { ...(await choicesOf(actor.id)), ...theirs };
      await db
        .insert(notificationPreferences)
        .values({ userId: actor.id, email: merged })
        .onConflictDoUpdate({ target: notificationPreferences.userId, set: { email: merged } });
      return this.preferences(actor);
    },

    /** Drops notifications older than the centre keeps (the daily housekeeping). */
    async purgeOld(): Promise<number> {
      const before = new Date(clock().getTime() - NOTIFICATION_KEEP_DAYS * DAY_MS);
      const deleted = await db
        .delete(notifications)
        .where(lt(notifications.createdAt, before))
        .returning({ id: notifications.id });
      return deleted.length;
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
