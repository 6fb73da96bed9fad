import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { daysBetween } from "../../shared/dates";
import { type DecisionItem, type DecisionStatus, decisionStatus } from "../../shared/decisions";
import { type CurrentUser, displayNameOf } from "../../shared/users";
import type { Db } from "../db/client";
import { engagementAgendaItems, engagementDecisions, engagements, tasks, user } from "../db/schema";
import { decisionAbilities } from "./policy";

const owner = alias(user, "decision_owner");
const d = engagementDecisions;

/** A decision with its meeting, agenda item, owner and task: what presentDecision wants. */
const rowColumns = {
  id: d.id,
  seq: d.seq,
  description: d.description,
  outcome: d.outcome,
  dueDate: d.dueDate,
  reason: d.reason,
  version: d.version,
  createdAt: d.createdAt,
  engagement: { id: engagements.id, subject: engagements.subject, date: engagements.date },
  agendaItem: { id: engagementAgendaItems.id, title: engagementAgendaItems.title },
  owner: { id: owner.id, name: owner.name, email: owner.email, username: owner.username },
  task: {
    id: tasks.id,
    status: tasks.status,
    dueDate: tasks.dueDate,
    completionDate: tasks.completionDate,
  },
};

/** Decisions joined to what they show, in one query; `extra` adds computed columns. */
export function selectDecisionRows<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: Db,
  extra?: Extra,
) {
  return db
    .select({ ...rowColumns, ...(extra as Extra) })
    .from(d)
    .innerJoin(engagements, eq(engagements.id, d.engagementId))
    .leftJoin(engagementAgendaItems, eq(engagementAgendaItems.id, d.agendaItemId))
    .leftJoin(owner, eq(owner.id, d.ownerId))
    .leftJoin(tasks, eq(tasks.id, d.taskId));
}

export type DecisionRow = Awaited<ReturnType<typeof selectDecisionRows>>[number];

/**
 * The date an action is due by: its task's (which may have moved), else its own. The task's
 * is the copy the decision keeps (drizzle/0024), so no task is read.
 */
export const dueSql = sql`coalesce(${d.taskDueDate}, ${d.dueDate})`;

/**
 * shared/decisions.ts decisionStatus, in SQL, over a decision's own row (its task's status and
 * due date are the copies it keeps): the Decisions page filters, counts and sorts by it
 * (tests/api/decisions.test.ts holds the two equal).
 */
export function statusSql(today: string): SQL<DecisionStatus> {
  return sql<DecisionStatus>`(case
    when ${d.outcome} <> 'action' then ${d.outcome}
    when ${d.taskStatus} = 'completed' then 'done'
    when ${d.taskStatus} in ('delayed', 'super_delayed') or ${dueSql} < ${today}::date then 'overdue'
    else 'pending'
  end)`;
}

/** Days past the due date on `today` when overdue, else 0 (as presentDecision counts them). */
export function daysOverdueSql(today: string): SQL<number> {
  return sql<number>`(case
    when ${statusSql(today)} = 'overdue' then greatest(${today}::date - ${dueSql}, 0)
    else 0
  end)`;
}

/** The effective due date, for ordering (nulls, the regretted and noted, last). */
export const dueDateOrder = sql`${dueSql} asc nulls last`;

/** The fields of a decision that leave the server, with what `viewer` may do to it. */
export function presentDecision(
  row: DecisionRow,
  today: string,
  viewer: Pick<CurrentUser, "role">,
): DecisionItem {
  const status = decisionStatus(row, row.task, today);
  const due = row.task?.dueDate ?? row.dueDate;
  return {
    id: row.id,
    engagement: row.engagement,
    agendaItem: row.agendaItem,
    description: row.description,
    outcome: row.outcome,
    owner: row.owner ? { id: row.owner.id, name: displayNameOf(row.owner) } : null,
    dueDate: row.dueDate,
    reason: row.reason,
    task: row.task,
    status,
    daysOverdue: status === "overdue" && due ? Math.max(0, daysBetween(due, today)) : 0,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
    can: decisionAbilities(viewer),
  };
}

/**
 * The decisions of these engagements, each meeting's in the order they were recorded, as the
 * engagement page shows them; `today` (the office's, yyyy-MM-dd) decides pending and overdue.
 */
export async function readDecisions(
  db: Db,
  filter: { engagementIds: readonly string[] },
  options: { today: string; viewer: CurrentUser },
): Promise<DecisionItem[]> {
  if (filter.engagementIds.length === 0) return [];
  const rows = await selectDecisionRows(db)
    .where(inArray(d.engagementId, [...filter.engagementIds]))
    .orderBy(asc(d.seq));
  return rows.map((row) => presentDecision(row, options.today, options.viewer));
}
