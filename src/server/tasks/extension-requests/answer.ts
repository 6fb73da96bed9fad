import { eq } from "drizzle-orm";
import type { AuditChanges } from "../../../shared/audit";
import type { NotificationValues } from "../../../shared/notifications";
import { type ExtensionStatus, TASK_MESSAGES, THREAD_MESSAGES } from "../../../shared/tasks";
import type { CurrentUser } from "../../../shared/users";
import { actorOf } from "../../audit/changes";
import { recordAudit } from "../../audit/record";
import type { Db } from "../../db/client";
import { taskExtensionRequests } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { TaskRow } from "../present";
import { readTaskRow } from "../rows";
import type { ExtensionDeps } from "./deps";

/** The pending request `id`, locked with its task for the rest of the transaction. */
export async function lockPending(tx: Db, id: string) {
  const [request] = await tx
    .select()
    .from(taskExtensionRequests)
    .where(eq(taskExtensionRequests.id, id))
    .for("update");
  if (!request) throw new AppError("NOT_FOUND", THREAD_MESSAGES.notFound);
  if (request.status !== "pending") throw new AppError("CONFLICT", THREAD_MESSAGES.notPending);
  const row = await readTaskRow(tx, request.taskId, { lock: true });
  if (!row) throw new AppError("NOT_FOUND", TASK_MESSAGES.notFound);
  return { request, row };
}

/**
 * The answer's common part, in `tx`: the request marked answered, its audit record, and the
 * assignee told. Answers who was told, for the announcement after the commit.
 */
export async function answer(
  tx: Db,
  { notifier, clock }: Pick<ExtensionDeps, "notifier" | "clock">,
  actor: CurrentUser,
  id: string,
  task: TaskRow["task"],
  outcome: {
    status: Exclude<ExtensionStatus, "pending">;
    decisionReason: string | null;
    changes: AuditChanges;
    auditReason: string;
    values: NotificationValues;
  },
): Promise<string[]> {
  await tx
    .update(taskExtensionRequests)
    .set({
      status: outcome.status,
      decidedBy: actor.id,
      decidedAt: clock(),
      decisionReason: outcome.decisionReason,
    })
    .where(eq(taskExtensionRequests.id, id));
  await recordAudit(tx, clock(), [
    {
      actor: actorOf(actor),
      entity: "task",
      entityId: task.id,
      action: outcome.status === "approved" ? "extension_approved" : "extension_declined",
      changes: outcome.changes,
      reason: outcome.auditReason,
    },
  ]);
  return notifier.notify(tx, {
    kind: outcome.status === "approved" ? "extension_approved" : "extension_declined",
    to: [task.assignedTo],
    entity: "task",
    entityId: task.id,
    values: { subject: task.subject, ...outcome.values },
    actorId: actor.id,
  });
}
