import { eq } from "drizzle-orm";
import type { AuditAction } from "../../../shared/audit";
import { THREAD_MESSAGES, type UpdateTaskFields } from "../../../shared/tasks";
import { actorOf, changedFields, hasChanges } from "../../audit/changes";
import type { AuditEvent } from "../../audit/record";
import { holdingColumns, recordHolding } from "../../custody/holdings";
import type { Db } from "../../db/client";
import { tasks } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { Notice } from "../../notifications/notify";
import { TASK_AUDIT_KEYS, taskAuditState } from "../audit";
import type { TaskRow } from "../present";
import type { TaskActor, TaskDeps } from "./deps";

/** A due date moves only with a reason (kept in the audit trail). */
export function assertDueDateReason(
  stored: { dueDate: string },
  form: Pick<UpdateTaskFields, "dueDate" | "dueDateReason">,
) {
  if (form.dueDate !== stored.dueDate && !form.dueDateReason)
    throw new AppError("VALIDATION", THREAD_MESSAGES.dueDateReasonRequired);
}

type TaskBefore = Pick<TaskRow["task"], "subject" | "assignedTo" | "dueDate" | "status">;
type TaskAfter = Pick<UpdateTaskFields, "subject" | "assignedTo" | "dueDate" | "status">;

/**
 * What an admin's edit tells people: a new assignee gets the task and the previous one hears
 * where it went; otherwise the assignee hears of a moved due date and of completion. Edit Task,
 * Mark Completed and the bulk actions (bulk.ts) tell people through it, via writeTaskEdit.
 */
export function editNotices(
  id: string,
  before: TaskBefore,
  after: TaskAfter,
  newAssigneeName: string,
): Omit<Notice, "actorId">[] {
  const values = { subject: after.subject, dueDate: after.dueDate };
  if (after.assignedTo !== before.assignedTo) {
    return [
      { kind: "task_assigned", to: [after.assignedTo], entity: "task", entityId: id, values },
      {
        kind: "task_unassigned",
        to: [before.assignedTo],
        entity: "task",
        entityId: id,
        values: { subject: after.subject, by: newAssigneeName },
      },
    ];
  }
  const notices: Omit<Notice, "actorId">[] = [];
  if (after.dueDate !== before.dueDate)
    notices.push({
      kind: "task_due_date_changed",
      to: [after.assignedTo],
      entity: "task",
      entityId: id,
      values: { ...values, previousDueDate: before.dueDate },
    });
  if (after.status === "completed" && before.status !== "completed")
    notices.push({
      kind: "task_completed",
      to: [after.assignedTo],
      entity: "task",
      entityId: id,
      values,
    });
  return notices;
}

/** The columns an admin's change to a task sets; the dates they imply follow (writeTaskEdit). */
export type TaskEdit = Partial<
  Pick<
    typeof tasks.$inferInsert,
    | "subject"
    | "description"
    | "assignedTo"
    | "assignDate"
    | "dueDate"
    | "status"
    | "remarks"
    | "taskType"
    | "attachmentName"
    | "attachmentPath"
  >
>;

/**
 * One admin change to one task, in `tx` under the caller's lock on `before`: Edit Task, Mark
 * Completed and the bulk actions (bulk.ts) all write through it. A moved due date needs its
 * reason and keeps the task's first one; completion dates the task `today` (once). Sends the
 * notices editNotices names and answers who was told, with the audit record of the change (null
 * when nothing changed): the caller records it, a bulk action all of its tasks' in one go.
 */
export async function writeTaskEdit(
  tx: Db,
  { notifier, clock }: Pick<TaskDeps, "notifier" | "clock">,
  actor: TaskActor,
  before: TaskRow,
  edit: TaskEdit,
  context: {
    today: string;
    /** The new assignee's name (assignableName) when the edit reassigns the task. */
    assigneeName: string;
    dueDateReason: string;
    action: Extract<AuditAction, "updated" | "completed">;
  },
): Promise<{ told: string[]; audit: AuditEvent | null }> {
  const id = before.task.id;
  const next = { ...before.task, ...edit };
  assertDueDateReason(before.task, { dueDate: next.dueDate, dueDateReason: context.dueDateReason });
  const movesDueDate = next.dueDate !== before.task.dueDate;
  const wasCompleted = before.task.status === "completed";
  // Given to someone else by an admin: a new holding, for necessary action, answering to them.
  const holding =
    next.assignedTo !== before.task.assignedTo
      ? {
          kind: "assigned" as const,
          from: { id: actor.id, name: actor.displayName },
          to: { id: next.assignedTo, name: context.assigneeName },
          purpose: "action" as const,
          issuerId: actor.id,
        }
      : null;
  const at = clock();
  if (holding) await recordHolding(tx, before.task.id, holding, at);
  const [task] = await tx
    .update(tasks)
    .set({
      ...edit,
      ...(holding ? holdingColumns(holding, at) : {}),
      originalDueDate: movesDueDate
        ? (before.task.originalDueDate ?? before.task.dueDate)
        : before.task.originalDueDate,
      completionDate:
        next.status === "completed"
          ? wasCompleted
            ? before.task.completionDate
            : context.today
          : null,
    })
    .where(eq(tasks.id, id))
    .returning();
  const reassigned = task.assignedTo !== before.task.assignedTo;
  const told: string[] = [];
  for (const notice of editNotices(id, before.task, task, context.assigneeName))
    told.push(...(await notifier.notify(tx, { ...notice, actorId: actor.id })));
  const after = {
    task,
    assignee: reassigned ? { name: context.assigneeName } : before.assignee,
    file: before.file,
  };
  const changes = changedFields(taskAuditState(before), taskAuditState(after), TASK_AUDIT_KEYS);
  if (!hasChanges(changes)) return { told, audit: null };
  return {
    told,
    audit: {
      actor: actorOf(actor),
      entity: "task",
      entityId: id,
      action: context.action,
      changes,
      reason: movesDueDate ? context.dueDateReason : null,
    },
  };
}
