import { chmodSync, mkdirSync } from "node:fs";
import { chmod, mkdir } from "node:fs/promises";

/**
 * What the server keeps on disk (the database, people's files, backups that hold password
 * hashes, the signing secret) is for the account it runs as alone: files 0600, folders 0700.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** A folder not owned by us (a shared BACKUP_DIR set up by root) is left as its owner made it. */
function isNotOurs(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === "EPERM";
}

/** Makes the folder (and its parents) if missing, and narrows it to 0700 if it was wider. */
export async function privateDir(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(path, PRIVATE_DIR_MODE).catch((err) => {
    if (!isNotOurs(err)) throw err;
  });
}

/** privateDir, for the synchronous start (the DATA_DIR before its lock is taken). */
export function privateDirSync(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    chmodSync(path, PRIVATE_DIR_MODE);
  } catch (err) {
    if (!isNotOurs(err)) throw err;
  }
}
