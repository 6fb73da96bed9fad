import { eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { TASK_MESSAGES } from "../../shared/tasks";
import type { CurrentUser } from "../../shared/users";
import type { Db } from "../db/client";
import { taskProgressFiles, tasks, user } from "../db/schema";
import { AppError } from "../errors";
import { taskPolicy } from "./policy";
import type { TaskRow } from "./present";

const assignee = alias(user, "assignee");

const rowColumns = {
  task: tasks,
  assignee: { name: assignee.name, email: assignee.email, username: assignee.username },
  file: {
    id: taskProgressFiles.id,
    fileName: taskProgressFiles.fileName,
    filePath: taskProgressFiles.filePath,
    fileType: taskProgressFiles.fileType,
    uploadedBy: taskProgressFiles.uploadedBy,
  },
};

/** Task ids are UUIDs; anything else cannot name a task (and must not reach a uuid column). */
export function isTaskId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

/** `extra` adds computed columns to each row (e.g. a page's total). */
function selectRowsIn<Extra extends Record<string, SQL.Aliased | SQL>>(db: Db, extra?: Extra) {
  return db
    .select({ ...rowColumns, ...(extra as Extra) })
    .from(tasks)
    .innerJoin(assignee, eq(assignee.id, tasks.assignedTo))
    .leftJoin(taskProgressFiles, eq(taskProgressFiles.taskId, tasks.id));
}

/**
 * One task as presentTask wants it, read in `tx`; `lock` holds the task row until the
 * transaction ends, so a change and its audit record see the state it replaces.
 */
export async function readTaskRow(
  tx: Db,
  id: string,
  options: { lock?: boolean } = {},
): Promise<TaskRow | undefined> {
  if (!isTaskId(id)) return undefined;
  const query = selectRowsIn(tx).where(eq(tasks.id, id));
  const [row] = await (options.lock ? query.for("update", { of: tasks }) : query);
  return row;
}

/** Reading tasks with their assignee and response file, as presentTask wants them. */
export function taskRows(db: Db) {
  function selectRows<Extra extends Record<string, SQL.Aliased | SQL>>(extra?: Extra) {
    return selectRowsIn(db, extra);
  }

  const findRow = (id: string) => readTaskRow(db, id);

  /** Another user's task is "not found", so ids reveal nothing. */
  async function findReadable(actor: CurrentUser, id: string): Promise<TaskRow> {
    const row = await findRow(id);
    if (!row || !taskPolicy.canRead(actor, row.task))
      throw new AppError("NOT_FOUND", TASK_MESSAGES.notFound);
    return row;
  }

  return { selectRows, findRow, findReadable };
}
