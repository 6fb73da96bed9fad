import {
  type Classification,
  type DakActor,
  isRestricted,
  readsWholeRegister,
} from "../../shared/dak";
import type { TaskReceipt } from "../../shared/tasks";

/** The receipt a task carries, as the task's rows read it (rows.ts): enough to decide who sees it. */
export type CarriedReceipt = TaskReceipt & {
  classification: Classification;
  markedTo: string | null;
};

/**
 * The receipt a task carries, as `viewer` (who reads the task) may see it on the task: its
 * number and id when they may read the receipt itself, else null, so a number never shows
 * where the register and the header's search would not find it. This is receiptsReadableBy
 * (dak/policy.ts) for one receipt whose carrying task is known: administrators read every one;
 * a keeper or an organization head every Normal one; anyone the one marked to them, or carried
 * by a task they hold (this task, when it is theirs).
 *
 * Checked in the presentation rather than in the list's SQL, so that the page statement a
 * scope reads (record/pages.ts) stays one for every reader of that scope.
 */
export function carriedReceiptFor(
  viewer: DakActor,
  task: { assignedTo: string },
  receipt: CarriedReceipt | null,
): TaskReceipt | null {
  if (!receipt) return null;
  const isReadable =
    viewer.role === "admin" ||
    task.assignedTo === viewer.id ||
    receipt.markedTo === viewer.id ||
    (!isRestricted(receipt.classification) && readsWholeRegister(viewer));
  return isReadable ? { id: receipt.id, diaryNumber: receipt.diaryNumber } : null;
}
