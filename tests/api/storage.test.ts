import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateFiles } from "../../src/server/files/migrate";
import { createS3Storage } from "../../src/server/files/s3-storage";
import { createLocalStorage, type Storage } from "../../src/server/files/storage";
import { createTestApp } from "../helpers/app";
import { type S3Receiver, S3RVER_KEYS, startS3Receiver } from "../helpers/s3";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Reads a stream to its end, as a browser downloading it would. */
async function readAll(body: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(body).arrayBuffer());
}

describe("the file stores", () => {
  let receiver: S3Receiver;
  let folder: string;
  const stores: [string, () => Storage][] = [
    ["a local folder", () => createLocalStorage(folder)],
    ["an S3 bucket", () => receiver.storage(`conformance-${randomBytes(4).toString("hex")}`)],
  ];

  beforeAll(async () => {
    receiver = await startS3Receiver();
    folder = mkdtempSync(join(tmpdir(), "hed-store-"));
  });
  afterAll(async () => {
    await receiver.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it.each(stores)(
    "%s keeps, streams, lists and removes a file of several parts",
    async (_, make) => {
      const storage = make();
      await storage.check();
      // Over S3's 5 MB part: the upload goes in parts, the download as a stream.
      const bytes = randomBytes(6 * 1024 * 1024 + 123);
      await storage.put("task-attachments", "owner-1/report.pdf", new Blob([bytes]));
      await storage.put(
        "task-progress-files",
        "owner-1/photo.png",
        new Blob([bytes.subarray(0, 10)]),
      );

      const stored = await storage.open("task-attachments", "owner-1/report.pdf");
      expect(stored?.size).toBe(bytes.length);
      expect(sha256(await readAll(stored?.body as ReadableStream<Uint8Array>))).toBe(sha256(bytes));

      const listed: { key: string; size: number }[] = [];
      for await (const file of storage.list("task-attachments")) listed.push(file);
      expect(listed).toEqual([{ key: "owner-1/report.pdf", size: bytes.length }]);

      await storage.remove("task-attachments", "owner-1/report.pdf");
      await storage.remove("task-attachments", "owner-1/report.pdf");
      expect(await storage.open("task-attachments", "owner-1/report.pdf")).toBeNull();
      expect(await storage.open("task-attachments", "owner-1/never.pdf")).toBeNull();
    },
  );

  it("files:migrate copies a folder into a bucket, checked, and a second run resumes it", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "hed-migrate-"));
    try {
      const local = createLocalStorage(join(dataDir, "files"));
      const bytes = [randomBytes(2 * 1024 * 1024), randomBytes(300), randomBytes(5)];
      await local.put("task-attachments", "u1/a.pdf", new Blob([bytes[0]]));
      await local.put("task-attachments", "u2/b.pdf", new Blob([bytes[1]]));
      await local.put("task-progress-files", "u1/c.png", new Blob([bytes[2]]));
      const bucket = receiver.storage(`migrated-${randomBytes(4).toString("hex")}`);

      // A stopped earlier run left one file half written under its key.
      await bucket.put("task-attachments", "u1/a.pdf", new Blob([bytes[0].subarray(0, 1000)]));
      const first = await migrateFiles(local, bucket);
      expect(first).toEqual({
        copied: 3,
        alreadyThere: 0,
        bytesCopied: bytes.reduce((sum, part) => sum + part.length, 0),
        failed: [],
      });
      const copy = await bucket.open("task-attachments", "u1/a.pdf");
      expect(sha256(await readAll(copy?.body as ReadableStream<Uint8Array>))).toBe(
        sha256(bytes[0]),
      );

      const prefix = `cli-${randomBytes(4).toString("hex")}`;
      const run = () =>
        spawnSync("node", ["--import", "tsx", "scripts/files-migrate.ts"], {
          encoding: "utf8",
          env: {
            ...process.env,
            DATA_DIR: dataDir,
            STORAGE_URL: `s3://${receiver.location.bucket}/${prefix}?endpoint=${receiver.location.endpoint}&forcePathStyle=true`,
            S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
            S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
          },
        });
      const once = run();
      expect(once.status).toBe(0);
      expect(once.stdout).toMatch(/files:migrate: 3 copied \(2\.0 MB\), 0 already there, 0 failed/);
      const again = run();
      expect(again.status).toBe(0);
      expect(again.stdout).toMatch(
        /files:migrate: 0 copied \(0\.0 MB\), 3 already there, 0 failed/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("names a bucket it cannot reach, and readiness fails naming it", async () => {
    const missing = createS3Storage(
      { ...receiver.location, bucket: "no-such-bucket" },
      S3RVER_KEYS,
    );
    await expect(missing.check()).rejects.toThrow(
      `cannot reach bucket "no-such-bucket" at ${receiver.location.endpoint}: no such bucket`,
    );
    const t = await createTestApp({ storage: missing, runJobs: false });
    try {
      const ready = await t.app.request("/api/ready");
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        status: "not_ready",
        checks: {
          database: "ok",
          migrations: "ok",
          jobs: "ok",
          files: 'bucket "no-such-bucket" unreachable',
        },
      });
    } finally {
      await t.close();
    }
  });
});
