import { eq } from "drizzle-orm";
import { DAK_MESSAGES, isRestricted, type MarkFields, PURPOSE_LABELS } from "../../../shared/dak";
import { formatDisplayDate } from "../../../shared/dates";
import { DEFAULT_LANGUAGE } from "../../../shared/i18n/languages";
import { message } from "../../../shared/i18n/message";
import { said } from "../../../shared/i18n/server-instance";
import type { CurrentUser } from "../../../shared/users";
import type { Db } from "../../db/client";
import { receipts, tasks, user } from "../../db/schema";
import { AppError } from "../../http/errors";
import { assignableName, insertTask } from "../../tasks/service";
import type { DakDeps } from "../deps";

type ReceiptRow = typeof receipts.$inferSelect;

/** A task made by marking a receipt, for announcing once its transaction has committed. */
export type MarkedTask = { id: string; assignedTo: string; told: string[]; restricted: boolean };

/** The task's description: the receipt's number, date, sender and the marking, in `to`'s language. */
async function taskDescription(tx: Db, receipt: ReceiptRow, mark: MarkFields): Promise<string> {
  const [officer] = await tx
    .select({ language: user.language })
    .from(user)
    .where(eq(user.id, mark.to));
  const language = officer?.language ?? DEFAULT_LANGUAGE;
  const values = {
    number: receipt.diaryNumber,
    date: formatDisplayDate(receipt.receivedOn, language),
    sender: receipt.senderOrganisation
      ? `${receipt.senderName}, ${receipt.senderOrganisation}`
      : receipt.senderName,
    purpose: said(PURPOSE_LABELS[mark.purpose], language),
    remark: mark.remark ?? "",
  };
  const key = mark.remark ? "dak:task.descriptionWithRemark" : "dak:task.description";
  return said(message(key, values), language);
}

/**
 * Marks `receipt` (locked by the caller in `tx`) to an officer: a task for them, its subject
 * the receipt's (their notice and the task's audit record with it), the receipt then marked.
 * A Confidential or Secret receipt makes a restricted task. Answers the task and the officer.
 */
export async function markIn(
  tx: Db,
  deps: Pick<DakDeps, "notifier" | "clock">,
  actor: CurrentUser,
  receipt: ReceiptRow,
  mark: MarkFields,
  today: string,
): Promise<{ task: MarkedTask; officerName: string; row: ReceiptRow }> {
  if (mark.dueDate < today) throw new AppError("VALIDATION", DAK_MESSAGES.dueBeforeToday);
  const officerName = await assignableName(tx, mark.to);
  if (officerName === null) throw new AppError("VALIDATION", DAK_MESSAGES.invalidMarkTo);
  const restricted = isRestricted(receipt.classification);
  const created = await insertTask(
    tx,
    deps,
    actor,
    {
      subject: receipt.subject,
      description: await taskDescription(tx, receipt, mark),
      assignedTo: mark.to,
      assignDate: today,
      dueDate: mark.dueDate,
      taskType: "Task",
      restricted,
      purpose: mark.purpose,
    },
    officerName,
  );
  const [row] = await tx
    .update(receipts)
    .set({
      status: "marked",
      taskId: created.id,
      markedTo: mark.to,
      markPurpose: mark.purpose,
      markRemark: mark.remark,
    })
    .where(eq(receipts.id, receipt.id))
    .returning();
  return { task: { ...created, assignedTo: mark.to, restricted }, officerName, row };
}

/** Whether a task exists, and who holds it, locked in `tx` for a receipt to be linked to it. */
export async function lockTask(tx: Db, taskId: string) {
  const [task] = await tx
    .select({ id: tasks.id, assignedTo: tasks.assignedTo, restricted: tasks.restricted })
    .from(tasks)
    .where(eq(tasks.id, taskId))
    .for("update");
  return task ?? null;
}
