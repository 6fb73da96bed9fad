import { createHash } from "node:crypto";
import { BUCKETS, type Bucket, type Storage } from "./storage";

export type MigrationSummary = {
  /** Files written to the target and read back with the same checksum. */
  copied: number;
  /** Files the target already held, byte for byte (an earlier run, resumed). */
  alreadyThere: number;
  bytesCopied: number;
  /** `{bucket}/{key}` of each file that could not be copied, with why. */
  failed: { path: string; reason: string }[];
};

/** The SHA-256 of a stream read to its end, and how many bytes it held. */
async function digestOf(
  stream: ReadableStream<Uint8Array>,
): Promise<{ sha256: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    hash.update(read.value);
    size += read.value.byteLength;
  }
  return { sha256: hash.digest("hex"), size };
}

/** The checksum of a stored file, or null when it is not there. */
async function storedDigest(storage: Storage, bucket: Bucket, key: string) {
  const stored = await storage.open(bucket, key);
  return stored && digestOf(stored.body);
}

/**
 * Copies every file of `from` into `to` (the local folder into a bucket, or back), each
 * streamed, its checksum taken as it goes and checked again by reading the copy back. A file
 * the target already holds with the same checksum is left as it is, and one it holds otherwise
 * (half written by a run that was stopped) is written again, so running it again resumes it.
 * Nothing is removed from the source.
 */
export async function migrateFiles(
  from: Storage,
  to: Storage,
  onFile: (path: string, outcome: "copied" | "already there" | "failed") => void = () => {},
): Promise<MigrationSummary> {
  const summary: MigrationSummary = { copied: 0, alreadyThere: 0, bytesCopied: 0, failed: [] };
  for (const bucket of BUCKETS) {
    const present = new Map<string, number>();
    for await (const { key, size } of to.list(bucket)) present.set(key, size);
    for await (const { key, size } of from.list(bucket)) {
      const path = `${bucket}/${key}`;
      try {
        const source = await from.open(bucket, key);
        if (!source) continue;
        if (present.get(key) === size) {
          const [mine, theirs] = await Promise.all([
            digestOf(source.body),
            storedDigest(to, bucket, key),
          ]);
          if (theirs?.sha256 === mine.sha256) {
            summary.alreadyThere += 1;
            onFile(path, "already there");
            continue;
          }
        } else await source.body.cancel();
        // A different file under the key (half written when a run was stopped) is replaced.
        if (present.has(key)) await to.remove(bucket, key);
        const copied = await copyOne(from, to, bucket, key);
        summary.copied += 1;
        summary.bytesCopied += copied;
        onFile(path, "copied");
      } catch (err) {
        summary.failed.push({ path, reason: (err as Error).message });
        onFile(path, "failed");
      }
    }
  }
  return summary;
}

/** One file, hashed on its way in and checked by reading the copy back; answers its size. */
async function copyOne(from: Storage, to: Storage, bucket: Bucket, key: string): Promise<number> {
  const source = await from.open(bucket, key);
  if (!source) throw new Error("removed from the source meanwhile");
  const hash = createHash("sha256");
  let size = 0;
  const hashing = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      hash.update(chunk);
      size += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  await to.put(bucket, key, source.body.pipeThrough(hashing));
  const sent = hash.digest("hex");
  const copy = await storedDigest(to, bucket, key);
  if (copy?.sha256 !== sent) throw new Error("the copy's checksum differs from the original's");
  return size;
}
