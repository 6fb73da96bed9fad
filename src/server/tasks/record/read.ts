import { asc } from "drizzle-orm";
import { todayIn } from "../../../shared/dates";
import { LINK_TTL } from "../../../shared/files";
import {
  DUE_NEXT_COUNT,
  OPEN_STATUSES,
  type TaskFilters,
  type TaskItem,
  type TaskPage,
  type TaskStats,
} from "../../../shared/tasks";
import type { CurrentUser } from "../../../shared/users";
import { tasks } from "../../db/schema";
import { countByStatus, resolveTaskScope, scopeSql, taskScope, totalOf } from "../counts";
import { presentTask } from "../present";
import { taskRows } from "../rows";
import type { TaskDeps } from "./deps";
import type { PageStatement } from "./pages";

type ReadDeps = Pick<TaskDeps, "db" | "links" | "sweeper" | "timeZone" | "clock">;

/** A page of the task list; `pageStatement` is the service's (pages.ts). */
export async function listTasks(
  {
    db,
    links,
    sweeper,
    timeZone,
    clock,
    pageStatement,
  }: ReadDeps & { pageStatement: PageStatement },
  actor: CurrentUser,
  filters: TaskFilters,
): Promise<TaskPage> {
  const day = todayIn(timeZone, clock());
  await sweeper.ensureSwept(day);
  const scope = await resolveTaskScope(db, actor, filters, day);
  const rows = await pageStatement(scope, filters).execute();
  // An empty page (past the end) carries no total; only then does it take a second query.
  const total = rows[0]?.total ?? totalOf(await countByStatus(db, scope));
  return {
    tasks: rows.map((row) => presentTask(row, links, LINK_TTL.list, actor)),
    total,
    page: filters.page,
    pageSize: filters.pageSize,
    today: day,
  };
}

/** The filters the stat cards follow. */
export type TaskStatsFilters = Pick<
  TaskFilters,
  "assignedUser" | "assignDateFrom" | "assignDateTo" | "age" | "completedFrom"
>;

/** The stat cards, from the per-status counts of the scope. */
export async function taskStats(
  { db, sweeper, timeZone, clock }: Omit<ReadDeps, "links">,
  actor: CurrentUser,
  filters: TaskStatsFilters,
): Promise<TaskStats> {
  const day = todayIn(timeZone, clock());
  await sweeper.ensureSwept(day);
  const scope = await resolveTaskScope(db, actor, filters, day);
  const counts = await countByStatus(db, scope);
  return {
    total: totalOf(counts),
    completed: counts.completed,
    inProgress: counts.in_progress,
    delayed: counts.delayed,
    superDelayed: counts.super_delayed,
    overdue: counts.delayed + counts.super_delayed,
  };
}

/**
 * /dashboard's Due Next: the open tasks the caller sees (their own, or the department's),
 * the earliest due date first, so overdue ones lead.
 */
export async function dueNextTasks(
  { db, links, sweeper, timeZone, clock }: ReadDeps,
  actor: CurrentUser,
): Promise<TaskItem[]> {
  await sweeper.ensureSwept(todayIn(timeZone, clock()));
  const scope = { ...taskScope(actor, {}), statuses: OPEN_STATUSES };
  const rows = await taskRows(db)
    .selectRows()
    .where(scopeSql(scope))
    .orderBy(asc(tasks.dueDate), asc(tasks.createdAt), asc(tasks.id))
    .limit(DUE_NEXT_COUNT);
  return rows.map((row) => presentTask(row, links, LINK_TTL.list, actor));
}

/** One task the caller may read; another user's is "not found" (rows.ts findReadable). */
export async function getTask(
  { db, links, sweeper, timeZone, clock }: ReadDeps,
  actor: CurrentUser,
  id: string,
) {
  await sweeper.ensureSwept(todayIn(timeZone, clock()));
  return presentTask(await taskRows(db).findReadable(actor, id), links, LINK_TTL.view, actor);
}
