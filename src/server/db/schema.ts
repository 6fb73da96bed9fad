import { relations, type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_RULES, type AuditChanges } from "../../shared/audit";
import type { OfficeSettings } from "../../shared/calendar";
import { DECISION_OUTCOMES } from "../../shared/decisions";
import { STORED_ENGAGEMENT_STATUSES, VENUES } from "../../shared/engagements";
import { LANGUAGES } from "../../shared/i18n/languages";
import {
  type EmailChoices,
  NOTIFICATION_ENTITIES,
  NOTIFICATION_KINDS,
  type NotificationValues,
} from "../../shared/notifications";
import { ROLES } from "../../shared/roles";
import {
  EXTENSION_STATUSES,
  PROGRESS_ENTRY_KINDS,
  TASK_STATUSES,
  TASK_TYPES,
} from "../../shared/tasks";
import { SAVED_VIEW_LISTS } from "../../shared/views";
import { JOB_KINDS, JOB_STATES, type JobPayload } from "../jobs/kinds";

/** `column in ('a', 'b')` for a check constraint; the values are our own constants, never input. */
function oneOf(column: SQL | ReturnType<typeof text>, values: readonly string[]): SQL {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");
  return sql`${column} in (${sql.raw(list)})`;
}

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * The record's edit count, moved by a trigger on every update whatever wrote it (drizzle/0025):
 * an edit carries the version it was opened on, and a save against a newer one is refused
 * (server/versions.ts).
 */
const version = () => integer("version").notNull().default(1);

// better-auth tables (core + username and admin plugins). The user row also carries what
// SPEC.md calls profiles (full_name = name, email) and user_roles (role): see
// docs/decisions/001-profiles-and-roles-on-the-user-row.md.
export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    username: text("username").unique(),
    displayUsername: text("display_username"),
    role: text("role", { enum: ROLES }).notNull().default("user"),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    /** Signed up while SIGNUP_ENABLED=approval and not yet approved by an administrator. */
    pendingApproval: boolean("pending_approval").notNull().default(false),
    /**
     * The language of the person's pages, mail and API messages; follows them to any browser.
     * Null until chosen (or, in the web app, until the first sign-in, which keeps the page's).
     */
    language: text("language", { enum: LANGUAGES }),
    /** Moved by changes to what Edit Account shows: name, e-mail, role (drizzle/0026). */
    version: version(),
    /**
     * Whether another account has the same name (letter case aside), kept by a trigger
     * (drizzle/0027): lists and exports then show the User ID beside it (displayNameOf).
     */
    nameShared: boolean("name_shared").notNull().default(false),
  },
  (t) => [
    check("user_role_check", oneOf(sql`${t.role}`, ROLES)),
    check("user_language_check", oneOf(sql`${t.language}`, LANGUAGES)),
  ],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

// Relations let the auth library read a session with its user in one query (a join) on every
// signed-in request, instead of a second round trip for the user (auth/auth.ts: joins).
export const userRelations = relations(user, ({ many }) => ({
  sessions: many(session),
  accounts: many(account),
}));
export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));
export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const SIGN_IN_SCOPES = ["account", "address", "account_address"] as const;

/**
 * Recent failed sign-ins per account tried, per client address and per (account, address)
 * pair, shared by every app instance; past a few, each failure pushes `blockedUntil`
 * further out (auth/throttle.ts, docs/decisions/006).
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    scope: text("scope", { enum: SIGN_IN_SCOPES }).notNull(),
    key: text("key").notNull(),
    failures: integer("failures").notNull().default(0),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    check("sign_in_failures_scope_check", oneOf(sql`${t.scope}`, SIGN_IN_SCOPES)),
  ],
);

export const tasks = pgTable(
  "tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subject: text("subject").notNull(),
    description: text("description"),
    // Restrict: a user with tasks cannot disappear; their tasks are handed over first.
    assignedTo: text("assigned_to")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    assignDate: date("assign_date").notNull(),
    dueDate: date("due_date").notNull(),
    /**
     * The due date the task was given when created, kept once the due date first moves (an
     * approved extension, an admin's edit with a reason); null while it has never moved.
     */
    originalDueDate: date("original_due_date"),
    status: text("status", { enum: TASK_STATUSES }).notNull().default("in_progress"),
    remarks: text("remarks"),
    taskType: text("task_type", { enum: TASK_TYPES }).notNull().default("Task"),
    attachmentName: text("attachment_name"),
    attachmentPath: text("attachment_path"),
    completionDate: date("completion_date"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check("tasks_status_check", oneOf(sql`${t.status}`, TASK_STATUSES)),
    check("tasks_task_type_check", oneOf(sql`${t.taskType}`, TASK_TYPES)),
    check("tasks_subject_not_blank", sql`length(trim(${t.subject})) > 0`),
    // Lists are ordered by (created_at desc, id desc); each index ends in exactly that order
    // (PostgreSQL's desc means nulls first) so a page is read straight off the index instead
    // of sorting every matching row.
    index("tasks_assigned_to_idx").on(
      t.assignedTo,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("tasks_status_idx").on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("tasks_due_date_idx").on(t.dueDate),
    // Serves the assign-date filter, and lets the performance report aggregate a period from
    // the index alone (an index-only scan) instead of reading every task row.
    index("tasks_assign_date_idx").on(
      t.assignDate,
      t.assignedTo,
      t.status,
      t.dueDate,
      t.completionDate,
      t.originalDueDate,
    ),
    index("tasks_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Keeps the overdue sweep (src/server/tasks/overdue.ts) an index lookup.
    index("tasks_in_progress_due_idx").on(t.dueDate).where(sql`${t.status} = 'in_progress'`),
    // Open work is a fraction of the archive. These keep what reads only open tasks (the Daily
    // Brief's lists, the digest, the Pendency page's buckets and each person's oldest)
    // off the completed ones: at 1,000,000 tasks a due-date index read 43,000 super-delayed rows among
    // 956,000 others, and the Pendency page counted every open task from the table.
    index("tasks_open_due_idx")
      .on(t.dueDate, t.createdAt, t.assignDate)
      .where(sql`${t.status} <> 'completed'`),
    index("tasks_open_holder_idx")
      .on(t.assignedTo, t.dueDate, t.createdAt, t.id)
      .where(sql`${t.status} <> 'completed'`),
    // Completions by date (this week's, the digest's yesterday), from the index alone.
    index("tasks_completed_on_idx")
      .on(t.completionDate, t.assignedTo, t.dueDate, t.assignDate)
      .where(sql`${t.status} = 'completed'`),
  ],
);

/**
 * How many tasks each person has in each status. Statement triggers on tasks keep it exact in
 * the writing transaction (drizzle/0005_task_counts.sql), so list totals and stat cards sum
 * these few rows instead of counting every task.
 */
export const taskCounts = pgTable(
  "task_counts",
  {
    assignedTo: text("assigned_to")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status", { enum: TASK_STATUSES }).notNull(),
    total: integer("total").notNull(),
  },
  (t) => [primaryKey({ columns: [t.assignedTo, t.status] })],
);

/**
 * How many tasks the department has in each status: task_counts summed over every person, kept
 * by the same triggers (drizzle/0019_task_status_counts.sql), so the department's list total
 * and stat cards read four rows instead of one per person and status (11,970 for 3,000 people).
 */
export const taskStatusCounts = pgTable("task_status_counts", {
  status: text("status", { enum: TASK_STATUSES }).primaryKey(),
  total: integer("total").notNull(),
});

/**
 * Each person's tasks by the month of their assign date, measured as the performance report
 * measures them, kept by the same triggers (drizzle/0020_task_month_counts.sql). A year's
 * report sums about twelve rows a person and reads only the partial months at its ends from
 * the tasks: at 1,000,000 tasks it had read half a million index rows per period.
 */
export const taskMonthCounts = pgTable(
  "task_month_counts",
  {
    /** The first day of the month. */
    month: date("month").notNull(),
    assignedTo: text("assigned_to")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    total: integer("total").notNull(),
    completed: integer("completed").notNull(),
    inProgress: integer("in_progress").notNull(),
    delayed: integer("delayed").notNull(),
    onTime: integer("on_time").notNull(),
    onTimeOriginal: integer("on_time_original").notNull(),
    /** Days from assign date to completion date, summed over the completed tasks that have one. */
    completedDays: integer("completed_days").notNull(),
    completedDated: integer("completed_dated").notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.assignedTo] })],
);

/**
 * The department's tasks by day, as the Pendency page's trend counts them, kept by the same
 * triggers (drizzle/0023_task_day_counts.sql): tasks assigned on the day, completed on it, and
 * how the number overdue changes on it (+1 on a task's first overdue day, -1 on its completion
 * date), so "overdue on day r" is the sum up to r. At 1,000,000 tasks the trend had read some
 * 175,000 index rows per request.
 */
export const taskDayCounts = pgTable("task_day_counts", {
  day: date("day").primaryKey(),
  opened: integer("opened").notNull(),
  completed: integer("completed").notNull(),
  overdueChange: integer("overdue_change").notNull(),
});

export const taskProgressFiles = pgTable(
  "task_progress_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    filePath: text("file_path").notNull(),
    fileType: text("file_type").notNull(),
    createdAt: createdAt(),
  },
  // One response file per task, enforced by the database so concurrent uploads cannot both win.
  (t) => [uniqueIndex("task_progress_files_task_id_key").on(t.taskId)],
);

/**
 * A task's progress thread (issue 16): each Update Task Progress adds an entry, and admins reply
 * in it; the task's `remarks` is the latest progress entry's text (SPEC's "current remarks").
 */
export const taskProgressEntries = pgTable(
  "task_progress_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The thread's order: entries written in one instant (or one test's fixed clock) keep it. */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    kind: text("kind", { enum: PROGRESS_ENTRY_KINDS }).notNull(),
    body: text("body").notNull(),
    /** The response file sent with this update, by name. */
    fileName: text("file_name"),
    createdAt: createdAt(),
  },
  (t) => [
    check("task_progress_entries_kind_check", oneOf(sql`${t.kind}`, PROGRESS_ENTRY_KINDS)),
    index("task_progress_entries_task_idx").on(t.taskId, t.seq),
  ],
);

/**
 * An assignee's request for a later due date, answered by an admin. One pending request per
 * task, held by the database so two racing requests cannot both be pending.
 */
export const taskExtensionRequests = pgTable(
  "task_extension_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    /** The due date when asked, and the one asked for. */
    previousDueDate: date("previous_due_date").notNull(),
    requestedDueDate: date("requested_due_date").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: EXTENSION_STATUSES }).notNull().default("pending"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionReason: text("decision_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    check("task_extension_requests_status_check", oneOf(sql`${t.status}`, EXTENSION_STATUSES)),
    uniqueIndex("task_extension_requests_one_pending")
      .on(t.taskId)
      .where(sql`${t.status} = 'pending'`),
    index("task_extension_requests_status_idx").on(t.status, t.createdAt),
    index("task_extension_requests_task_idx").on(t.taskId, t.createdAt),
  ],
);

export const engagements = pgTable(
  "engagements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    date: date("date").notNull(),
    time: time("time").notNull(),
    subject: text("subject").notNull(),
    venue: text("venue", { enum: VENUES }).notNull(),
    responsibility: text("responsibility").notNull(),
    status: text("status", { enum: STORED_ENGAGEMENT_STATUSES }).notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    /**
     * The iCalendar SEQUENCE of the invitations mailed to participants: one more on each
     * change, so calendar software takes the latest mail over an earlier one.
     */
    sequence: integer("sequence").notNull().default(0),
    /** The earlier meeting this one follows up: its decisions open this one's agenda. */
    followUpOf: uuid("follow_up_of").references((): AnyPgColumn => engagements.id, {
      onDelete: "set null",
    }),
    /** People in attendance without an account, by name as written. */
    guests: jsonb("guests").$type<string[]>().notNull().default([]),
    /** The minutes, sanitised HTML (engagements/minutes.ts); empty until written. */
    minutes: text("minutes").notNull().default(""),
    /** The date it was first set for, kept from its first postponement on; null until then. */
    originalDate: date("original_date"),
    /** Why it was postponed or cancelled, shown beside the status. */
    statusReason: text("status_reason"),
    /**
     * Three parts edited apart, each with its own version (drizzle/0026), so saving the agenda
     * does not make an open Edit Engagement stale: the details (moved by any write of them),
     * the agenda (moved by its save) and the minutes.
     */
    version: version(),
    agendaVersion: integer("agenda_version").notNull().default(1),
    minutesVersion: integer("minutes_version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("engagements_venue_check", oneOf(sql`${t.venue}`, VENUES)),
    check("engagements_status_check", oneOf(sql`${t.status}`, STORED_ENGAGEMENT_STATUSES)),
    index("engagements_date_time_idx").on(t.date, t.time),
    index("engagements_follow_up_of_idx").on(t.followUpOf),
  ],
);

/** An engagement's agenda, in order; decisions name the item they were taken on. */
export const engagementAgendaItems = pgTable(
  "engagement_agenda_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    engagementId: uuid("engagement_id")
      .notNull()
      .references(() => engagements.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    /** Who presents it, free text: an officer, a guest, a department. */
    presenter: text("presenter").notNull().default(""),
  },
  (t) => [index("engagement_agenda_items_engagement_idx").on(t.engagementId, t.position)],
);

/**
 * A decision recorded in an engagement's minutes. An action has an owner and a due date and
 * is carried out as a task of type Request (`taskId`); a regretted one has a reason; a noted
 * one asks nothing. Its status is read from its task (shared/decisions.ts).
 */
export const engagementDecisions = pgTable(
  "engagement_decisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Creation order within the minutes, whatever the clock says. */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    engagementId: uuid("engagement_id")
      .notNull()
      .references(() => engagements.id, { onDelete: "cascade" }),
    agendaItemId: uuid("agenda_item_id").references(() => engagementAgendaItems.id, {
      onDelete: "set null",
    }),
    description: text("description").notNull(),
    outcome: text("outcome", { enum: DECISION_OUTCOMES }).notNull(),
    ownerId: text("owner_id").references(() => user.id, { onDelete: "set null" }),
    dueDate: date("due_date"),
    /** The task that carries an action out; null once that task is deleted. */
    taskId: uuid("task_id").references(() => tasks.id, { onDelete: "set null" }),
    /**
     * That task's status and due date, kept by triggers (drizzle/0021, 0024), null with no
     * task: the report counts a year's decisions done, and the Decisions page filters, counts
     * and sorts them, without looking up their tasks (30,000 to 71,000 at 1,000,000 tasks).
     */
    taskStatus: text("task_status", { enum: TASK_STATUSES }),
    taskDueDate: date("task_due_date"),
    reason: text("reason"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    /** Moved by edits of the decision, not by its task's status kept above (drizzle/0026). */
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    check("engagement_decisions_outcome_check", oneOf(sql`${t.outcome}`, DECISION_OUTCOMES)),
    index("engagement_decisions_engagement_idx").on(t.engagementId, t.seq),
    index("engagement_decisions_owner_idx").on(t.ownerId),
    uniqueIndex("engagement_decisions_task_idx").on(t.taskId),
    // The actions that can still be pending (their task in progress, or none): the Pendency
    // page counts them per owner from a thousand entries, where it read all 71,457 decisions.
    index("engagement_decisions_open_idx")
      .on(t.ownerId)
      .where(
        sql`${t.outcome} = 'action' and (${t.taskId} is null or ${t.taskStatus} = 'in_progress')`,
      ),
  ],
);

/**
 * The people in attendance who have accounts: they are told of the engagement (created,
 * changed, postponed, cancelled). "In Attendance" (responsibility) stays the chart's free text.
 */
export const engagementParticipants = pgTable(
  "engagement_participants",
  {
    engagementId: uuid("engagement_id")
      .notNull()
      .references(() => engagements.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.engagementId, t.userId] }),
    // A deleted account's rows go with it (the cascade looks them up by user).
    index("engagement_participants_user_idx").on(t.userId),
  ],
);

/** Each person's secret calendar-feed token: read access to engagements, nothing else. */
export const calendarFeedTokens = pgTable("calendar_feed_tokens", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Background work (jobs/runner.ts): written in the transaction of the change that causes it,
 * claimed with FOR UPDATE SKIP LOCKED, so each job runs once across instances. A claim is a
 * lease: a worker that dies mid-job leaves it to be claimed again when the lease runs out.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: JOB_KINDS }).notNull(),
    payload: jsonb("payload").$type<JobPayload>().notNull(),
    state: text("state", { enum: JOB_STATES }).notNull().default("queued"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** Work that must not be queued twice (a batched mail): one queued job per key. */
    dedupeKey: text("dedupe_key"),
    /** The person a mail is for, so the outbox can name them and preferences can apply. */
    recipientId: text("recipient_id").references(() => user.id, { onDelete: "set null" }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("jobs_kind_check", oneOf(sql`${t.kind}`, JOB_KINDS)),
    check("jobs_state_check", oneOf(sql`${t.state}`, JOB_STATES)),
    index("jobs_due_idx").on(t.runAt).where(sql`${t.state} in ('queued', 'running')`),
    index("jobs_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    uniqueIndex("jobs_queued_dedupe_key").on(t.dedupeKey).where(sql`${t.state} = 'queued'`),
  ],
);

/**
 * One row per run of a schedule (digest of a day, escalation check of a day): whoever inserts
 * it runs that slot, so several instances run each schedule once.
 */
export const scheduleRuns = pgTable(
  "schedule_runs",
  {
    schedule: text("schedule").notNull(),
    slot: text("slot").notNull(),
    claimedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schedule, t.slot] })],
);

/** The in-app notification centre: per person, read or not, kept 90 days. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    /** What it is about, for the link: a task or an engagement. */
    entity: text("entity", { enum: NOTIFICATION_ENTITIES }),
    entityId: text("entity_id"),
    /** The values its catalog text is filled with (subject, dates, names). */
    values: jsonb("values").$type<NotificationValues>().notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("notifications_kind_check", oneOf(sql`${t.kind}`, NOTIFICATION_KINDS)),
    index("notifications_user_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    index("notifications_created_at_idx").on(t.createdAt),
  ],
);

/** Which mails a person gets, per kind; a kind not listed follows the office's defaults. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  email: jsonb("email").$type<EmailChoices>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * A list's filters saved under a name (its query string). Private to its owner unless an admin
 * shares it with everyone who can open that list.
 */
export const savedViews = pgTable(
  "saved_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    list: text("list", { enum: SAVED_VIEW_LISTS }).notNull(),
    name: text("name").notNull(),
    /** The list's query string without its page, as the address bar holds it ("status=overdue"). */
    query: text("query").notNull(),
    shared: boolean("shared").notNull().default(false),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("saved_views_list_check", oneOf(sql`${t.list}`, SAVED_VIEW_LISTS)),
    check("saved_views_name_not_blank", sql`length(trim(${t.name})) > 0`),
    uniqueIndex("saved_views_owner_list_name").on(t.ownerId, t.list, t.name),
    index("saved_views_shared_idx").on(t.list).where(sql`${t.shared}`),
  ],
);

/** The views a person has pinned in their sidebar: their own, or ones shared with them. */
export const savedViewPins = pgTable(
  "saved_view_pins",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    viewId: uuid("view_id")
      .notNull()
      .references(() => savedViews.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.viewId] }),
    index("saved_view_pins_view_idx").on(t.viewId),
  ],
);

/** Gazetted holidays: no working day (escalation and "due in N working days" skip them). */
export const holidays = pgTable(
  "holidays",
  {
    date: date("date").primaryKey(),
    name: text("name").notNull(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [check("holidays_name_not_blank", sql`length(trim(${t.name})) > 0`)],
);

/** The office's settings: one row (id 1), written by the first save; until then the defaults apply. */
export const officeSettings = pgTable(
  "office_settings",
  {
    id: integer("id").primaryKey().default(1),
    settings: jsonb("settings").$type<OfficeSettings>().notNull(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [check("office_settings_one_row", sql`${t.id} = 1`)],
);

/**
 * The audit trail: one row per change, append-only (a trigger refuses UPDATE, DELETE and
 * TRUNCATE; migration 0012) and hash-chained in `id` order: `hash` covers the row's content and
 * `prev_hash`, the row before's `hash` (server/audit/chain.ts). No foreign keys: a record
 * outlives the account, task or engagement it names.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    /** The chain's order, given out under the chain head's lock (not a sequence, which skips). */
    id: bigint("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** The person who acted, or null when a rule did. */
    actorId: text("actor_id"),
    /** Their name then (an account may later be renamed or deleted); the rule's key otherwise. */
    actorName: text("actor_name").notNull(),
    actorRule: text("actor_rule", { enum: AUDIT_RULES }),
    entity: text("entity", { enum: AUDIT_ENTITIES }).notNull(),
    entityId: text("entity_id").notNull(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    changes: jsonb("changes").$type<AuditChanges>().notNull(),
    reason: text("reason"),
    requestId: text("request_id"),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    check("audit_events_entity_check", oneOf(sql`${t.entity}`, AUDIT_ENTITIES)),
    check("audit_events_action_check", oneOf(sql`${t.action}`, AUDIT_ACTIONS)),
    // Descending with nulls first, as `order by id desc` reads: a filtered page is read straight
    // off the index (a plain desc() means nulls last, which that order cannot use).
    index("audit_events_entity_idx").on(t.entity, t.entityId, t.id.desc().nullsFirst()),
    index("audit_events_actor_idx").on(t.actorId, t.id.desc().nullsFirst()),
    index("audit_events_at_idx").on(t.at),
  ],
);

/**
 * How many audit rows there are per record type, action and actor ('' for a rule), kept by a
 * statement trigger on insert (migration 0014; rows are never updated or deleted), so the Audit
 * Log's total is a sum over a few rows instead of a count over the whole trail.
 */
export const auditCounts = pgTable(
  "audit_counts",
  {
    entity: text("entity", { enum: AUDIT_ENTITIES }).notNull(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    actorId: text("actor_id").notNull().default(""),
    total: bigint("total", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.entity, t.action, t.actorId] })],
);

/**
 * The last row the Audit Log's chain status verified (one row, absent until the first walk), so
 * a restart does not walk a trail of millions again: the next walk starts after it once that
 * row is found unchanged (server/audit/verify.ts). `npm run audit:verify` ignores it.
 */
export const auditCheckpoint = pgTable(
  "audit_checkpoint",
  {
    id: integer("id").primaryKey(),
    lastId: bigint("last_id", { mode: "number" }).notNull(),
    lastHash: text("last_hash").notNull(),
  },
  (t) => [check("audit_checkpoint_single_row", sql`${t.id} = 1`)],
);

/**
 * The chain's head: one row, locked by every writer of the trail for the rest of its
 * transaction, so rows get consecutive ids and each chains to the one committed before it.
 */
export const auditChain = pgTable(
  "audit_chain",
  {
    id: integer("id").primaryKey(),
    lastId: bigint("last_id", { mode: "number" }).notNull(),
    lastHash: text("last_hash").notNull(),
  },
  (t) => [check("audit_chain_single_row", sql`${t.id} = 1`)],
);
