import { todayIn } from "../../shared/dates";
import type { CreateTaskFields, TaskFilters, UpdateTaskFields } from "../../shared/tasks";
import type { CurrentUser } from "../../shared/users";
import { completeTask } from "./record/complete";
import { createTask } from "./record/create";
import { deleteTask } from "./record/delete";
import type { TaskDeps } from "./record/deps";
import { pageStatements } from "./record/pages";
import { dueNextTasks, getTask, listTasks, type TaskStatsFilters, taskStats } from "./record/read";
import { updateTask } from "./record/update";

// The task writers, shared with the bulk actions (bulk.ts) and a decision save
// (decisions/record.ts), which import them from here.
export { assignableName } from "./record/assignee";
export { type TaskEdit, writeTaskEdit } from "./record/edit";
export { announceNewTask, insertTask } from "./record/insert";

/**
 * The task operations the routes call, over one set of dependencies: the list, the stat cards,
 * Due Next and one task (record/read.ts), and record/create.ts, update.ts, complete.ts and
 * delete.ts. The list's page statements are kept for the service's life (record/pages.ts).
 */
export function createTaskService(deps: TaskDeps) {
  const listing = { ...deps, pageStatement: pageStatements(deps.db) };
  return {
    today: () => todayIn(deps.timeZone, deps.clock()),
    list: (actor: CurrentUser, filters: TaskFilters) => listTasks(listing, actor, filters),
    stats: (actor: CurrentUser, filters: TaskStatsFilters) => taskStats(deps, actor, filters),
    dueNext: (actor: CurrentUser) => dueNextTasks(deps, actor),
    get: (actor: CurrentUser, id: string) => getTask(deps, actor, id),
    create: (actor: CurrentUser, form: CreateTaskFields) => createTask(deps, actor, form),
    update: (actor: CurrentUser, id: string, form: UpdateTaskFields) =>
      updateTask(deps, actor, id, form),
    complete: (actor: CurrentUser, id: string) => completeTask(deps, actor, id),
    remove: (actor: CurrentUser, id: string) => deleteTask(deps, actor, id),
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
