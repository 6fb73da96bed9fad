import { todayIn } from "../../../shared/dates";
import { LINK_TTL } from "../../../shared/files";
import { TASK_MESSAGES, type UpdateTaskFields } from "../../../shared/tasks";
import type { CurrentUser } from "../../../shared/users";
import { recordAudit } from "../../audit/record";
import { assertOpenedOnCurrent } from "../../audit/versions";
import type { Db } from "../../db/client";
import type { tasks } from "../../db/schema";
import { AppError } from "../../http/errors";
import { announceNotifications } from "../../notifications/notify";
import { presentTask, type TaskRow } from "../present";
import { readTaskRow } from "../rows";
import { addProgressEntry } from "../thread";
import { assertAssignable } from "./assignee";
import { storeAttachment } from "./attachment";
import type { TaskDeps } from "./deps";
import { assertDueDateReason, writeTaskEdit } from "./edit";

/** A task as the version check reads it (server/audit/versions.ts). */
function versioned(task: typeof tasks.$inferSelect) {
  return { entity: "task" as const, id: task.id, version: task.version, updatedAt: task.updatedAt };
}

/**
 * The edit in `tx`, under the lock on the task: checked against the form's version again,
 * written (edit.ts writeTaskEdit) with its thread entry and audit record. Answers who was told
 * and whether the task is restricted.
 */
async function writeUpdate(
  tx: Db,
  { notifier, timeZone, clock }: Pick<TaskDeps, "notifier" | "timeZone" | "clock">,
  actor: CurrentUser,
  id: string,
  form: UpdateTaskFields,
  upload: {
    /** The new assignee's name when the form reassigns the task (writeTaskEdit). */
    assigneeName: string;
    stored: { fileName: string; key: string } | null;
    dropOld: boolean;
  },
): Promise<{ told: string[]; restricted: boolean }> {
  const { stored } = upload;
  const before = await readTaskRow(tx, id, { lock: true });
  if (!before) throw new AppError("NOT_FOUND", TASK_MESSAGES.notFound);
  await assertOpenedOnCurrent(tx, versioned(before.task), form.version, TASK_MESSAGES, timeZone);
  const written = await writeTaskEdit(
    tx,
    { notifier, clock },
    actor,
    before,
    {
      subject: form.subject,
      description: form.description,
      assignedTo: form.assignedTo,
      assignDate: form.assignDate,
      dueDate: form.dueDate,
      status: form.status,
      remarks: form.remarks,
      taskType: form.taskType,
      ...(upload.dropOld
        ? { attachmentName: stored?.fileName ?? null, attachmentPath: stored?.key ?? null }
        : {}),
    },
    {
      today: todayIn(timeZone, clock()),
      assigneeName: upload.assigneeName,
      dueDateReason: form.dueDateReason,
      action: "updated",
    },
  );
  const at = clock();
  // An admin's new remarks are the latest word in the thread, as an assignee's are.
  if (form.remarks && form.remarks !== (before.task.remarks ?? ""))
    await addProgressEntry(tx, {
      taskId: id,
      authorId: actor.id,
      kind: "progress",
      body: form.remarks,
      at,
    });
  await recordAudit(tx, at, written.audit ? [written.audit] : []);
  return { told: written.told, restricted: before.task.restricted };
}

/**
 * Edit Task: checked, its new attachment stored, then written in one transaction (writeUpdate);
 * the attachment it replaces is removed once that has committed.
 */
export async function updateTask(
  deps: TaskDeps,
  actor: CurrentUser,
  id: string,
  form: UpdateTaskFields,
) {
  const { db, storage, links, events, sweeper, timeZone } = deps;
  const existing = await readTaskRow(db, id);
  if (!existing) throw new AppError("NOT_FOUND", TASK_MESSAGES.notFound);
  // First: a stale form's due date differs from the stored one without being moved.
  await assertOpenedOnCurrent(db, versioned(existing.task), form.version, TASK_MESSAGES, timeZone);
  assertDueDateReason(existing.task, form);
  const reassigned = form.assignedTo !== existing.task.assignedTo;
  const assigneeName = reassigned ? await assertAssignable(db, form.assignedTo) : "";
  const stored = await storeAttachment(storage, form.attachment, form.assignedTo);
  const dropOld = Boolean(stored) || form.removeAttachment;
  let written: { told: string[]; restricted: boolean };
  try {
    written = await db.transaction((tx) =>
      writeUpdate(tx, deps, actor, id, form, { assigneeName, stored, dropOld }),
    );
  } catch (err) {
    if (stored) await storage.remove("task-attachments", stored.key);
    throw err;
  }
  if (dropOld && existing.task.attachmentPath)
    await storage.remove("task-attachments", existing.task.attachmentPath);
  // Back to in progress with a due date already past is overdue at once.
  await sweeper.sweep();
  // The previous assignee hears of it too: the task leaves their list.
  const assignees = [existing.task.assignedTo, form.assignedTo];
  const { restricted } = written;
  events.emit({ entity: "task", id, action: "updated", assignees, restricted, actorId: actor.id });
  announceNotifications(events, written.told);
  return presentTask((await readTaskRow(db, id)) as TaskRow, links, LINK_TTL.view, actor);
}
