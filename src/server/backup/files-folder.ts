import type { StorageLocation } from "../files/storage-url";
import { BackupError } from "./errors";

/**
 * The folder of stored files a backup reads and a restore writes. Archives hold the local
 * folder only so far: with an S3 STORAGE_URL a backup without the bucket's objects would look
 * whole and not be, so it is refused.
 */
export function filesFolderOf(storage: StorageLocation): string {
  if (storage.kind === "local") return storage.dir;
  throw new BackupError(
    `backups do not include the objects of bucket "${storage.bucket}" (STORAGE_URL) yet: back the bucket up with the store's own tools, and the database with pg_dump`,
  );
}
