import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  date,
  index,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { DECISION_OUTCOMES } from "../../../shared/decisions";
import { TASK_STATUSES } from "../../../shared/tasks";
import { createdAt, oneOf, version } from "./columns";
import { engagementAgendaItems, engagements } from "./engagements";
import { tasks } from "./tasks";
import { user } from "./users";

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
