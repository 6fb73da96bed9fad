import { and, count, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { OVERDUE_STATUSES, type TaskFilters, type TaskStatus } from "../../shared/tasks";
import type { CurrentUser } from "../../shared/users";
import type { Db } from "../db/client";
import { taskCounts, tasks } from "../db/schema";
import { taskPolicy } from "./policy";

/** What a caller may see (their own tasks, or all) narrowed by the filters. */
export type TaskScope = {
  assignedTo?: string;
  statuses?: readonly TaskStatus[];
  dates: Pick<TaskFilters, "assignDate" | "dueDate" | "assignDateFrom" | "assignDateTo">;
};

export function taskScope(actor: CurrentUser, filters: Partial<TaskFilters>): TaskScope {
  const { status, assignDate, dueDate, assignDateFrom, assignDateTo } = filters;
  return {
    assignedTo: taskPolicy.seesAllTasks(actor) ? filters.assignedUser : actor.id,
    statuses:
      status === "overdue" ? OVERDUE_STATUSES : status && status !== "all" ? [status] : undefined,
    dates: { assignDate, dueDate, assignDateFrom, assignDateTo },
  };
}

/** The person and status part of a scope, for tasks or task_counts alike. */
function whoAndStatus(
  columns: { assignedTo: AnyPgColumn; status: AnyPgColumn },
  scope: TaskScope,
): SQL[] {
  const conditions: SQL[] = [];
  if (scope.assignedTo) conditions.push(eq(columns.assignedTo, scope.assignedTo));
  if (scope.statuses) conditions.push(inArray(columns.status, [...scope.statuses]));
  return conditions;
}

/** The scope as a condition on tasks, all in SQL. */
export function scopeSql(scope: TaskScope): SQL | undefined {
  const { assignDate, dueDate, assignDateFrom, assignDateTo } = scope.dates;
  const conditions = whoAndStatus(tasks, scope);
  if (assignDate) conditions.push(eq(tasks.assignDate, assignDate));
  if (dueDate) conditions.push(eq(tasks.dueDate, dueDate));
  if (assignDateFrom) conditions.push(gte(tasks.assignDate, assignDateFrom));
  if (assignDateTo) conditions.push(lte(tasks.assignDate, assignDateTo));
  return conditions.length ? and(...conditions) : undefined;
}

export type StatusCounts = Record<TaskStatus, number>;

const datesFiltered = (scope: TaskScope) => Object.values(scope.dates).some(Boolean);

/**
 * The number of tasks in a scope as a scalar subquery, so a list page can carry its total in
 * the same round trip: a sum over task_counts, or a count over tasks when dates are filtered.
 */
export function totalSql(scope: TaskScope): SQL<number> {
  const where = (condition: SQL | undefined) => condition ?? sql`true`;
  return datesFiltered(scope)
    ? sql<number>`(select count(*) from ${tasks} where ${where(scopeSql(scope))})`
    : sql<number>`(select coalesce(sum(${taskCounts.total}), 0) from ${taskCounts} where ${where(
        and(...whoAndStatus(taskCounts, scope)),
      )})`;
}

/**
 * Tasks per status in a scope. Without date filters the answer is a sum over task_counts (a row
 * per person and status, kept by triggers) instead of a count over every task; with them, the
 * count runs on tasks through the date indexes.
 */
export async function countByStatus(db: Db, scope: TaskScope): Promise<StatusCounts> {
  const rows = datesFiltered(scope)
    ? await db
        .select({ status: tasks.status, total: count() })
        .from(tasks)
        .where(scopeSql(scope))
        .groupBy(tasks.status)
    : await db
        .select({
          status: taskCounts.status,
          total: sql<number>`sum(${taskCounts.total})`.mapWith(Number),
        })
        .from(taskCounts)
        .where(and(...whoAndStatus(taskCounts, scope)))
        .groupBy(taskCounts.status);
  const counts: StatusCounts = { in_progress: 0, completed: 0, delayed: 0, super_delayed: 0 };
  for (const row of rows) counts[row.status] = row.total;
  return counts;
}

export const totalOf = (counts: StatusCounts) =>
  Object.values(counts).reduce((sum, value) => sum + value, 0);
