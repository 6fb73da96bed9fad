import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  CLASSIFICATIONS,
  DISPATCH_MODES,
  MARK_PURPOSES,
  RECEIPT_MODES,
  RECEIPT_STATUSES,
} from "../../../shared/dak";
import { createdAt, oneOf, updatedAt, version } from "./columns";
import { tasks } from "./tasks";
import { user } from "./users";

export const REGISTERS = ["diary", "dispatch"] as const;

/**
 * Each register's last running number per year (and section, where its template names one).
 * A number is drawn by incrementing its row in the transaction that writes the entry: the row
 * stays locked until that transaction ends, so concurrent entries queue for it and one that
 * rolls back gives its number back. Gapless, never reused.
 */
export const registerCounters = pgTable(
  "register_counters",
  {
    register: text("register", { enum: REGISTERS }).notNull(),
    /** The section code, or '' where the template names none. */
    scope: text("scope").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.register, t.scope, t.year] }),
    check("register_counters_register_check", oneOf(sql`${t.register}`, REGISTERS)),
  ],
);

/** The diary register: one row per letter received (a receipt), known by its diary number. */
export const receipts = pgTable(
  "receipts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Diarisation order, whatever the clock says. */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    diaryNumber: text("diary_number").notNull(),
    section: text("section"),
    receivedOn: date("received_on").notNull(),
    mode: text("mode", { enum: RECEIPT_MODES }).notNull(),
    senderName: text("sender_name").notNull(),
    senderDesignation: text("sender_designation"),
    senderOrganisation: text("sender_organisation"),
    senderAddress: text("sender_address"),
    letterNumber: text("letter_number"),
    letterDate: date("letter_date"),
    subject: text("subject").notNull(),
    category: text("category").notNull(),
    classification: text("classification", { enum: CLASSIFICATIONS }).notNull().default("normal"),
    enclosures: text("enclosures"),
    remarks: text("remarks"),
    status: text("status", { enum: RECEIPT_STATUSES }).notNull().default("pending"),
    /** The task carrying the receipt (made by marking it, or linked); null once deleted. */
    taskId: uuid("task_id").references(() => tasks.id, { onDelete: "set null" }),
    /** Whom it was marked to, and why: who may read a Confidential or Secret receipt. */
    markedTo: text("marked_to").references(() => user.id, { onDelete: "set null" }),
    markPurpose: text("mark_purpose", { enum: MARK_PURPOSES }),
    markRemark: text("mark_remark"),
    closeReason: text("close_reason"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: text("closed_by").references(() => user.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("receipts_diary_number_key").on(t.diaryNumber),
    // Searched by the number's start ("HED-2026-014") and its end (the running number).
    index("receipts_diary_number_pattern_idx").on(sql`upper(${t.diaryNumber}) text_pattern_ops`),
    index("receipts_diary_number_reverse_idx").on(
      sql`reverse(upper(${t.diaryNumber})) text_pattern_ops`,
    ),
    index("receipts_letter_number_idx").on(sql`upper(${t.letterNumber}) text_pattern_ops`),
    index("receipts_letter_number_reverse_idx").on(
      sql`reverse(upper(${t.letterNumber})) text_pattern_ops`,
    ),
    // Searched by words anywhere in the subject (pg_trgm: a rare word read every receipt).
    index("receipts_subject_trgm_idx").using("gin", sql`${t.subject} gin_trgm_ops`),
    // The register's order, the newest diarised first: `order by seq desc` reads it backwards
    // (an index `desc nulls last` does not match that order, whose nulls come first).
    index("receipts_register_idx").on(t.seq),
    index("receipts_received_on_idx").on(t.receivedOn, t.seq),
    uniqueIndex("receipts_task_key").on(t.taskId),
    // The few Confidential and Secret ones, which the Audit Log hides from whoever may not
    // read them (dak/hidden-records.ts).
    index("receipts_restricted_idx").on(t.seq).where(sql`${t.classification} <> 'normal'`),
    index("receipts_marked_to_idx").on(t.markedTo, t.seq),
    check("receipts_mode_check", oneOf(sql`${t.mode}`, RECEIPT_MODES)),
    check("receipts_classification_check", oneOf(sql`${t.classification}`, CLASSIFICATIONS)),
    check("receipts_status_check", oneOf(sql`${t.status}`, RECEIPT_STATUSES)),
    check("receipts_purpose_check", oneOf(sql`${t.markPurpose}`, MARK_PURPOSES)),
    check("receipts_subject_not_blank", sql`length(trim(${t.subject})) > 0`),
  ],
);

/** A receipt's scanned pages, in the order they were sent. */
export const receiptScans = pgTable(
  "receipt_scans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    receiptId: uuid("receipt_id")
      .notNull()
      .references(() => receipts.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    fileName: text("file_name").notNull(),
    filePath: text("file_path").notNull(),
    fileType: text("file_type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("receipt_scans_position_key").on(t.receiptId, t.position)],
);

/** The dispatch register: one row per letter sent, known by its dispatch number. */
export const dispatches = pgTable(
  "dispatches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    dispatchNumber: text("dispatch_number").notNull(),
    section: text("section"),
    dispatchedOn: date("dispatched_on").notNull(),
    addressees: jsonb("addressees").$type<string[]>().notNull(),
    subject: text("subject").notNull(),
    mode: text("mode", { enum: DISPATCH_MODES }).notNull(),
    signedBy: text("signed_by"),
    enclosures: text("enclosures"),
    /** The receipt it answers; kept when the receipt's task goes. */
    receiptId: uuid("receipt_id").references(() => receipts.id, { onDelete: "set null" }),
    taskId: uuid("task_id").references(() => tasks.id, { onDelete: "set null" }),
    /**
     * Whether the letter answers a Confidential or Secret receipt, copied from it: such a
     * dispatch is read only where its receipt may be.
     */
    classification: text("classification", { enum: CLASSIFICATIONS }).notNull().default("normal"),
    letterName: text("letter_name"),
    letterPath: text("letter_path"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("dispatches_number_key").on(t.dispatchNumber),
    index("dispatches_number_pattern_idx").on(sql`upper(${t.dispatchNumber}) text_pattern_ops`),
    index("dispatches_number_reverse_idx").on(
      sql`reverse(upper(${t.dispatchNumber})) text_pattern_ops`,
    ),
    index("dispatches_subject_trgm_idx").using("gin", sql`${t.subject} gin_trgm_ops`),
    index("dispatches_register_idx").on(t.seq),
    index("dispatches_dispatched_on_idx").on(t.dispatchedOn, t.seq),
    index("dispatches_receipt_idx").on(t.receiptId),
    index("dispatches_task_idx").on(t.taskId),
    // The few Confidential and Secret ones, which a keeper's total counts one by one.
    index("dispatches_restricted_idx").on(t.seq).where(sql`${t.classification} <> 'normal'`),
    check("dispatches_mode_check", oneOf(sql`${t.mode}`, DISPATCH_MODES)),
    check("dispatches_classification_check", oneOf(sql`${t.classification}`, CLASSIFICATIONS)),
    check("dispatches_subject_not_blank", sql`length(trim(${t.subject})) > 0`),
  ],
);

/**
 * How many receipts the Diary Register holds by classification, status and the officer they
 * are marked to ('' for none), kept exact by statement triggers on receipts
 * (drizzle/0030_register_counts.sql) so a register's total sums a few rows instead of counting
 * every entry (decision 033).
 */
export const receiptCounts = pgTable(
  "receipt_counts",
  {
    classification: text("classification", { enum: CLASSIFICATIONS }).notNull(),
    status: text("status", { enum: RECEIPT_STATUSES }).notNull(),
    markedTo: text("marked_to").notNull(),
    total: integer("total").notNull(),
  },
  (t) => [primaryKey({ columns: [t.classification, t.status, t.markedTo] })],
);

/** How many dispatches the Dispatch Register holds by classification, kept as receiptCounts. */
export const dispatchCounts = pgTable("dispatch_counts", {
  classification: text("classification", { enum: CLASSIFICATIONS }).primaryKey(),
  total: integer("total").notNull(),
});
