import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readFile, rm } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, privateDirSync } from "../process/private-paths";

export const BUCKETS = ["task-attachments", "task-progress-files"] as const;
export type Bucket = (typeof BUCKETS)[number];

/** Where uploaded files live; a local directory now, S3-compatible storage later. */
export interface Storage {
  /** Writes `content` as it is read (an upload's file stays on disk until it is stored). */
  put(bucket: Bucket, key: string, content: Blob): Promise<void>;
  /** The bytes, or null when the file does not exist (deleted). */
  get(bucket: Bucket, key: string): Promise<Uint8Array | null>;
  /** Removing a file that is not there succeeds: removals may run again (jobs/runner.ts). */
  remove(bucket: Bucket, key: string): Promise<void>;
}

/** `{owner id}/{random}.{ext}`, as SPEC.md section 7 lays out the buckets. */
export function newObjectKey(ownerId: string, extension: string): string {
  return `${ownerId}/${randomBytes(16).toString("hex")}.${extension}`;
}

export function createLocalStorage(rootDir: string): Storage {
  const root = resolve(rootDir);
  // Earlier versions made it 0755; people's files are the server's alone.
  privateDirSync(root);
  function pathOf(bucket: Bucket, key: string): string {
    const path = resolve(root, bucket, key);
    // Keys are ours, but a stored path must never leave the bucket whatever it contains.
    if (!path.startsWith(join(root, bucket) + sep)) throw new Error(`invalid object key: ${key}`);
    return path;
  }
  return {
    async put(bucket, key, content) {
      const path = pathOf(bucket, key);
      await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
      await pipeline(
        Readable.fromWeb(content.stream() as NodeReadableStream<Uint8Array>),
        createWriteStream(path, { flags: "wx", mode: PRIVATE_FILE_MODE }),
      );
    },
    async get(bucket, key) {
      try {
        return new Uint8Array(await readFile(pathOf(bucket, key)));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async remove(bucket, key) {
      await rm(pathOf(bucket, key), { force: true });
    },
  };
}
