import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { createS3Storage } from "../../src/server/files/s3-storage";
import type { Storage } from "../../src/server/files/storage";
import type { StorageLocation } from "../../src/server/storage-url";

/** s3rver's fixed keys: it checks signatures with them. */
export const S3RVER_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export type S3Receiver = {
  location: Extract<StorageLocation, { kind: "s3" }> & { endpoint: string };
  /** A store over the receiver's bucket, under its own prefix (so tests never share keys). */
  storage(prefix: string): Storage;
  close(): Promise<void>;
};

/** Starts a real S3-protocol server (scripts/s3-receiver.ts) as a process of its own. */
export async function startS3Receiver(bucket = "hed-files"): Promise<S3Receiver> {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/s3-receiver.ts", bucket],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const [first] = (await Promise.race([
    once(lines, "line"),
    once(child, "exit").then(() => {
      throw new Error("the S3 receiver exited before it listened");
    }),
  ])) as [string];
  const { port } = JSON.parse(first) as { port: number };
  const location = {
    kind: "s3" as const,
    bucket,
    prefix: "",
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    forcePathStyle: true,
  };
  return {
    location,
    storage: (prefix) => createS3Storage({ ...location, prefix: `${prefix}/` }, S3RVER_KEYS),
    async close() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}

export const STORAGE_DRIVERS = ["local", "s3"] as const;
export type StorageDriver = (typeof STORAGE_DRIVERS)[number];

/**
 * The store a test file's app uses on `driver`: the app's own folder (undefined: createTestApp
 * makes one), or a bucket on an S3 receiver started for the file; `close` stops the receiver.
 */
export async function storageOn(
  driver: StorageDriver,
): Promise<{ storage: Storage | undefined; close(): Promise<void> }> {
  if (driver === "local") return { storage: undefined, close: async () => {} };
  const receiver = await startS3Receiver();
  return { storage: receiver.storage("tests"), close: receiver.close };
}
