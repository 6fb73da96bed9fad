import { eq } from "drizzle-orm";
import { roleOrDefault } from "../../shared/roles";
import type { Db } from "../db/client";
import { taskProgressFiles, tasks, user } from "../db/schema";
import type { FileRef } from "../files/signed-links";
import { taskPolicy } from "./policy";

/**
 * Whether a signed link may still be served: the person it was issued to exists and may read
 * the task now (a task reassigned away, a lowered role or a deleted account close their links
 * at once, not when they expire), and the file is still the task's (not replaced or removed).
 */
export function createFileAccess(db: Db) {
  return async function mayStillServe(ref: FileRef): Promise<boolean> {
    const [row] = await db
      .select({
        assignedTo: tasks.assignedTo,
        restricted: tasks.restricted,
        attachmentPath: tasks.attachmentPath,
        responseFilePath: taskProgressFiles.filePath,
        holderRole: user.role,
      })
      .from(tasks)
      .innerJoin(user, eq(user.id, ref.holderId))
      .leftJoin(taskProgressFiles, eq(taskProgressFiles.taskId, tasks.id))
      .where(eq(tasks.id, ref.recordId));
    if (!row) return false;
    const storedPath =
      ref.bucket === "task-attachments" ? row.attachmentPath : row.responseFilePath;
    const holder = { id: ref.holderId, role: roleOrDefault(row.holderRole) };
    return storedPath === ref.key && taskPolicy.canRead(holder, row);
  };
}
