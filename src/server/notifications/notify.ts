import { eq, inArray } from "drizzle-orm";
import { wantsEmail } from "../../shared/calendar";
import type { Language } from "../../shared/i18n/languages";
import { fullI18n as i18n } from "../../shared/i18n/server-instance";
import type {
  EntityNotificationKind,
  NotificationEntity,
  NotificationValues,
} from "../../shared/notifications";
import { isPlaceholderEmail } from "../../shared/users";
import type { Db } from "../db/client";
import { notificationPreferences, notifications, user } from "../db/schema";
import type { EventBus } from "../events/bus";
import { queueMail } from "../jobs/queue";
import type { MailAttachment } from "../mail/mailer";
import { renderMail } from "../mail/templates";
import { readOfficeSettings } from "../office/settings";
import { entityPath, noticeSubject, noticeText, PREFERENCES_PATH } from "./texts";

/** Rows per insert: far under PostgreSQL's 65,535 parameters per statement. */
const ROWS_PER_INSERT = 1000;

/** Writes in-app notifications, however many (an escalation may tell heads of hundreds). */
export async function insertNotifications(
  tx: Db,
  rows: (typeof notifications.$inferInsert)[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT)
    await tx.insert(notifications).values(rows.slice(start, start + ROWS_PER_INSERT));
}

/** Something a few people are told of, about one task or one engagement. */
export type Notice = {
  kind: EntityNotificationKind;
  /** Who is told (user ids); the person who acted never is. */
  to: readonly (string | null | undefined)[];
  /** What it is about: where the bell and the mail lead, and whose mails are batched. */
  entity: NotificationEntity;
  entityId: string;
  values: NotificationValues;
  actorId?: string;
  /** Files each mail carries, in its reader's language (an engagement's .ics). */
  attachments?: (language: Language) => MailAttachment[];
};

/** The button of each entity's mail. */
const ACTION_LABELS = {
  task: "mail.openTask",
  engagement: "mail.openEngagementChart",
} as const satisfies Record<NotificationEntity, string>;

/**
 * Mails of these kinds wait this long, and one waiting mail per task and person takes the
 * notices that come meanwhile: an assignee's afternoon of updates is one mail, not ten.
 */
const MAIL_BATCH_MS: Partial<Record<EntityNotificationKind, number>> = {
  task_progress: 15 * 60_000,
};

export type Notifier = {
  /**
   * Records `notice` for each of its people, in the app and as queued mails, inside `tx`: the
   * change that causes it commits with it or not at all. Answers who was told, for the live
   * announcement the caller makes once the transaction has committed.
   */
  notify(tx: Db, notice: Notice): Promise<string[]>;
};

export function createNotifier({ appUrl, clock }: { appUrl: string; clock: () => Date }): Notifier {
  return {
    async notify(tx, notice) {
      const { kind, entity, entityId, values } = notice;
      const recipients = [
        ...new Set(notice.to.filter((id): id is string => !!id && id !== notice.actorId)),
      ];
      if (recipients.length === 0) return [];
      await insertNotifications(
        tx,
        recipients.map((userId) => ({
          userId,
          kind,
          entity,
          entityId,
          values,
        })),
      );
      const people = await tx
        .select({
          id: user.id,
          email: user.email,
          name: user.name,
          language: user.language,
          role: user.role,
          choices: notificationPreferences.email,
        })
        .from(user)
        .leftJoin(notificationPreferences, eq(notificationPreferences.userId, user.id))
        .where(inArray(user.id, recipients));
      const { emailDefaults } = await readOfficeSettings(tx);
      const batchMs = MAIL_BATCH_MS[kind];
      for (const person of people) {
        // Placeholder addresses (User ID accounts) are never mailed: the bell is theirs.
        if (isPlaceholderEmail(person.email)) continue;
        if (!wantsEmail(kind, person.choices ?? undefined, emailDefaults)) continue;
        const language = person.language ?? "en";
        const t = i18n.getFixedT(language, "notifications");
        const attachments = notice.attachments?.(language) ?? [];
        const mail = renderMail(
          person.email,
          person.name,
          {
            subject: noticeSubject(kind, values, language),
            paragraphs: [
              noticeText(kind, values, language),
              ...(attachments.length ? [t("mail.calendarAttached")] : []),
            ],
            action: {
              label: t(ACTION_LABELS[entity]),
              url: `${appUrl}${entityPath(entity, entityId, person.role)}`,
            },
            footer: { text: t("mail.preferences"), url: `${appUrl}${PREFERENCES_PATH}` },
          },
          language,
        );
        await queueMail(tx, appUrl, attachments.length ? { ...mail, attachments } : mail, {
          runAt: new Date(clock().getTime() + (batchMs ?? 0)),
          recipientId: person.id,
          dedupeKey: batchMs ? `${kind}:${entityId}:${person.id}` : undefined,
          unsubscribeUrl: `${appUrl}${PREFERENCES_PATH}`,
        });
      }
      return recipients;
    },
  };
}

/** Tells the people notified that their bell has news; after the transaction has committed. */
export function announceNotifications(events: EventBus, recipients: readonly string[]): void {
  for (const id of recipients) events.emit({ entity: "notification", id, action: "created" });
}
