import { and, count, eq, gte, inArray, lte, ne, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { type AgeBucket, type AgeEdges, ageEdges, bucketDueDates } from "../../shared/pendency";
import {
  OPEN_STATUSES,
  OVERDUE_STATUSES,
  type StatusFilter,
  type TaskFilters,
  type TaskStatus,
} from "../../shared/tasks";
import type { CurrentUser } from "../../shared/users";
import type { Db } from "../db/client";
import { taskCounts, taskExtensionRequests, taskStatusCounts, tasks } from "../db/schema";
import { readOfficeCalendar } from "../office/settings";
import { taskPolicy } from "./policy";

/** The list filters a scope takes as they are: every one but the person and the status. */
type ScopeFilters = Omit<TaskFilters, "status" | "assignedUser" | "page" | "pageSize">;

/** What a caller may see (their own tasks, or all) narrowed by the filters. */
export type TaskScope = {
  assignedTo?: string;
  statuses?: readonly TaskStatus[];
  /**
   * Leave out restricted tasks (made from Confidential or Secret receipts): an organization
   * head's department-wide lists and counts. Their counters still answer, less the few
   * restricted tasks (tasks_restricted_idx).
   */
  hidesRestricted?: boolean;
  /** Today's ageing cut-offs (they need the office calendar): set when the age filter is. */
  ageEdges?: AgeEdges;
} & Partial<ScopeFilters>;

/** The statuses a status filter stands for; undefined: every one. */
function statusesOf(status: StatusFilter | undefined): readonly TaskStatus[] | undefined {
  if (status === "overdue") return OVERDUE_STATUSES;
  if (status === "open") return OPEN_STATUSES;
  return status && status !== "all" ? [status] : undefined;
}

export function taskScope(
  actor: CurrentUser,
  filters: Partial<TaskFilters>,
  ageEdges?: AgeEdges,
): TaskScope {
  const { status, assignedUser, page, pageSize, ...rest } = filters;
  return {
    assignedTo: taskPolicy.seesAllTasks(actor) ? assignedUser : actor.id,
    statuses: statusesOf(status),
    hidesRestricted: taskPolicy.hidesRestricted(actor) || undefined,
    ...rest,
    ageEdges,
  };
}

/**
 * The scope of a task list's filters on `day`, as the list, its stat cards, a bulk action's
 * "all matching" (bulk.ts) and the list's Excel export read it alike. The age filter's
 * cut-offs need the office calendar, read only when that filter is set.
 */
export async function resolveTaskScope(
  db: Db,
  actor: CurrentUser,
  filters: Partial<TaskFilters>,
  day: string,
): Promise<TaskScope> {
  const edges = filters.age ? ageEdges(day, await readOfficeCalendar(db)) : undefined;
  return taskScope(actor, filters, edges);
}

/**
 * Open tasks of one ageing bucket (shared/pendency.ts): the task list's age filter and the
 * Pendency page's counts are this one condition, so a figure and its list agree.
 */
export function ageCondition(bucket: AgeBucket, edges: AgeEdges): SQL {
  return and(ne(tasks.status, "completed"), dueInBucket(bucket, edges)) as SQL;
}

/**
 * The due-date half of ageCondition, for rows already known to be open: on due dates alone
 * the Pendency page counts from an index that holds no status (tasks_open_holder_idx).
 */
export function dueInBucket(bucket: AgeBucket, edges: AgeEdges): SQL {
  const { from, to } = bucketDueDates(bucket, edges);
  return and(
    from ? gte(tasks.dueDate, from) : undefined,
    to ? lte(tasks.dueDate, to) : undefined,
  ) as SQL;
}

/** Completed on or after `day` (the Pendency page's "completed this week" and its list). */
export function completedFromCondition(day: string): SQL {
  return and(eq(tasks.status, "completed"), gte(tasks.completionDate, day)) as SQL;
}

// One condition per filter of the list query: a filter added to the shared schema does not
// compile until it says how it narrows the tasks.
const FILTER_CONDITIONS: {
  [Key in keyof ScopeFilters]-?: (value: NonNullable<ScopeFilters[Key]>, scope: TaskScope) => SQL;
} = {
  assignDate: (day) => eq(tasks.assignDate, day),
  dueDate: (day) => eq(tasks.dueDate, day),
  assignDateFrom: (day) => gte(tasks.assignDate, day),
  assignDateTo: (day) => lte(tasks.assignDate, day),
  extension: (which) =>
    which === "pending"
      ? sql`exists (select 1 from ${taskExtensionRequests} where ${taskExtensionRequests.taskId} = ${tasks.id} and ${taskExtensionRequests.status} = 'pending')`
      : sql`${tasks.dueDate} > ${tasks.originalDueDate}`,
  age: (bucket, { ageEdges }) => {
    // The task service reads the calendar and sets the edges whenever it sets the age filter.
    if (!ageEdges) throw new Error("an age filter needs today's ageing edges");
    return ageCondition(bucket, ageEdges);
  },
  completedFrom: completedFromCondition,
};

function filterCondition<Key extends keyof ScopeFilters>(
  key: Key,
  value: NonNullable<ScopeFilters[Key]>,
  scope: TaskScope,
): SQL {
  // TypeScript reads the indexed function as taking every filter's value at once.
  const condition = FILTER_CONDITIONS[key] as (
    value: NonNullable<ScopeFilters[Key]>,
    scope: TaskScope,
  ) => SQL;
  return condition(value, scope);
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
  if (scope.hidesRestricted) conditions.push(eq(tasks.restricted, false));
  for (const key of Object.keys(FILTER_CONDITIONS) as (keyof ScopeFilters)[]) {
    const value = scope[key];
    if (value !== undefined) conditions.push(filterCondition(key, value, scope));
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** The scope fields the counters can answer: they hold a row per person (or none) and status. */
const COUNTER_FIELDS: readonly string[] = [
  "assignedTo",
  "statuses",
  "hidesRestricted",
] satisfies (keyof TaskScope)[];

/**
 * Whether the counters can answer for the scope: only when it holds nothing but a person and
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
 * The counters that answer a scope of a person and statuses alone: that person's rows of
 * task_counts, or the department's task_status_counts when it names nobody (four rows, where
 * task_counts holds one per person and status).
 */
function countersOf(scope: TaskScope) {
  return scope.assignedTo
    ? {
        table: taskCounts,
        status: taskCounts.status,
        total: taskCounts.total,
        where: and(...whoAndStatus(taskCounts, scope)),
      }
    : {
        table: taskStatusCounts,
        status: taskStatusCounts.status,
        total: taskStatusCounts.total,
        where: scope.statuses ? inArray(taskStatusCounts.status, [...scope.statuses]) : undefined,
      };
}

/**
 * The number of tasks in a scope as a scalar subquery, so a list page can carry its total in
 * the same round trip: a sum over the counters where they can answer, or a count over tasks.
 */
export function totalSql(scope: TaskScope): SQL<number> {
  const where = (condition: SQL | undefined) => condition ?? sql`true`;
  if (!usesCounters(scope))
    return sql<number>`(select count(*) from ${tasks} where ${where(scopeSql(scope))})`;
  const counters = countersOf(scope);
  const counted = sql<number>`(select coalesce(sum(${counters.total}), 0) from ${counters.table} where ${where(counters.where)})`;
  return scope.hidesRestricted
    ? sql<number>`(${counted} - (select count(*) from ${tasks} where ${restrictedIn(scope)}))`
    : counted;
}

/** The restricted tasks of a scope's person and statuses: what its counters hold too many of. */
function restrictedIn(scope: TaskScope): SQL {
  return and(eq(tasks.restricted, true), ...whoAndStatus(tasks, scope)) as SQL;
}

/**
 * Tasks per status in a scope. For a person and status alone the answer is a sum over the
 * counters (kept by triggers) instead of a count over every task; with other filters (dates)
 * the count runs on tasks through their indexes.
 */
export async function countByStatus(db: Db, scope: TaskScope): Promise<StatusCounts> {
  const counters = countersOf(scope);
  const rows = usesCounters(scope)
    ? await db
        .select({
          status: counters.status,
          total: sql<number>`sum(${counters.total})`.mapWith(Number),
        })
        .from(counters.table)
        .where(counters.where)
        .groupBy(counters.status)
    : await db
        .select({ status: tasks.status, total: count() })
        .from(tasks)
        .where(scopeSql(scope))
        .groupBy(tasks.status);
  const counts: StatusCounts = { in_progress: 0, completed: 0, delayed: 0, super_delayed: 0 };
  for (const row of rows) counts[row.status] = row.total;
  if (usesCounters(scope) && scope.hidesRestricted) {
    const hidden = await db
      .select({ status: tasks.status, total: count() })
      .from(tasks)
      .where(restrictedIn(scope))
      .groupBy(tasks.status);
    for (const row of hidden) counts[row.status] -= row.total;
  }
  return counts;
}

export const totalOf = (counts: StatusCounts) =>
  Object.values(counts).reduce((sum, value) => sum + value, 0);
