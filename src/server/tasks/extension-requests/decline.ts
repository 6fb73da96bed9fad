import type { CurrentUser } from "../../../shared/users";
import { announceExtension } from "./announce";
import { answer, lockPending } from "./answer";
import type { ExtensionDeps } from "./deps";

/** The request is declined with a reason; the task's due date stays. */
export async function declineExtension(
  deps: ExtensionDeps,
  actor: CurrentUser,
  id: string,
  reason: string,
): Promise<void> {
  const result = await deps.db.transaction(async (tx) => {
    const { request, row } = await lockPending(tx, id);
    const { task } = row;
    const notified = await answer(tx, deps, actor, id, task, {
      status: "declined",
      decisionReason: reason,
      changes: {
        requestedDueDate: { before: task.dueDate, after: request.requestedDueDate },
      },
      auditReason: reason,
      values: { reason },
    });
    return {
      task: { id: task.id, assignee: task.assignedTo, restricted: task.restricted },
      notified,
    };
  });
  announceExtension(deps.events, actor, result.task, result.notified);
}
