import { eq } from "drizzle-orm";
import { todayIn } from "../../../shared/dates";
import { isLateStatus, type TaskStatus, THREAD_MESSAGES } from "../../../shared/tasks";
import type { CurrentUser } from "../../../shared/users";
import { tasks } from "../../db/schema";
import { AppError } from "../../http/errors";
import { announceExtension } from "./announce";
import { answer, lockPending } from "./answer";
import type { ExtensionDeps } from "./deps";

/**
 * The due date moves to the one asked for; the task's first due date is kept. A late task
 * whose new due date is not yet past is in progress again.
 */
export async function approveExtension(
  deps: ExtensionDeps,
  actor: CurrentUser,
  id: string,
): Promise<void> {
  const { db, events, sweeper, timeZone, clock } = deps;
  const day = todayIn(timeZone, clock());
  const result = await db.transaction(async (tx) => {
    const { request, row } = await lockPending(tx, id);
    const { task } = row;
    if (task.status === "completed") throw new AppError("VALIDATION", THREAD_MESSAGES.completed);
    const status: TaskStatus =
      isLateStatus(task.status) && request.requestedDueDate >= day ? "in_progress" : task.status;
    await tx
      .update(tasks)
      .set({
        dueDate: request.requestedDueDate,
        originalDueDate: task.originalDueDate ?? task.dueDate,
        status,
      })
      .where(eq(tasks.id, task.id));
    const notified = await answer(tx, deps, actor, id, task, {
      status: "approved",
      decisionReason: null,
      changes: {
        dueDate: { before: task.dueDate, after: request.requestedDueDate },
        ...(status !== task.status ? { status: { before: task.status, after: status } } : {}),
      },
      // The request's own reason is why the due date moved.
      auditReason: request.reason,
      values: { dueDate: request.requestedDueDate },
    });
    return {
      task: { id: task.id, assignee: task.assignedTo, restricted: task.restricted },
      notified,
    };
  });
  // Approved after midnight passed a date the request named: late again at once.
  await sweeper.sweep();
  announceExtension(events, actor, result.task, result.notified);
}
