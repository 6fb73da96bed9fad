import { seesAllTasks } from "../../shared/roles";
import type { TaskAbilities, TaskStatus } from "../../shared/tasks";
import type { CurrentUser } from "../../shared/users";

type Actor = Pick<CurrentUser, "id" | "role">;

/** Who may do what to which task (SPEC.md section 6). */
export const taskPolicy = {
  /** Admins and organization heads see every task; anyone else only their own. */
  seesAllTasks(actor: Pick<CurrentUser, "role">): boolean {
    return seesAllTasks(actor.role);
  },
  /**
   * A restricted task (made from a Confidential or Secret receipt) only admins and its
   * assignee read: organization heads see every other task.
   */
  hidesRestricted(actor: Pick<CurrentUser, "role">): boolean {
    return actor.role === "organization_head";
  },
  canRead(actor: Actor, task: { assignedTo: string; restricted?: boolean }): boolean {
    if (task.assignedTo === actor.id) return true;
    if (task.restricted && taskPolicy.hidesRestricted(actor)) return false;
    return taskPolicy.seesAllTasks(actor);
  },
  /** Creating, editing, completing and deleting tasks: administrators (the routes' guard). */
  canChange(actor: Actor): boolean {
    return actor.role === "admin";
  },
  /** Remarks and the response file: the assignee, or an admin. Organization heads only watch. */
  canReportProgress(actor: Actor, task: { assignedTo: string }): boolean {
    return (
      actor.role === "admin" || (actor.role !== "organization_head" && task.assignedTo === actor.id)
    );
  },
  /** Only the assignee asks for a later due date, and only while the task is open. */
  canRequestExtension(actor: Actor, task: { assignedTo: string; status: TaskStatus }): boolean {
    return actor.role === "user" && task.assignedTo === actor.id && task.status !== "completed";
  },
  canDeleteResponseFile(actor: Actor, file: { uploadedBy: string | null }): boolean {
    return (
      actor.role === "admin" || (actor.role !== "organization_head" && file.uploadedBy === actor.id)
    );
  },
};

/**
 * Everything `actor` may do to a task as it stands, sent with the task (TaskItem.can) so the web
 * app never works it out again. A `false` is answered 403, 404 (not readable, no file), 409
 * (already completed, a file already there) or 400 (an extension of a completed task) by the routes: tests/api/permissions.test.ts.
 */
export function taskAbilities(
  actor: Actor,
  task: { assignedTo: string; status: TaskStatus },
  file: { uploadedBy: string | null } | null,
): TaskAbilities {
  const view = taskPolicy.canRead(actor, task);
  const change = taskPolicy.canChange(actor);
  const reportProgress = view && taskPolicy.canReportProgress(actor, task);
  return {
    view,
    edit: change,
    complete: change && task.status !== "completed",
    delete: change,
    reportProgress,
    uploadResponseFile: reportProgress && file === null,
    deleteResponseFile:
      reportProgress && file !== null && taskPolicy.canDeleteResponseFile(actor, file),
    reply: change,
    requestExtension: view && taskPolicy.canRequestExtension(actor, task),
  };
}
