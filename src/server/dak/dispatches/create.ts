import { and, eq, type SQL } from "drizzle-orm";
import {
  type Classification,
  DAK_MESSAGES,
  type DispatchFields,
  type DispatchItem,
  isRestricted,
} from "../../../shared/dak";
import { todayIn } from "../../../shared/dates";
import type { CurrentUser } from "../../../shared/users";
import type { Db } from "../../db/client";
import { dispatches, receipts, taskProgressFiles, tasks } from "../../db/schema";
import { newObjectKey } from "../../files/storage";
import { checkUpload } from "../../files/validate-upload";
import { AppError } from "../../http/errors";
import { readOfficeSettings } from "../../office/settings";
import { recordDispatchAudit } from "../audit";
import type { DakDeps } from "../deps";
import { drawNumber } from "../numbering";
import { dakActor, receiptsReadableBy } from "../policy";
import { checkAgainstSettings, yearOf } from "../register-rules";
import { readDispatch } from "./read";

type Answered = {
  receipt: { id: string; diaryNumber: string; classification: Classification } | null;
  task: { id: string; restricted: boolean } | null;
};

/**
 * What the dispatch answers: the receipt and the task named, each completing the other (a
 * task's receipt, a receipt's task). A receipt or a restricted task the dispatcher may not
 * read is not found.
 */
async function answered(tx: Db, actor: CurrentUser, form: DispatchFields): Promise<Answered> {
  const readable = receiptsReadableBy(dakActor(actor));
  const receiptBy = async (where: SQL) => {
    const [row] = await tx
      .select({
        id: receipts.id,
        diaryNumber: receipts.diaryNumber,
        classification: receipts.classification,
        taskId: receipts.taskId,
      })
      .from(receipts)
      .where(and(where, readable))
      .for("share");
    return row ?? null;
  };
  let receipt = form.receiptId ? await receiptBy(eq(receipts.id, form.receiptId)) : null;
  if (form.receiptId && !receipt) throw new AppError("VALIDATION", DAK_MESSAGES.receiptNotFound);
  // A receipt carried by one task does not answer through another.
  if (receipt?.taskId && form.taskId && receipt.taskId !== form.taskId)
    throw new AppError("VALIDATION", DAK_MESSAGES.receiptNotOfTask);
  const taskId = form.taskId ?? receipt?.taskId ?? null;
  let task: Answered["task"] = null;
  if (taskId) {
    const [row] = await tx
      .select({ id: tasks.id, restricted: tasks.restricted })
      .from(tasks)
      .where(eq(tasks.id, taskId))
      .for("share");
    if (!row || (row.restricted && actor.role !== "admin"))
      throw new AppError("VALIDATION", DAK_MESSAGES.taskNotFound);
    task = row;
    receipt ??= await receiptBy(eq(receipts.taskId, taskId));
  }
  return { receipt, task };
}

/**
 * The letter's copy: the PDF sent, or the response file of the task answered (Dispatch Reply;
 * the task named, or the one carrying the receipt named) copied.
 */
async function storeLetter(
  { db, storage }: Pick<DakDeps, "db" | "storage">,
  actor: CurrentUser,
  form: DispatchFields,
  taskId: string | null,
): Promise<{ key: string; fileName: string } | null> {
  if (form.letter) {
    const checked = await checkUpload(form.letter);
    if (checked.mimeType !== "application/pdf")
      throw new AppError("VALIDATION", DAK_MESSAGES.letterNotPdf);
    const key = newObjectKey(actor.id, checked.extension);
    await storage.put("dispatch-letters", key, checked.content);
    return { key, fileName: checked.fileName };
  }
  if (!form.useResponseFile) return null;
  if (!taskId) throw new AppError("VALIDATION", DAK_MESSAGES.noResponseFile);
  const [file] = await db
    .select()
    .from(taskProgressFiles)
    .where(eq(taskProgressFiles.taskId, taskId));
  const stored = file && (await storage.open("task-progress-files", file.filePath));
  if (!file || !stored) throw new AppError("VALIDATION", DAK_MESSAGES.noResponseFile);
  if (file.fileType !== "application/pdf") {
    await stored.body.cancel();
    throw new AppError("VALIDATION", DAK_MESSAGES.letterNotPdf);
  }
  const key = newObjectKey(actor.id, "pdf");
  await storage.put("dispatch-letters", key, stored.body);
  return { key, fileName: file.fileName };
}

/**
 * Dispatch (and Dispatch Reply, from a task): the letter gets the next dispatch number in the
 * transaction that writes it and its audit record. A reply to a Confidential or Secret receipt
 * (or a restricted task) is as restricted as what it answers.
 */
export async function createDispatch(
  deps: DakDeps,
  actor: CurrentUser,
  form: DispatchFields,
): Promise<DispatchItem> {
  const { db, storage, events, timeZone, clock } = deps;
  const today = todayIn(timeZone, clock());
  if (form.dispatchedOn > today) throw new AppError("VALIDATION", DAK_MESSAGES.dispatchedInFuture);
  const { dak } = await readOfficeSettings(db);
  const { section } = checkAgainstSettings(dak, dak.dispatchTemplate, { section: form.section });
  // Read once before the letter is stored, so a reply by its receipt alone finds the task's
  // response file and nothing unreadable is copied; read again, locked, as it is written.
  const answering = await answered(db, actor, form);
  const letter = await storeLetter(deps, actor, form, answering.task?.id ?? null);
  let row: typeof dispatches.$inferSelect;
  let officer: string | null = null;
  try {
    row = await db.transaction(async (tx) => {
      const { receipt, task } = await answered(tx, actor, form);
      const classification: Classification =
        receipt?.classification ?? (task?.restricted ? "confidential" : "normal");
      const dispatchNumber = await drawNumber(tx, "dispatch", dak.dispatchTemplate, {
        year: yearOf(today),
        section,
      });
      const [inserted] = await tx
        .insert(dispatches)
        .values({
          dispatchNumber,
          section,
          dispatchedOn: form.dispatchedOn,
          addressees: form.addressees,
          subject: form.subject,
          mode: form.mode,
          signedBy: form.signedBy,
          enclosures: form.enclosures,
          receiptId: receipt?.id ?? null,
          taskId: task?.id ?? null,
          classification,
          letterName: letter?.fileName ?? null,
          letterPath: letter?.key ?? null,
          createdBy: actor.id,
          createdAt: clock(),
        })
        .returning();
      if (task) {
        const [holder] = await tx
          .select({ id: tasks.assignedTo })
          .from(tasks)
          .where(eq(tasks.id, task.id));
        officer = holder?.id ?? null;
      }
      await recordDispatchAudit(tx, clock(), actor, inserted, {
        diaryNumber: receipt?.diaryNumber ?? null,
      });
      return inserted;
    });
  } catch (err) {
    if (letter) await storage.remove("dispatch-letters", letter.key);
    throw err;
  }
  events.emit({
    entity: "dispatch",
    id: row.id,
    action: "created",
    assignees: officer ? [officer] : [],
    restricted: isRestricted(row.classification),
    actorId: actor.id,
  });
  return readDispatch(deps, actor, row.id);
}
