import { and, desc, eq, inArray } from "drizzle-orm";
import type { TaskHistory } from "../../shared/audit";
import { seesAllTasks } from "../../shared/roles";
import type { CurrentUser } from "../../shared/users";
import { presentEvents } from "../audit/service";
import type { Db } from "../db/client";
import { auditEvents } from "../db/schema";
import { taskRows } from "./rows";

/**
 * A task's history: its own rows of the audit trail and its response file's, newest first.
 * Admins and organization heads read any task's, a deleted one's too (the trail outlives the
 * task); anyone else only their own task's, and another's is "not found" as the task itself is.
 */
export function createTaskHistory(db: Db) {
  const { findReadable } = taskRows(db);
  return async function taskHistory(actor: CurrentUser, taskId: string): Promise<TaskHistory> {
    if (!seesAllTasks(actor.role)) await findReadable(actor, taskId);
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
