import { eq } from "drizzle-orm";
import { TASK_MESSAGES } from "../../../shared/tasks";
import type { CurrentUser } from "../../../shared/users";
import { actorOf, deletedFields } from "../../audit/changes";
import { recordAudit } from "../../audit/record";
import { deletedRestrictedTasks, tasks } from "../../db/schema";
import type { RemoveFilesPayload } from "../../files/retention";
import { removeFilesAfterRetention } from "../../files/retention";
import { AppError } from "../../http/errors";
import { taskAuditState } from "../audit";
import { readTaskRow } from "../rows";
import type { TaskDeps } from "./deps";

/**
 * Deletes the task and its response file row; its stored files stay for the office's
 * retention period, then the job runner removes them.
 */
export async function deleteTask(
  { db, events, clock }: Pick<TaskDeps, "db" | "events" | "clock">,
  actor: CurrentUser,
  id: string,
): Promise<void> {
  const existing = await db.transaction(async (tx) => {
    const row = await readTaskRow(tx, id, { lock: true });
    if (!row) throw new AppError("NOT_FOUND", TASK_MESSAGES.notFound);
    await tx.delete(tasks).where(eq(tasks.id, id));
    if (row.task.restricted)
      await tx.insert(deletedRestrictedTasks).values({ id, deletedAt: clock() });
    const files: RemoveFilesPayload["files"] = [];
    if (row.task.attachmentPath)
      files.push({ bucket: "task-attachments", key: row.task.attachmentPath });
    if (row.file) files.push({ bucket: "task-progress-files", key: row.file.filePath });
    await removeFilesAfterRetention(tx, files, clock());
    await recordAudit(tx, clock(), [
      {
        actor: actorOf(actor),
        entity: "task",
        entityId: id,
        action: "deleted",
        changes: deletedFields(taskAuditState(row)),
      },
    ]);
    return row;
  });
  const assignees = [existing.task.assignedTo];
  const { restricted } = existing.task;
  events.emit({ entity: "task", id, action: "deleted", assignees, restricted, actorId: actor.id });
}
