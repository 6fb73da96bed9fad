import { and, eq } from "drizzle-orm";
import { DAK_MESSAGES, type ReceiptItem } from "../../../shared/dak";
import type { CurrentUser } from "../../../shared/users";
import { receipts } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { DakDeps } from "../deps";
import { dakActor, receiptsReadableBy } from "../policy";
import { readReceipts, selectReceiptRows } from "./read";

/** One receipt as `viewer` reads it; 404 when it does not exist or is not theirs to read. */
export async function readReceipt(
  { db, links }: Pick<DakDeps, "db" | "links">,
  viewer: CurrentUser,
  id: string,
): Promise<ReceiptItem> {
  const rows = await selectReceiptRows(db).where(
    and(eq(receipts.id, id), receiptsReadableBy(dakActor(viewer))),
  );
  if (rows.length === 0) throw new AppError("NOT_FOUND", DAK_MESSAGES.receiptNotFound);
  const [receipt] = await readReceipts(db, links, viewer, rows);
  return receipt;
}

/**
 * The receipt `writer` has just diarised or amended, as they read it; one they may no longer
 * read (made Confidential or Secret, marked to somebody else) is answered this once as they
 * wrote it, so that they learn its diary number, but without its scans, its task or any action.
 */
export async function readWrittenReceipt(
  deps: Pick<DakDeps, "db" | "links">,
  writer: CurrentUser,
  id: string,
): Promise<ReceiptItem> {
  try {
    return await readReceipt(deps, writer, id);
  } catch (err) {
    if (!(err instanceof AppError && err.code === "NOT_FOUND")) throw err;
  }
  const rows = await selectReceiptRows(deps.db).where(eq(receipts.id, id));
  if (rows.length === 0) throw new AppError("NOT_FOUND", DAK_MESSAGES.receiptNotFound);
  const [receipt] = await readReceipts(deps.db, deps.links, writer, rows);
  return {
    ...receipt,
    task: null,
    scans: [],
    can: { amend: false, mark: false, link: false, close: false, dispatch: false },
  };
}

/** The receipt a task carries, as `viewer` reads it; null when none, or not theirs to read. */
export async function readTaskReceipt(
  { db, links }: Pick<DakDeps, "db" | "links">,
  viewer: CurrentUser,
  taskId: string,
): Promise<ReceiptItem | null> {
  const rows = await selectReceiptRows(db).where(
    and(eq(receipts.taskId, taskId), receiptsReadableBy(dakActor(viewer))),
  );
  const [receipt] = await readReceipts(db, links, viewer, rows);
  return receipt ?? null;
}
