import type { Db } from "../db/client";
import { jobs } from "../db/schema";
import { readOfficeSettings } from "../office/settings";
import type { Bucket, Storage } from "./storage";

const DAY_MS = 24 * 60 * 60_000;

/**
 * Stored files to remove (a deleted task's attachment and response file), queued with the
 * delete and due once the office's retention period has passed.
 */
export type RemoveFilesPayload = { files: { bucket: Bucket; key: string }[] };

/** The payload of the job kind this file queues and runs, declared into the schema's column. */
declare module "../db/schema/jobs" {
  interface JobPayloads {
    remove_files: RemoveFilesPayload;
  }
}

/**
 * Queues the removal of a deleted record's stored files in `tx`, the transaction of the delete
 * that leaves them unused: a delete that rolls back removes nothing, and one that commits
 * cannot leave its files behind. The job is due once the office's retention period (Settings)
 * has passed after `now`; until then the files stay in storage, for an administrator to
 * recover by hand.
 */
export async function removeFilesAfterRetention(
  tx: Db,
  files: RemoveFilesPayload["files"],
  now: Date,
): Promise<void> {
  if (files.length === 0) return;
  const { deletedFileRetentionDays } = await readOfficeSettings(tx);
  await tx.insert(jobs).values({
    kind: "remove_files",
    payload: { files },
    runAt: new Date(now.getTime() + deletedFileRetentionDays * DAY_MS),
  });
}

/**
 * The job runner's work for a removal (jobs/runner.ts). Removing a file already gone succeeds,
 * so a job run again after a crash (or a file removed by hand) finishes all the same.
 */
export function removeFiles(storage: Storage) {
  return async ({ files }: RemoveFilesPayload): Promise<void> => {
    for (const { bucket, key } of files) await storage.remove(bucket, key);
  };
}
