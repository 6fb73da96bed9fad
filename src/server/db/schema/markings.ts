import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { MARK_PURPOSES } from "../../../shared/dak";
import { MARKING_KINDS, MARKING_OUTCOMES } from "../../../shared/markings";
import { oneOf } from "./columns";
import { tasks } from "./tasks";
import { user } from "./users";

/**
 * A task's custody (issue 36, docs/decisions/034): one row per holding, from `marked_at` until
 * `ended_at` (null while it is the holding now). Names are kept as they were, as the audit trail
 * keeps them (accounts may be renamed or deleted since); designations are read as they are now,
 * in the reader's language.
 */
export const taskMarkings = pgTable(
  "task_markings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The movement's order: holdings begun in one instant (a test's fixed clock) keep it. */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: MARKING_KINDS }).notNull(),
    /** Who marked it (null: the account is gone, or nobody did, as for a task made by a rule). */
    fromId: text("from_id").references(() => user.id, { onDelete: "set null" }),
    fromName: text("from_name").notNull(),
    /** The holder. */
    toId: text("to_id").references(() => user.id, { onDelete: "set null" }),
    toName: text("to_name").notNull(),
    purpose: text("purpose", { enum: MARK_PURPOSES }).notNull(),
    /**
     * To whom the holder answers, who alone closes it for comments, approval or signature; the
     * one who marked it for the other purposes (null: nobody, as for an admin's own task).
     */
    issuerId: text("issuer_id").references(() => user.id, { onDelete: "set null" }),
    /** For comments, approval or signature: the holding it returns to (its state restored). */
    returnsTo: uuid("returns_to"),
    remark: text("remark"),
    /** On a return: the recipient's answer. */
    outcome: text("outcome", { enum: MARKING_OUTCOMES }),
    markedAt: timestamp("marked_at", { withTimezone: true }).notNull(),
    /** The first time the holder opened it; until then the sender may pull it back. */
    openedAt: timestamp("opened_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** Why the sender pulled this marking back (the holding ended by it). */
    pullBackReason: text("pull_back_reason"),
    /**
     * A route's steps still to come after this holder (ids and names as given), for approval,
     * comments or signature: each approval marks it on to the next; the last answers back.
     */
    route: jsonb("route").$type<{ id: string; name: string }[]>().notNull().default([]),
  },
  (t) => [
    check("task_markings_kind_check", oneOf(sql`${t.kind}`, MARKING_KINDS)),
    check("task_markings_purpose_check", oneOf(sql`${t.purpose}`, MARK_PURPOSES)),
    check("task_markings_outcome_check", oneOf(sql`${t.outcome}`, MARKING_OUTCOMES)),
    // A task's movement, in order (the timeline, the note sheet, the holding now).
    index("task_markings_task_idx").on(t.taskId, t.seq),
    // Each person's holdings (days held per person and per marking).
    index("task_markings_to_idx").on(t.toId, t.markedAt),
    // The report's finished holdings in its period (reports/holdings.ts), from the index alone.
    index("task_markings_ended_idx")
      .on(t.endedAt, t.toId, t.purpose, t.markedAt)
      .where(sql`${t.pullBackReason} is null`),
  ],
);
