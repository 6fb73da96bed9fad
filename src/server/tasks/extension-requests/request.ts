import { and, eq } from "drizzle-orm";
import { type ExtensionRequestFields, TASK_MESSAGES, THREAD_MESSAGES } from "../../../shared/tasks";
import type { CurrentUser } from "../../../shared/users";
import { actorOf } from "../../audit/changes";
import { recordAudit } from "../../audit/record";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { taskExtensionRequests, user } from "../../db/schema";
import { AppError } from "../../http/errors";
import { taskPolicy } from "../policy";
import type { TaskRow } from "../present";
import { readersOf } from "../readers";
import { readTaskRow } from "../rows";
import { announceExtension } from "./announce";
import type { ExtensionDeps } from "./deps";

/**
 * Who hears of a request: the task's creator, or every admin once that account is gone or when
 * it may not read the task (the clerk whose marking made a restricted one).
 */
async function deciders(tx: Db, task: TaskRow["task"]): Promise<string[]> {
  const creator = await readersOf(tx, [task.createdBy], task);
  if (creator.length > 0) return creator;
  const admins = await tx.select({ id: user.id }).from(user).where(eq(user.role, "admin"));
  return admins.map((admin) => admin.id);
}

/**
 * The request in `tx`, under the lock on its task: checked, written with its audit record,
 * and its deciders told. Answers who was told and whether the task is restricted.
 */
async function writeRequest(
  tx: Db,
  { notifier, clock }: Pick<ExtensionDeps, "notifier" | "clock">,
  actor: CurrentUser,
  taskId: string,
  input: ExtensionRequestFields,
): Promise<{ told: string[]; restricted: boolean }> {
  const row = await readTaskRow(tx, taskId, { lock: true });
  if (!row || !taskPolicy.canRead(actor, row.task))
    throw new AppError("NOT_FOUND", TASK_MESSAGES.notFound);
  if (row.task.assignedTo !== actor.id || actor.role !== "user")
    throw new AppError("FORBIDDEN", THREAD_MESSAGES.notAssignee);
  if (row.task.status === "completed") throw new AppError("VALIDATION", THREAD_MESSAGES.completed);
  if (input.dueDate <= row.task.dueDate) throw new AppError("VALIDATION", THREAD_MESSAGES.notLater);
  const [pending] = await tx
    .select({ id: taskExtensionRequests.id })
    .from(taskExtensionRequests)
    .where(
      and(eq(taskExtensionRequests.taskId, taskId), eq(taskExtensionRequests.status, "pending")),
    );
  if (pending) throw new AppError("VALIDATION", THREAD_MESSAGES.alreadyPending);
  const at = clock();
  await tx.insert(taskExtensionRequests).values({
    taskId,
    requestedBy: actor.id,
    previousDueDate: row.task.dueDate,
    requestedDueDate: input.dueDate,
    reason: input.reason,
    createdAt: at,
  });
  await recordAudit(tx, at, [
    {
      actor: actorOf(actor),
      entity: "task",
      entityId: taskId,
      action: "extension_requested",
      changes: { requestedDueDate: { before: row.task.dueDate, after: input.dueDate } },
      reason: input.reason,
    },
  ]);
  const told = await notifier.notify(tx, {
    kind: "extension_requested",
    to: await deciders(tx, row.task),
    entity: "task",
    entityId: taskId,
    values: {
      subject: row.task.subject,
      by: actor.displayName,
      previousDueDate: row.task.dueDate,
      dueDate: input.dueDate,
      reason: input.reason,
    },
    actorId: actor.id,
  });
  return { told, restricted: row.task.restricted };
}

/** The assignee asks for a later due date, with a reason (one pending request at a time). */
export async function requestExtension(
  deps: ExtensionDeps,
  actor: CurrentUser,
  taskId: string,
  input: ExtensionRequestFields,
): Promise<void> {
  let written: { told: string[]; restricted: boolean };
  try {
    written = await deps.db.transaction((tx) => writeRequest(tx, deps, actor, taskId, input));
  } catch (err) {
    // Two requests racing past the check in writeRequest: the partial unique index keeps one.
    if (isUniqueViolation(err)) throw new AppError("VALIDATION", THREAD_MESSAGES.alreadyPending);
    throw err;
  }
  const task = { id: taskId, assignee: actor.id, restricted: written.restricted };
  announceExtension(deps.events, actor, task, written.told);
}
