import { asc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ReceiptItem } from "../../../shared/dak";
import { LINK_TTL } from "../../../shared/files";
import type { CurrentUser } from "../../../shared/users";
import { displayNameOf } from "../../../shared/users";
import type { Db } from "../../db/client";
import { receiptScans, receipts, tasks, user } from "../../db/schema";
import type { SignedLinks } from "../../files/signed-links";
import { dakActor, receiptAbilities } from "../policy";

const officer = alias(user, "officer");
const diariser = alias(user, "diariser");

/** A receipt with the names and the task it shows; filter, order and window it as needed. */
export function selectReceiptRows(db: Db) {
  return db
    .select({
      receipt: receipts,
      officer: {
        id: officer.id,
        name: officer.name,
        email: officer.email,
        username: officer.username,
        nameShared: officer.nameShared,
      },
      diariser: {
        id: diariser.id,
        name: diariser.name,
        email: diariser.email,
        username: diariser.username,
        nameShared: diariser.nameShared,
      },
      task: { id: tasks.id, subject: tasks.subject, status: tasks.status },
    })
    .from(receipts)
    .leftJoin(officer, eq(officer.id, receipts.markedTo))
    .leftJoin(diariser, eq(diariser.id, receipts.createdBy))
    .leftJoin(tasks, eq(tasks.id, receipts.taskId))
    .$dynamic();
}

export type ReceiptRow = Awaited<
  ReturnType<ReturnType<typeof selectReceiptRows>["execute"]>
>[number];

type ScanRow = typeof receiptScans.$inferSelect;

/** The scans of `ids`' receipts, in page order, by receipt. */
export async function scansOf(db: Db, ids: string[]): Promise<Map<string, ScanRow[]>> {
  const byReceipt = new Map<string, ScanRow[]>();
  if (ids.length === 0) return byReceipt;
  const rows = await db
    .select()
    .from(receiptScans)
    .where(inArray(receiptScans.receiptId, ids))
    .orderBy(asc(receiptScans.receiptId), asc(receiptScans.position));
  for (const row of rows)
    byReceipt.set(row.receiptId, [...(byReceipt.get(row.receiptId) ?? []), row]);
  return byReceipt;
}

/** A joined person (null when the column is empty or the account gone) by id and name. */
export function personOf(row: (Parameters<typeof displayNameOf>[0] & { id: string }) | null) {
  return row ? { id: row.id, name: displayNameOf(row) } : null;
}

/** A receipt as the API sends it to `viewer`, its scans as links issued to them. */
export function presentReceipt(
  row: ReceiptRow,
  scans: readonly ScanRow[],
  viewer: CurrentUser,
  links: SignedLinks,
): ReceiptItem {
  const r = row.receipt;
  return {
    id: r.id,
    diaryNumber: r.diaryNumber,
    section: r.section,
    receivedOn: r.receivedOn,
    mode: r.mode,
    senderName: r.senderName,
    senderDesignation: r.senderDesignation,
    senderOrganisation: r.senderOrganisation,
    senderAddress: r.senderAddress,
    letterNumber: r.letterNumber,
    letterDate: r.letterDate,
    subject: r.subject,
    category: r.category,
    classification: r.classification,
    enclosures: r.enclosures,
    remarks: r.remarks,
    status: r.status,
    markedTo: personOf(row.officer),
    markPurpose: r.markPurpose,
    markRemark: r.markRemark,
    task: row.task?.id
      ? { id: row.task.id, subject: row.task.subject, status: row.task.status }
      : null,
    closeReason: r.closeReason,
    scans: scans.map((scan) => ({
      fileName: scan.fileName,
      url: links.create(
        {
          bucket: "receipt-scans",
          key: scan.filePath,
          fileName: scan.fileName,
          mimeType: scan.fileType,
          recordId: r.id,
          holderId: viewer.id,
        },
        LINK_TTL.view,
      ),
    })),
    diarisedBy: personOf(row.diariser),
    createdAt: new Date(r.createdAt).toISOString(),
    version: r.version,
    can: receiptAbilities(dakActor(viewer), r),
  };
}

/** Receipts by id as `viewer` reads them, in the order of `ids`. */
export async function readReceipts(
  db: Db,
  links: SignedLinks,
  viewer: CurrentUser,
  rows: ReceiptRow[],
): Promise<ReceiptItem[]> {
  const scans = await scansOf(
    db,
    rows.map((row) => row.receipt.id),
  );
  return rows.map((row) => presentReceipt(row, scans.get(row.receipt.id) ?? [], viewer, links));
}
