import { createWriteStream, type Dirent, openAsBlob } from "node:fs";
import { mkdir, readdir } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { BUCKETS, type Bucket, type Storage } from "../files/storage";
import { BackupError } from "./errors";

/**
 * Copies every stored file, from a local folder or a bucket alike, into `dir` as
 * `{bucket}/{key}`, each streamed to disk; answers how many.
 */
export async function copyStoredFiles(storage: Storage, dir: string): Promise<number> {
  let copied = 0;
  for (const bucket of BUCKETS)
    for await (const { key } of storage.list(bucket)) {
      const stored = await storage.open(bucket, key);
      // Removed since it was listed (a retention job ran): its row is gone from the dump too.
      if (!stored) continue;
      const path = join(dir, bucket, ...key.split("/"));
      await mkdir(dirname(path), { recursive: true });
      await pipeline(
        Readable.fromWeb(stored.body as NodeReadableStream<Uint8Array>),
        createWriteStream(path),
      );
      copied += 1;
    }
  return copied;
}

/** Whether the store holds any file at all. */
export async function holdsStoredFiles(storage: Storage): Promise<boolean> {
  for (const bucket of BUCKETS) for await (const _ of storage.list(bucket)) return true;
  return false;
}

/** Removes every stored file (a forced restore replaces them all). */
export async function removeStoredFiles(storage: Storage): Promise<void> {
  for (const bucket of BUCKETS) {
    const keys: string[] = [];
    for await (const { key } of storage.list(bucket)) keys.push(key);
    for (const key of keys) await storage.remove(bucket, key);
  }
}

const isBucket = (name: string): name is Bucket => (BUCKETS as readonly string[]).includes(name);

/** Puts every file under `dir` (`{bucket}/{key}`) into the store, each streamed from disk. */
export async function putStoredFiles(dir: string, storage: Storage): Promise<number> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw err;
  }
  let put = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const [bucket, ...key] = relative(dir, path).split(sep);
    if (!isBucket(bucket) || key.length === 0)
      throw new BackupError(`the archive holds files/${bucket}, which is no bucket of the app`);
    await storage.put(bucket, key.join("/"), await openAsBlob(path));
    put += 1;
  }
  return put;
}
