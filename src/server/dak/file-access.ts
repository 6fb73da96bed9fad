import { and, eq } from "drizzle-orm";
import { roleOrDefault } from "../../shared/roles";
import type { Db } from "../db/client";
import { dispatches, receiptScans, receipts, user } from "../db/schema";
import type { FileRef } from "../files/signed-links";
import { dispatchesReadableBy, receiptsReadableBy } from "./policy";

/**
 * Whether a signed link to a receipt's scan or a dispatch's letter may still be served: its
 * holder exists and may read the entry now (a receipt made Confidential, a lowered role or a
 * duty taken away close their links at once), and the file is still the entry's.
 */
export function createDakFileAccess(db: Db) {
  return async function mayStillServe(ref: FileRef): Promise<boolean> {
    const [holder] = await db
      .select({ role: user.role, duty: user.receiptIssueDuty })
      .from(user)
      .where(eq(user.id, ref.holderId));
    if (!holder) return false;
    const actor = {
      id: ref.holderId,
      role: roleOrDefault(holder.role),
      receiptIssueDuty: holder.duty,
    };
    if (ref.bucket === "receipt-scans") {
      const [scan] = await db
        .select({ id: receiptScans.id })
        .from(receiptScans)
        .innerJoin(receipts, eq(receipts.id, receiptScans.receiptId))
        .where(
          and(
            eq(receiptScans.receiptId, ref.recordId),
            eq(receiptScans.filePath, ref.key),
            receiptsReadableBy(actor),
          ),
        );
      return scan !== undefined;
    }
    const [letter] = await db
      .select({ id: dispatches.id })
      .from(dispatches)
      .where(
        and(
          eq(dispatches.id, ref.recordId),
          eq(dispatches.letterPath, ref.key),
          dispatchesReadableBy(actor),
        ),
      );
    return letter !== undefined;
  };
}
