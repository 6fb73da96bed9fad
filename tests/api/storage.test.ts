import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
