import { and, count, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { OVERDUE_STATUSES, type TaskFilters, type TaskStatus } from "../../shared/tasks";
import type { CurrentUser } from "../../shared/users";
import type { Db } from "../db/client";
import { taskCounts, taskExtensionRequests, tasks } from "../db/schema";
import { taskPolicy } from "./policy";

/** The list filters a scope takes as they are: every one but the person and the status. */
type ScopeFilters = Omit<TaskFilters, "status" | "assignedUser" | "page" | "pageSize">;

/** What a caller may see (their own tasks, or all) narrowed by the filters. */
export type TaskScope = {
  assignedTo?: string;
  statuses?: readonly TaskStatus[];
} & Partial<ScopeFilters>;

export function taskScope(actor: CurrentUser, filters: Partial<TaskFilters>): TaskScope {
  const { status, assignedUser, page, pageSize, ...rest } = filters;
  return {
    assignedTo: taskPolicy.seesAllTasks(actor) ? assignedUser : actor.id,
    statuses:
      status === "overdue" ? OVERDUE_STATUSES : status && status !== "all" ? [status] : undefined,
    ...rest,
  };
}

// One condition per filter of the list query: a filter added to the shared schema does not
// compile until it says how it narrows the tasks.
const FILTER_CONDITIONS: {
  [Key in keyof ScopeFilters]-?: (value: NonNullable<ScopeFilters[Key]>) => SQL;
} = {
  assignDate: (day) => eq(tasks.assignDate, day),
  dueDate: (day) => eq(tasks.dueDate, day),
  assignDateFrom: (day) => gte(tasks.assignDate, day),
  assignDateTo: (day) => lte(tasks.assignDate, day),
  extension: (which) =>
    which === "pending"
      ? sql`exists (select 1 from ${taskExtensionRequests} where ${taskExtensionRequests.taskId} = ${tasks.id} and ${taskExtensionRequests.status} = 'pending')`
      : sql`${tasks.dueDate} > ${tasks.originalDueDate}`,
};

function filterCondition<Key extends keyof ScopeFilters>(
  key: Key,
  value: NonNullable<ScopeFilters[Key]>,
): SQL {
  // TypeScript reads the indexed function as taking every filter's value at once.
  const condition = FILTER_CONDITIONS[key] as (value: NonNullable<ScopeFilters[Key]>) => SQL;
  return condition(value);
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
  const conditions = whoAndStatus(tasks, scope);
  for (const key of Object.keys(FILTER_CONDITIONS) as (keyof ScopeFilters)[]) {
    const value = scope[key];
    if (value !== undefined) conditions.push(filterCondition(key, value));
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** The scope fields task_counts can answer: it holds a row per person and status. */
const COUNTER_FIELDS: readonly string[] = ["assignedTo", "statuses"] satisfies (keyof TaskScope)[];

/**
 * Whether task_counts can answer for the scope: only when it holds nothing but a person and
 * a status. Any other field with a value (a date today, whatever filter comes next) needs a
 * count over the tasks themselves.
 */
export function usesCounters(scope: TaskScope): boolean {
  return Object.entries(scope).every(
    ([key, value]) => value === undefined || COUNTER_FIELDS.includes(key),
  );
}

export type StatusCounts = Record<TaskStatus, number>;

/**
 * The number of tasks in a scope as a scalar subquery, so a list page can carry its total in
 * the same round trip: a sum over task_counts where it can answer, or a count over tasks.
 */
export function totalSql(scope: TaskScope): SQL<number> {
  const where = (condition: SQL | undefined) => condition ?? sql`true`;
  return usesCounters(scope)
    ? sql<number>`(select coalesce(sum(${taskCounts.total}), 0) from ${taskCounts} where ${where(
        and(...whoAndStatus(taskCounts, scope)),
      )})`
    : sql<number>`(select count(*) from ${tasks} where ${where(scopeSql(scope))})`;
}

/**
 * Tasks per status in a scope. For a person and status alone the answer is a sum over
 * task_counts (a row per person and status, kept by triggers) instead of a count over every
 * task; with other filters (dates) the count runs on tasks through their indexes.
 */
export async function countByStatus(db: Db, scope: TaskScope): Promise<StatusCounts> {
  const rows = usesCounters(scope)
    ? await db
        .select({
          status: taskCounts.status,
          total: sql<number>`sum(${taskCounts.total})`.mapWith(Number),
        })
        .from(taskCounts)
        .where(and(...whoAndStatus(taskCounts, scope)))
        .groupBy(taskCounts.status)
    : await db
        .select({ status: tasks.status, total: count() })
        .from(tasks)
        .where(scopeSql(scope))
        .groupBy(tasks.status);
  const counts: StatusCounts = { in_progress: 0, completed: 0, delayed: 0, super_delayed: 0 };
  for (const row of rows) counts[row.status] = row.total;
  return counts;
}

export const totalOf = (counts: StatusCounts) =>
  Object.values(counts).reduce((sum, value) => sum + value, 0);
