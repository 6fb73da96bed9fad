import type { MarkPurpose } from "../../../shared/dak";
import type { CreateTaskFields } from "../../../shared/tasks";
import type { CurrentUser } from "../../../shared/users";
import { actorOf, createdFields } from "../../audit/changes";
import { recordAudit } from "../../audit/record";
import { holdingColumns, recordHolding } from "../../custody/holdings";
import type { Db } from "../../db/client";
import { tasks } from "../../db/schema";
import type { EventBus } from "../../events/bus";
import { announceNotifications } from "../../notifications/notify";
import { taskAuditState } from "../audit";
import type { TaskActor, TaskDeps } from "./deps";

/** A new task's fields as insertTask writes them; the attachment already stored. */
export type NewTask = Pick<
  CreateTaskFields,
  "subject" | "description" | "assignedTo" | "assignDate" | "dueDate" | "taskType"
> & {
  attachment?: { fileName: string; key: string } | null;
  /** Made from a Confidential or Secret receipt (dak/): admins and its assignee read it. */
  restricted?: boolean;
  /** Why it goes to its assignee: a receipt's marking says; necessary action otherwise. */
  purpose?: MarkPurpose;
};

/**
 * Writes a new task, its assignee's task_assigned notice and its "created" audit record in
 * `tx`, the caller's transaction: Create Task and a decision save (decisions/record.ts) create
 * tasks through this one path. Answers the task's id, who was told and whether it is restricted;
 * once the transaction has committed, the caller sweeps and calls announceNewTask.
 */
export async function insertTask(
  tx: Db,
  { notifier, clock }: Pick<TaskDeps, "notifier" | "clock">,
  actor: TaskActor,
  fields: NewTask,
  assigneeName: string,
): Promise<{ id: string; told: string[]; restricted: boolean }> {
  const at = clock();
  const holding = {
    kind: "assigned" as const,
    from: { id: actor.id, name: actor.displayName },
    to: { id: fields.assignedTo, name: assigneeName },
    purpose: fields.purpose ?? "action",
    issuerId: actor.id,
  };
  const [task] = await tx
    .insert(tasks)
    .values({
      ...holdingColumns(holding, at),
      subject: fields.subject,
      description: fields.description,
      createdBy: actor.id,
      assignDate: fields.assignDate,
      dueDate: fields.dueDate,
      status: "in_progress",
      taskType: fields.taskType,
      attachmentName: fields.attachment?.fileName ?? null,
      attachmentPath: fields.attachment?.key ?? null,
      restricted: fields.restricted ?? false,
    })
    .returning();
  await recordHolding(tx, task.id, holding, at);
  const told = await notifier.notify(tx, {
    kind: "task_assigned",
    to: [fields.assignedTo],
    entity: "task",
    entityId: task.id,
    values: { subject: fields.subject, dueDate: fields.dueDate },
    actorId: actor.id,
  });
  const state = taskAuditState({ task, assignee: { name: assigneeName }, file: null });
  await recordAudit(tx, at, [
    {
      actor: actorOf(actor),
      entity: "task",
      entityId: task.id,
      action: "created",
      changes: createdFields(state),
    },
  ]);
  return { id: task.id, told, restricted: task.restricted };
}

/** After insertTask's transaction has committed: the live event and the bell's news. */
export function announceNewTask(
  events: EventBus,
  actor: Pick<CurrentUser, "id">,
  task: { id: string; assignedTo: string; told: readonly string[]; restricted: boolean },
): void {
  const assignees = [task.assignedTo];
  events.emit({
    entity: "task",
    id: task.id,
    action: "created",
    assignees,
    restricted: task.restricted,
    actorId: actor.id,
  });
  announceNotifications(events, task.told);
}
