import { and, desc, eq, inArray } from "drizzle-orm";
import type { TaskHistory } from "../../shared/audit";
import { seesAllTasks } from "../../shared/roles";
import { TASK_MESSAGES } from "../../shared/tasks";
import type { CurrentUser } from "../../shared/users";
import { presentEvents } from "../audit/service";
import type { Db } from "../db/client";
import { auditEvents, deletedRestrictedTasks, tasks } from "../db/schema";
import { AppError } from "../http/errors";
import { taskPolicy } from "./policy";
import { taskRows } from "./rows";

/**
 * A task's history: its own rows of the audit trail and its response file's, newest first.
 * Admins and organization heads read any task's, a deleted one's too (the trail outlives the
 * task), but heads not a restricted task's; anyone else only their own task's, and another's is
 * "not found" as the task itself is.
 */
export function createTaskHistory(db: Db) {
  const { findReadable } = taskRows(db);
  /**
   * A restricted task's history is "not found" for an organization head, as the task is, and
   * stays so once the task is deleted.
   */
  async function refuseRestricted(taskId: string): Promise<void> {
    const [row] = await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.id, taskId), eq(tasks.restricted, true)))
      .union(
        db
          .select({ id: deletedRestrictedTasks.id })
          .from(deletedRestrictedTasks)
          .where(eq(deletedRestrictedTasks.id, taskId)),
      );
    if (row) throw new AppError("NOT_FOUND", TASK_MESSAGES.notFound);
  }
  return async function taskHistory(actor: CurrentUser, taskId: string): Promise<TaskHistory> {
    if (!seesAllTasks(actor.role)) await findReadable(actor, taskId);
    else if (taskPolicy.hidesRestricted(actor)) await refuseRestricted(taskId);
    const rows = await db
      .select()
      .from(auditEvents)
      .where(
        and(
          inArray(auditEvents.entity, ["task", "response_file"]),
          eq(auditEvents.entityId, taskId),
        ),
      )
      .orderBy(desc(auditEvents.id));
    return { events: await presentEvents(db, rows) };
  };
}

export type TaskHistoryReader = ReturnType<typeof createTaskHistory>;
