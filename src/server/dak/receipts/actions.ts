import { and, eq, or } from "drizzle-orm";
import {
  type AmendReceiptFields,
  type Classification,
  DAK_MESSAGES,
  isRestricted,
  type MarkFields,
  type ReceiptItem,
} from "../../../shared/dak";
import { todayIn } from "../../../shared/dates";
import type { CurrentUser } from "../../../shared/users";
import { hasChanges } from "../../audit/changes";
import { assertOpenedOnCurrent } from "../../audit/versions";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { dispatches, receiptScans, receipts, tasks, user } from "../../db/schema";
import { AppError } from "../../http/errors";
import { readOfficeSettings } from "../../office/settings";
import { announceNewTask } from "../../tasks/service";
import { receiptAuditState, receiptChanges, recordReceiptAudit } from "../audit";
import type { DakDeps } from "../deps";
import { dakActor, receiptsReadableBy } from "../policy";
import { checkAgainstSettings } from "../register-rules";
import { announceReceipt } from "./diarise";
import { lockTask, markIn } from "./marking";
import { readReceipt, readWrittenReceipt } from "./one";

type ReceiptRow = typeof receipts.$inferSelect;

/** The receipt, locked in `tx`, if `actor` may read it; 404 otherwise. */
async function lockReceipt(tx: Db, actor: CurrentUser, id: string): Promise<ReceiptRow> {
  const [row] = await tx
    .select()
    .from(receipts)
    .where(and(eq(receipts.id, id), receiptsReadableBy(dakActor(actor))))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND", DAK_MESSAGES.receiptNotFound);
  return row;
}

/** Only a pending receipt is marked, linked or closed. */
function assertPending(row: ReceiptRow): void {
  if (row.status === "closed") throw new AppError("CONFLICT", DAK_MESSAGES.alreadyClosed);
  if (row.status === "marked") throw new AppError("CONFLICT", DAK_MESSAGES.alreadyMarked);
}

/** What the trail keeps of `row`, with its officer's name and its scans' names read in `tx`. */
async function auditStateIn(tx: Db, row: ReceiptRow) {
  const [officer] = row.markedTo
    ? await tx.select({ name: user.name }).from(user).where(eq(user.id, row.markedTo))
    : [];
  const scans = await tx
    .select({ fileName: receiptScans.fileName })
    .from(receiptScans)
    .where(eq(receiptScans.receiptId, row.id))
    .orderBy(receiptScans.position);
  return receiptAuditState(row, {
    officerName: officer?.name ?? null,
    scans: scans.map((scan) => scan.fileName),
  });
}

/**
 * The replies already dispatched for a receipt made (or linked) Confidential or Secret become
 * as restricted as it: a dispatch's classification is a copy of what it answers.
 */
async function restrictReplies(
  tx: Db,
  answering: { receiptId: string; taskId: string | null },
  classification: Classification,
): Promise<void> {
  await tx
    .update(dispatches)
    .set({ classification })
    .where(
      or(
        eq(dispatches.receiptId, answering.receiptId),
        answering.taskId ? eq(dispatches.taskId, answering.taskId) : undefined,
      ),
    );
}

/** Mark: a pending receipt goes to an officer as a task (marking.ts). */
export async function markReceipt(
  deps: DakDeps,
  actor: CurrentUser,
  id: string,
  mark: MarkFields,
): Promise<{ receipt: ReceiptItem; officerName: string }> {
  const { db, events, sweeper, timeZone, clock } = deps;
  const today = todayIn(timeZone, clock());
  const done = await db.transaction(async (tx) => {
    const before = await lockReceipt(tx, actor, id);
    assertPending(before);
    const beforeState = await auditStateIn(tx, before);
    const marked = await markIn(tx, deps, actor, before, mark, today);
    await recordReceiptAudit(tx, clock(), actor, {
      id,
      action: "marked",
      changes: receiptChanges(beforeState, await auditStateIn(tx, marked.row)),
    });
    return marked;
  });
  await sweeper.sweep();
  announceNewTask(events, actor, done.task);
  announceReceipt(deps, actor, done.row, "updated");
  return { receipt: await readReceipt(deps, actor, id), officerName: done.officerName };
}

/**
 * Link to a task: a pending receipt is carried by a task that already exists (and has no
 * receipt of its own); its holder becomes the receipt's officer. A Confidential or Secret
 * receipt restricts the task.
 */
export async function linkReceipt(
  deps: DakDeps,
  actor: CurrentUser,
  id: string,
  taskId: string,
): Promise<ReceiptItem> {
  const { db, clock } = deps;
  const row = await db
    .transaction(async (tx) => {
      const before = await lockReceipt(tx, actor, id);
      assertPending(before);
      const task = await lockTask(tx, taskId);
      if (!task) throw new AppError("VALIDATION", DAK_MESSAGES.taskNotFound);
      const beforeState = await auditStateIn(tx, before);
      const [after] = await tx
        .update(receipts)
        .set({ status: "marked", taskId, markedTo: task.assignedTo })
        .where(eq(receipts.id, id))
        .returning();
      if (isRestricted(before.classification) && !task.restricted)
        await tx.update(tasks).set({ restricted: true }).where(eq(tasks.id, taskId));
      if (isRestricted(before.classification))
        await restrictReplies(tx, { receiptId: id, taskId }, before.classification);
      await recordReceiptAudit(tx, clock(), actor, {
        id,
        action: "linked",
        changes: receiptChanges(beforeState, await auditStateIn(tx, after)),
      });
      return after;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new AppError("CONFLICT", DAK_MESSAGES.taskHasReceipt);
      throw err;
    });
  announceReceipt(deps, actor, row, "updated");
  return readReceipt(deps, actor, id);
}

/** Close: a pending receipt is filed with a reason (no action needed). */
export async function closeReceipt(
  deps: DakDeps,
  actor: CurrentUser,
  id: string,
  reason: string,
): Promise<ReceiptItem> {
  const { db, clock } = deps;
  const row = await db.transaction(async (tx) => {
    const before = await lockReceipt(tx, actor, id);
    assertPending(before);
    const beforeState = await auditStateIn(tx, before);
    const [after] = await tx
      .update(receipts)
      .set({ status: "closed", closeReason: reason, closedAt: clock(), closedBy: actor.id })
      .where(eq(receipts.id, id))
      .returning();
    await recordReceiptAudit(tx, clock(), actor, {
      id,
      action: "closed",
      changes: receiptChanges(beforeState, await auditStateIn(tx, after)),
    });
    return after;
  });
  announceReceipt(deps, actor, row, "updated");
  return readReceipt(deps, actor, id);
}

/**
 * Amend: a correction of what was diarised, with its reason on record. The diary number never
 * changes. A receipt made Confidential or Secret restricts its task (one made Normal again
 * leaves the task as it is: an administrator may still keep it restricted).
 */
export async function amendReceipt(
  deps: DakDeps,
  actor: CurrentUser,
  id: string,
  input: AmendReceiptFields,
): Promise<ReceiptItem> {
  const { db, timeZone, clock } = deps;
  const today = todayIn(timeZone, clock());
  if (input.receivedOn > today) throw new AppError("VALIDATION", DAK_MESSAGES.receivedInFuture);
  const { dak } = await readOfficeSettings(db);
  const row = await db.transaction(async (tx) => {
    const before = await lockReceipt(tx, actor, id);
    await assertOpenedOnCurrent(
      tx,
      { entity: "receipt", id, version: before.version, updatedAt: before.updatedAt },
      input.version,
      DAK_MESSAGES,
      timeZone,
    );
    // A section or category the office has since dropped may stay as it was diarised.
    const { section, category = input.category } = checkAgainstSettings(
      {
        ...dak,
        sections: [...dak.sections, ...(before.section ? [before.section] : [])],
        categories: [...dak.categories, before.category],
      },
      dak.diaryTemplate,
      input,
    );
    const beforeState = await auditStateIn(tx, before);
    const { reason, version: _version, ...fields } = input;
    const columns = { ...fields, section, category };
    // An amendment that changes nothing writes nothing (no record, no new version).
    const changes = receiptChanges(
      beforeState,
      receiptAuditState(
        { ...before, ...columns },
        { officerName: beforeState.markedTo?.name ?? null, scans: beforeState.scans },
      ),
    );
    if (!hasChanges(changes)) return before;
    const [after] = await tx.update(receipts).set(columns).where(eq(receipts.id, id)).returning();
    if (isRestricted(after.classification) && after.taskId)
      await tx.update(tasks).set({ restricted: true }).where(eq(tasks.id, after.taskId));
    if (isRestricted(after.classification))
      await restrictReplies(tx, { receiptId: id, taskId: after.taskId }, after.classification);
    await recordReceiptAudit(tx, clock(), actor, { id, action: "amended", changes, reason });
    return after;
  });
  announceReceipt(deps, actor, row, "updated");
  return readWrittenReceipt(deps, actor, id);
}
