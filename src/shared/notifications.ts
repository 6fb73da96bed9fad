import * as z from "zod/mini";
import type { Message } from "./i18n/message";

/**
 * What people are told of, in the app and by e-mail (server/notifications/notify.ts):
 * - task_assigned: a task is now theirs (new, or handed to them);
 * - task_unassigned: a task of theirs went to someone else;
 * - task_due_date_changed, task_completed: to the assignee;
 * - task_progress: the assignee reported (remarks, response file): to the task's creator;
 * - task_super_overdue: the escalation rule moved a task: to heads and the task's creator;
 * - task_reply: an admin answered in a task's progress thread: to the assignee;
 * - task_marked, task_returned, task_pulled_back: a file marked onward (to its new holder),
 *   answered back (to the one who marked it), pulled back (to the one it was taken from);
 * - extension_requested: the assignee asked for a later due date: to the task's creator (or
 *   every admin when the creator's account is gone);
 * - extension_approved, extension_declined: the answer, to the assignee;
 * - digest: the morning's summary of a person's due and overdue tasks (working days only);
 * - engagement_created, _changed, _postponed, _cancelled: to an engagement's participants (the
 *   people in attendance with accounts), with the engagement's .ics attached to the mail.
 */
export const NOTIFICATION_KINDS = [
  "task_assigned",
  "task_unassigned",
  "task_due_date_changed",
  "task_completed",
  "task_progress",
  "task_super_overdue",
  "task_reply",
  "task_marked",
  "task_returned",
  "task_pulled_back",
  "extension_requested",
  "extension_approved",
  "extension_declined",
  "digest",
  "daily_brief",
  "engagement_created",
  "engagement_changed",
  "engagement_postponed",
  "engagement_cancelled",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** The kinds about one engagement. */
export type EngagementNotificationKind = Extract<NotificationKind, `engagement_${string}`>;
/** The kinds about one task (all but the digest and the engagements'). */
export type TaskNotificationKind = Exclude<NotificationKind, "digest" | EngagementNotificationKind>;
/** The kinds about one task or one engagement: each has a mail subject of its own. */
export type EntityNotificationKind = TaskNotificationKind | EngagementNotificationKind;

/** The mails a person can switch on or off: one per kind of notification. */
export const EMAIL_KINDS = NOTIFICATION_KINDS;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export type EmailChoices = Partial<Record<EmailKind, boolean>>;

export const NOTIFICATION_ENTITIES = ["task", "engagement"] as const;
export type NotificationEntity = (typeof NOTIFICATION_ENTITIES)[number];

/**
 * What a notification's text is filled with: a task's or an engagement's subject, dates
 * (yyyy-MM-dd), a name; an engagement's time (HH:mm) and venue (stored value); a digest's counts.
 */
export type NotificationValues = {
  subject?: string;
  dueDate?: string;
  previousDueDate?: string;
  /** Why: an extension request's reason, or the reason it was declined. */
  reason?: string;
  by?: string;
  date?: string;
  time?: string;
  venue?: string;
  /** Told because they were taken off an engagement's participants. */
  attendance?: "removed";
  dueToday?: number;
  dueSoon?: number;
  overdue?: number;
};

/** A notification as the bell's list shows it, its text in the reader's language. */
export type NotificationItem = {
  id: string;
  kind: NotificationKind;
  text: string;
  /** The page it links to (/task/{id}, the reader's role's engagement chart), or null. */
  link: string | null;
  createdAt: string;
  read: boolean;
};

export type NotificationPage = { notifications: NotificationItem[]; unread: number };

export const NOTIFICATIONS_PAGE_SIZE = 30;
/** How long the centre keeps a notification. */
export const NOTIFICATION_KEEP_DAYS = 90;

export const NOTIFICATION_MESSAGES = {
  notFound: "notifications:notFound",
  markedRead: "notifications:markedRead",
  allMarkedRead: "notifications:allMarkedRead",
  preferencesSaved: "notifications:preferencesSaved",
  resent: "office:outbox.resent",
  notResendable: "office:outbox.notResendable",
  outboxNotFound: "office:outbox.notFound",
  placeholderNotSent: "office:outbox.placeholderNotSent",
} as const satisfies Record<string, Message>;

export const notificationListQuery = z.object({
  unread: z.optional(z.enum(["true", "false"])),
});

export const notificationIdParam = z.object({
  id: z.guid(NOTIFICATION_MESSAGES.notFound),
});

/** A person's mail choices (Preferences page); kinds left out follow the office's defaults. */
export const emailPreferencesInput = z.object({
  email: z.partialRecord(z.enum(EMAIL_KINDS), z.boolean()),
});
export type EmailPreferencesInput = z.infer<typeof emailPreferencesInput>;

export type EmailPreferences = {
  /** Each kind as it applies to the person now (their choice, else the office's default). */
  email: Record<EmailKind, boolean>;
  /** The kinds this person may choose (the Daily Brief is for admins and organization heads). */
  kinds: EmailKind[];
  /** A User ID account without a real address gets in-app notifications only. */
  canReceiveMail: boolean;
};

/** The admin outbox (every mail the app queued), newest first. */
export const OUTBOX_STATES = ["queued", "running", "done", "failed"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export const outboxQuery = z.object({
  state: z.catch(z._default(z.enum(["all", ...OUTBOX_STATES]), "all"), "all"),
  page: z.catch(z._default(z.coerce.number().check(z.int(), z.gte(1)), 1), 1),
});
export type OutboxQuery = z.input<typeof outboxQuery>;

export const outboxIdParam = z.object({ id: z.guid(NOTIFICATION_MESSAGES.outboxNotFound) });

export const OUTBOX_PAGE_SIZE = 25;

export type OutboxItem = {
  id: string;
  to: string;
  recipientName: string | null;
  subject: string;
  state: OutboxState;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  runAt: string;
  finishedAt: string | null;
};

export type OutboxPage = { messages: OutboxItem[]; total: number; page: number; pageSize: number };
