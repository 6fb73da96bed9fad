import {
  DAK_MESSAGES,
  type DiariseFields,
  isRestricted,
  markingOf,
  type ReceiptItem,
} from "../../../shared/dak";
import { todayIn } from "../../../shared/dates";
import type { CurrentUser } from "../../../shared/users";
import { createdFields } from "../../audit/changes";
import { receiptScans, receipts } from "../../db/schema";
import { newObjectKey } from "../../files/storage";
import { checkUpload } from "../../files/validate-upload";
import { AppError } from "../../http/errors";
import { readOfficeSettings } from "../../office/settings";
import { announceNewTask } from "../../tasks/service";
import { receiptAuditState, recordReceiptAudit } from "../audit";
import type { DakDeps } from "../deps";
import { drawNumber } from "../numbering";
import { checkAgainstSettings, yearOf } from "../register-rules";
import { type MarkedTask, markIn } from "./marking";
import { readWrittenReceipt } from "./one";

/** The scans checked (type and size, by their bytes) and stored, before the entry is written. */
async function storeScans(
  { storage }: Pick<DakDeps, "storage">,
  actor: CurrentUser,
  files: File[],
) {
  const checked = await Promise.all(files.map(checkUpload));
  const stored: { key: string; fileName: string; mimeType: string }[] = [];
  try {
    for (const scan of checked) {
      const key = newObjectKey(actor.id, scan.extension);
      await storage.put("receipt-scans", key, scan.content);
      stored.push({ key, fileName: scan.fileName, mimeType: scan.mimeType });
    }
  } catch (err) {
    await Promise.all(stored.map((scan) => storage.remove("receipt-scans", scan.key)));
    throw err;
  }
  return stored;
}

/**
 * Diarise (and, with a marking, Diarise and Mark): the receipt gets the next diary number in
 * the transaction that writes it, its scans and its audit record; a marking makes the
 * officer's task in the same transaction. Answers the receipt as the diariser reads it.
 */
export async function diarise(
  deps: DakDeps,
  actor: CurrentUser,
  form: DiariseFields,
): Promise<{ receipt: ReceiptItem; officerName: string | null }> {
  const { db, storage, events, sweeper, timeZone, clock } = deps;
  const today = todayIn(timeZone, clock());
  if (form.receivedOn > today) throw new AppError("VALIDATION", DAK_MESSAGES.receivedInFuture);
  const { dak } = await readOfficeSettings(db);
  const { section, category = form.category } = checkAgainstSettings(dak, dak.diaryTemplate, form);
  const mark = markingOf(form);
  if (mark && mark.dueDate < today) throw new AppError("VALIDATION", DAK_MESSAGES.dueBeforeToday);
  const scans = await storeScans(deps, actor, form.scans);
  let written: {
    row: typeof receipts.$inferSelect;
    task: MarkedTask | null;
    officerName: string | null;
  };
  try {
    written = await db.transaction(async (tx) => {
      const diaryNumber = await drawNumber(tx, "diary", dak.diaryTemplate, {
        year: yearOf(today),
        section,
      });
      const [inserted] = await tx
        .insert(receipts)
        .values({
          diaryNumber,
          section,
          receivedOn: form.receivedOn,
          mode: form.mode,
          senderName: form.senderName,
          senderDesignation: form.senderDesignation,
          senderOrganisation: form.senderOrganisation,
          senderAddress: form.senderAddress,
          letterNumber: form.letterNumber,
          letterDate: form.letterDate,
          subject: form.subject,
          category,
          classification: form.classification,
          enclosures: form.enclosures,
          remarks: form.remarks,
          createdBy: actor.id,
          createdAt: clock(),
        })
        .returning();
      if (scans.length > 0)
        await tx.insert(receiptScans).values(
          scans.map((scan, position) => ({
            receiptId: inserted.id,
            position,
            fileName: scan.fileName,
            filePath: scan.key,
            fileType: scan.mimeType,
          })),
        );
      const marked = mark ? await markIn(tx, deps, actor, inserted, mark, today) : null;
      const row = marked?.row ?? inserted;
      const state = receiptAuditState(row, {
        officerName: marked?.officerName ?? null,
        scans: scans.map((scan) => scan.fileName),
      });
      await recordReceiptAudit(tx, clock(), actor, {
        id: row.id,
        action: "created",
        changes: createdFields(state),
      });
      return { row, task: marked?.task ?? null, officerName: marked?.officerName ?? null };
    });
  } catch (err) {
    await Promise.all(scans.map((scan) => storage.remove("receipt-scans", scan.key)));
    throw err;
  }
  if (written.task) {
    await sweeper.sweep();
    announceNewTask(events, actor, written.task);
  }
  announceReceipt(deps, actor, written.row, "created");
  const receipt = await readWrittenReceipt(deps, actor, written.row.id);
  return { receipt, officerName: written.officerName };
}

/**
 * The live event of a receipt's change, heard by those who may read it (live/audience.ts):
 * a Confidential or Secret one by administrators and its officer only.
 */
export function announceReceipt(
  { events }: Pick<DakDeps, "events">,
  actor: CurrentUser,
  row: Pick<typeof receipts.$inferSelect, "id" | "classification" | "markedTo">,
  action: "created" | "updated",
): void {
  events.emit({
    entity: "receipt",
    id: row.id,
    action,
    assignees: row.markedTo ? [row.markedTo] : [],
    restricted: isRestricted(row.classification),
    actorId: actor.id,
  });
}
