import { randomBytes } from "node:crypto";
import { constants, createWriteStream, type Dirent } from "node:fs";
import { access, type FileHandle, mkdir, open, readdir, rm, stat } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, privateDir } from "../process/private-paths";

export const BUCKETS = [
  "task-attachments",
  "task-progress-files",
  "receipt-scans",
  "dispatch-letters",
] as const;
export type Bucket = (typeof BUCKETS)[number];

/** A stored file as it is read: its bytes as they come, and how many there are. */
export type StoredObject = { body: ReadableStream<Uint8Array>; size: number };

/**
 * Where uploaded files live: a local folder (createLocalStorage) or an S3-compatible store
 * (s3-storage.ts), as STORAGE_URL says (../storage-url.ts). Bytes are streamed both ways: no file
 * is held whole in memory.
 */
export interface Storage {
  /** How readiness names the store (../storage-url.ts storageName). */
  readonly name: string;
  /**
   * Writes `content` as it is read: an upload's file (on disk until it is stored) or another
   * store's stream (files:migrate).
   */
  put(bucket: Bucket, key: string, content: Blob | ReadableStream<Uint8Array>): Promise<void>;
  /** The bytes as a stream, or null when the file does not exist (deleted). */
  open(bucket: Bucket, key: string): Promise<StoredObject | null>;
  /** Removing a file that is not there succeeds: removals may run again (files/retention.ts). */
  remove(bucket: Bucket, key: string): Promise<void>;
  /** Every file of a bucket (for backups and files:migrate), in no particular order. */
  list(bucket: Bucket): AsyncIterable<{ key: string; size: number }>;
  /** Throws an error naming the store when it cannot be reached or written (readiness, start). */
  check(): Promise<void>;
}

/** The bytes of what `put` is given, as a stream. */
export function streamOf(content: Blob | ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  return content instanceof Blob ? content.stream() : content;
}

/** `{owner id}/{random}.{ext}`, as SPEC.md section 7 lays out the buckets. */
export function newObjectKey(ownerId: string, extension: string): string {
  return `${ownerId}/${randomBytes(16).toString("hex")}.${extension}`;
}

/** Files in a folder (DATA_DIR/files by default): `{folder}/{bucket}/{key}`. */
export function createLocalStorage(rootDir: string): Storage {
  const root = resolve(rootDir);
  function pathOf(bucket: Bucket, key: string): string {
    const path = resolve(root, bucket, key);
    // Keys are ours, but a stored path must never leave the bucket whatever it contains.
    if (!path.startsWith(join(root, bucket) + sep)) throw new Error(`invalid object key: ${key}`);
    return path;
  }
  return {
    name: "the files folder",
    async put(bucket, key, content) {
      const path = pathOf(bucket, key);
      await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
      await pipeline(
        Readable.fromWeb(streamOf(content) as NodeReadableStream<Uint8Array>),
        createWriteStream(path, { flags: "wx", mode: PRIVATE_FILE_MODE }),
      );
    },
    async open(bucket, key) {
      let file: FileHandle;
      try {
        file = await open(pathOf(bucket, key), "r");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
      const { size } = await file.stat();
      // The handle closes when the stream ends or is cancelled (a browser that goes away).
      const body = Readable.toWeb(file.createReadStream()) as ReadableStream<Uint8Array>;
      return { body, size };
    },
    async remove(bucket, key) {
      await rm(pathOf(bucket, key), { force: true });
    },
    async *list(bucket) {
      const dir = join(root, bucket);
      let entries: Dirent[];
      try {
        entries = await readdir(dir, { recursive: true, withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
        throw err;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        const key = relative(dir, path).split(sep).join("/");
        yield { key, size: (await stat(path)).size };
      }
    },
    async check() {
      try {
        // Made here, at the start, not when opened: a restore refused before it began leaves no
        // folder behind. Earlier versions made it 0755; people's files are the server's alone.
        await privateDir(root);
        await access(root, constants.W_OK);
      } catch (err) {
        throw new Error(`cannot write to ${root}: ${(err as Error).message}`);
      }
    },
  };
}
