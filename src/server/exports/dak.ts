import {
  CLASSIFICATION_LABELS,
  type DispatchFilters,
  MODE_LABELS,
  PURPOSE_LABELS,
  RECEIPT_STATUS_LABELS,
  type ReceiptFilters,
} from "../../shared/dak";
import { type CurrentUser, displayNameOf } from "../../shared/users";
import { dispatchesMatching } from "../dak/dispatches/list";
import { selectMatchingDispatches } from "../dak/dispatches/read";
import { selectMatchingReceipts } from "../dak/receipts/list";
import type { Db } from "../db/client";
import { EXPORT_PAGE_SIZE, paged, type SheetOf } from "./xlsx";

type ReceiptRow = Awaited<ReturnType<typeof selectMatchingReceipts>>[number];
type DispatchRow = Awaited<ReturnType<typeof selectMatchingDispatches>>[number];

/** The Diary Register as a sheet: its filters, its order and the register's classic columns. */
export function receiptSheet(
  db: Db,
  actor: CurrentUser,
  filters: Omit<ReceiptFilters, "page">,
): SheetOf<ReceiptRow> {
  return {
    name: "dak:register.diary",
    columns: [
      {
        heading: "dak:field.diaryNumber",
        type: "text",
        width: 22,
        value: (row) => row.receipt.diaryNumber,
      },
      {
        heading: "dak:field.receivedOn",
        type: "date",
        width: 14,
        value: (row) => row.receipt.receivedOn,
      },
      {
        heading: "dak:field.mode",
        type: "label",
        width: 14,
        value: (row) => MODE_LABELS[row.receipt.mode],
      },
      {
        heading: "dak:field.senderName",
        type: "text",
        width: 28,
        value: (row) => row.receipt.senderName,
      },
      {
        heading: "dak:field.senderOrganisation",
        type: "text",
        width: 28,
        value: (row) => row.receipt.senderOrganisation,
      },
      {
        heading: "dak:field.letterNumber",
        type: "text",
        width: 18,
        value: (row) => row.receipt.letterNumber,
      },
      {
        heading: "dak:field.letterDate",
        type: "date",
        width: 14,
        value: (row) => row.receipt.letterDate,
      },
      {
        heading: "dak:field.subject",
        type: "text",
        width: 48,
        value: (row) => row.receipt.subject,
      },
      {
        heading: "dak:field.category",
        type: "text",
        width: 18,
        value: (row) => row.receipt.category,
      },
      {
        heading: "dak:field.classification",
        type: "label",
        width: 14,
        value: (row) => CLASSIFICATION_LABELS[row.receipt.classification],
      },
      {
        heading: "dak:field.status",
        type: "label",
        width: 12,
        value: (row) => RECEIPT_STATUS_LABELS[row.receipt.status],
      },
      {
        heading: "dak:field.markTo",
        type: "text",
        width: 28,
        value: (row) => (row.officer ? displayNameOf(row.officer) : null),
      },
      {
        heading: "dak:field.purpose",
        type: "label",
        width: 20,
        value: (row) => (row.receipt.markPurpose ? PURPOSE_LABELS[row.receipt.markPurpose] : null),
      },
    ],
    rows: paged(EXPORT_PAGE_SIZE, (offset) =>
      selectMatchingReceipts(db, actor, filters, { limit: EXPORT_PAGE_SIZE, offset }),
    ),
  };
}

/** The Dispatch Register as a sheet: its filters, its order and its columns. */
export function dispatchSheet(
  db: Db,
  actor: CurrentUser,
  filters: Omit<DispatchFilters, "page">,
): SheetOf<DispatchRow> {
  const where = dispatchesMatching(filters);
  return {
    name: "dak:register.dispatch",
    columns: [
      {
        heading: "dak:field.dispatchNumber",
        type: "text",
        width: 22,
        value: (row) => row.dispatch.dispatchNumber,
      },
      {
        heading: "dak:field.dispatchedOn",
        type: "date",
        width: 14,
        value: (row) => row.dispatch.dispatchedOn,
      },
      {
        heading: "dak:field.addressees",
        type: "text",
        width: 40,
        value: (row) => row.dispatch.addressees.join("; "),
      },
      {
        heading: "dak:field.subject",
        type: "text",
        width: 48,
        value: (row) => row.dispatch.subject,
      },
      {
        heading: "dak:field.diaryNumber",
        type: "text",
        width: 22,
        value: (row) => row.receipt?.diaryNumber ?? null,
      },
      {
        heading: "dak:field.mode",
        type: "label",
        width: 16,
        value: (row) => MODE_LABELS[row.dispatch.mode],
      },
      {
        heading: "dak:field.signedBy",
        type: "text",
        width: 24,
        value: (row) => row.dispatch.signedBy,
      },
    ],
    rows: paged(EXPORT_PAGE_SIZE, (offset) =>
      selectMatchingDispatches(db, actor, where, { limit: EXPORT_PAGE_SIZE, offset }),
    ),
  };
}
