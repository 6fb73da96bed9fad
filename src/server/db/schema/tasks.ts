import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { MARK_PURPOSES } from "../../../shared/dak";
import {
  EXTENSION_STATUSES,
  PROGRESS_ENTRY_KINDS,
  TASK_STATUSES,
  TASK_TYPES,
} from "../../../shared/tasks";
import { createdAt, oneOf, updatedAt, version } from "./columns";
import { user } from "./users";

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
    /**
     * Made from, or linked to, a Confidential or Secret receipt (server/dak/): read only by
     * admins and its assignee, and absent from organization heads' lists.
     */
    restricted: boolean("restricted").notNull().default(false),
    /**
     * The holding now (task_markings, docs/decisions/034): why the holder has it, to whom they
     * answer (who closes it for comments, approval or signature), and since when.
     */
    purpose: text("purpose", { enum: MARK_PURPOSES }).notNull().default("action"),
    markedBy: text("marked_by").references(() => user.id, { onDelete: "set null" }),
    heldSince: timestamp("held_since", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check("tasks_status_check", oneOf(sql`${t.status}`, TASK_STATUSES)),
    check("tasks_task_type_check", oneOf(sql`${t.taskType}`, TASK_TYPES)),
    check("tasks_purpose_check", oneOf(sql`${t.purpose}`, MARK_PURPOSES)),
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
    // The few restricted tasks, subtracted from the counters for organization heads (counts.ts).
    // Each holder's open items by how long held: "With me" in order, Pendency's average days
    // held, from the index alone.
    index("tasks_open_held_idx")
      .on(t.assignedTo, t.heldSince)
      .where(sql`${t.status} <> 'completed'`),
    // "Marked by me, pending with others": the open tasks each person marked onward.
    index("tasks_marked_by_idx").on(t.markedBy, t.heldSince).where(sql`${t.status} <> 'completed'`),
    index("tasks_restricted_idx").on(t.assignedTo, t.status).where(sql`${t.restricted}`),
    // Completions by date (this week's, the digest's yesterday), from the index alone.
    index("tasks_completed_on_idx")
      .on(t.completionDate, t.assignedTo, t.dueDate, t.assignDate)
      .where(sql`${t.status} = 'completed'`),
  ],
);

/**
 * Restricted tasks since deleted. The trail outlives a task; once the task is gone nothing else
 * says it was restricted, and its rows must stay hidden from who could not read it
 * (dak/hidden-records.ts, tasks/history.ts).
 */
export const deletedRestrictedTasks = pgTable("deleted_restricted_tasks", {
  id: uuid("id").primaryKey(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull(),
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
