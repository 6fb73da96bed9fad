import type { AuditAction, AuditChanges } from "../../shared/audit";
import type { CurrentUser } from "../../shared/users";
import { actorOf, changedFields, createdFields } from "../audit/changes";
import { recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import type { dispatches, receipts } from "../db/schema";

type ReceiptRow = typeof receipts.$inferSelect;
type DispatchRow = typeof dispatches.$inferSelect;

/** A receipt's audited fields (the number first: the trail names the receipt by it). */
export const RECEIPT_AUDIT_KEYS = [
  "diaryNumber",
  "section",
  "receivedOn",
  "mode",
  "senderName",
  "senderDesignation",
  "senderOrganisation",
  "senderAddress",
  "letterNumber",
  "letterDate",
  "subject",
  "category",
  "classification",
  "enclosures",
  "remarks",
  "status",
  "task",
  "markedTo",
  "markPurpose",
  "markRemark",
  "closeReason",
  "scans",
] as const;

type ReceiptAuditKey = (typeof RECEIPT_AUDIT_KEYS)[number];

/** What the trail keeps of a receipt; `scans` by file name, the officer by id and name. */
export function receiptAuditState(
  row: ReceiptRow,
  extra: { officerName: string | null; scans: string[] },
) {
  return {
    diaryNumber: row.diaryNumber,
    section: row.section,
    receivedOn: row.receivedOn,
    mode: row.mode,
    senderName: row.senderName,
    senderDesignation: row.senderDesignation,
    senderOrganisation: row.senderOrganisation,
    senderAddress: row.senderAddress,
    letterNumber: row.letterNumber,
    letterDate: row.letterDate,
    subject: row.subject,
    category: row.category,
    classification: row.classification,
    enclosures: row.enclosures,
    remarks: row.remarks,
    status: row.status,
    task: row.taskId,
    markedTo: row.markedTo ? { id: row.markedTo, name: extra.officerName ?? "" } : null,
    markPurpose: row.markPurpose,
    markRemark: row.markRemark,
    closeReason: row.closeReason,
    scans: extra.scans,
  } satisfies Record<ReceiptAuditKey, unknown>;
}

/** One audit record of receipt `id`, in `tx`; an act with a reason carries it as a field. */
export function recordReceiptAudit(
  tx: Db,
  at: Date,
  actor: CurrentUser,
  change: { id: string; action: AuditAction; changes: AuditChanges; reason?: string },
): Promise<void> {
  const changes = change.reason
    ? { ...change.changes, reason: { before: null, after: change.reason } }
    : change.changes;
  return recordAudit(tx, at, [
    {
      actor: actorOf(actor),
      entity: "receipt",
      entityId: change.id,
      action: change.action,
      changes,
    },
  ]);
}

/** The fields of a receipt that moved between two of its states. */
export function receiptChanges(
  before: ReturnType<typeof receiptAuditState>,
  after: ReturnType<typeof receiptAuditState>,
): AuditChanges {
  return changedFields(before, after, RECEIPT_AUDIT_KEYS);
}

/** A dispatch's "created" record, in `tx`. */
export function recordDispatchAudit(
  tx: Db,
  at: Date,
  actor: CurrentUser,
  row: DispatchRow,
  extra: { diaryNumber: string | null },
): Promise<void> {
  return recordAudit(tx, at, [
    {
      actor: actorOf(actor),
      entity: "dispatch",
      entityId: row.id,
      action: "created",
      changes: createdFields({
        dispatchNumber: row.dispatchNumber,
        section: row.section,
        dispatchedOn: row.dispatchedOn,
        addressees: row.addressees,
        subject: row.subject,
        mode: row.mode,
        signedBy: row.signedBy,
        enclosures: row.enclosures,
        receipt: row.receiptId ? { id: row.receiptId, name: extra.diaryNumber ?? "" } : null,
        task: row.taskId,
        classification: row.classification,
        letter: row.letterName,
      }),
    },
  ]);
}
