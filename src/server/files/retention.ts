import type { Db } from "../db/client";
import type { RemoveFilesPayload } from "../jobs/kinds";
import { queueFileRemoval } from "../jobs/queue";
import { readOfficeSettings } from "../office/settings";

const DAY_MS = 24 * 60 * 60_000;

/**
 * Queues the removal of a deleted record's stored files, in `tx` (the delete's transaction),
 * due once the office's retention period (Settings) has passed after `now`. Until then the
 * files stay in storage, for an administrator to recover by hand.
 */
export async function removeFilesAfterRetention(
  tx: Db,
  files: RemoveFilesPayload["files"],
  now: Date,
): Promise<void> {
  const { deletedFileRetentionDays } = await readOfficeSettings(tx);
  await queueFileRemoval(tx, files, new Date(now.getTime() + deletedFileRetentionDays * DAY_MS));
}
