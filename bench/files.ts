// Issue 34's case: a 5 MB file uploaded and downloaded at several connections, on each file
// store (the local folder, and an S3 bucket on a real S3-protocol server), through the built
// server on a fresh embedded database. Prints req/s, MB/s and the server's memory at peak.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { startAppServer } from "../scripts/app-server";
import type { TaskItem } from "../src/shared/tasks";
import { type S3Receiver, S3RVER_KEYS, startS3Receiver } from "../tests/helpers/s3";
import { rssMb } from "./memory";

export const FILE_DRIVERS = ["local", "s3"] as const;
export type FileDriver = (typeof FILE_DRIVERS)[number];

export type FileCase = {
  driver: FileDriver;
  direction: "upload" | "download";
  requestsPerSecond: number;
  megabytesPerSecond: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The server's largest resident set while the case ran, sampled every 100 ms. */
  peakRssMb: number;
};

const FILE_BYTES = 5 * 1024 * 1024;
const ADMIN_PASSWORD = "bench-admin-pass-1";

/** A PDF's first bytes, then filler: what the upload check reads as a PDF. */
function pdfOf(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode("%PDF-1.7\n"));
  return bytes;
}

/** The multipart body of Create Task with `file` attached, once, for every request. */
async function createTaskBody(assignedTo: string, file: Uint8Array<ArrayBuffer>) {
  const today = new Date().toISOString().slice(0, 10);
  const form = new FormData();
  for (const [name, value] of Object.entries({
    subject: "Bench upload",
    assignedTo,
    assignDate: today,
    dueDate: today,
    taskType: "Task",
  }))
    form.set(name, value);
  form.set("attachment", new File([file], "bench.pdf", { type: "application/pdf" }));
  const request = new Request("http://bench/", { method: "POST", body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get("content-type") ?? "",
  };
}

/** Runs `work` while sampling the server's memory; answers both. */
async function sampled<T>(pid: number, work: () => Promise<T>): Promise<[T, number]> {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);
  try {
    return [await work(), peak];
  } finally {
    clearInterval(timer);
  }
}

export async function benchFiles(options: {
  bundle: string;
  port: number;
  duration: number;
  connections: number;
  drivers: readonly FileDriver[];
  log: (line: string) => void;
}): Promise<FileCase[]> {
  const results: FileCase[] = [];
  const file = pdfOf(FILE_BYTES);
  for (const driver of options.drivers) {
    const dataDir = mkdtempSync(join(tmpdir(), "hed-bench-files-"));
    let receiver: S3Receiver | undefined;
    const env: Record<string, string> = {
      ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    };
    if (driver === "s3") {
      receiver = await startS3Receiver();
      Object.assign(env, {
        STORAGE_URL: `s3://${receiver.location.bucket}/bench?endpoint=${receiver.location.endpoint}&forcePathStyle=true`,
        S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
      });
    }
    const server = await startAppServer({
      port: options.port,
      bundle: options.bundle,
      dataDir,
      env,
      timeoutMs: 120_000,
    });
    try {
      const url = server.url;
      const signedIn = await fetch(`${url}/api/auth/sign-in/username`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: url },
        body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
      });
      const cookie = signedIn.headers
        .getSetCookie()
        .map((part) => part.split(";")[0])
        .join("; ");
      const me = (await (await fetch(`${url}/api/me`, { headers: { cookie } })).json()) as {
        id: string;
      };
      const { body, contentType } = await createTaskBody(me.id, file);
      const headers = { cookie, origin: url, "content-type": contentType };

      const created = await fetch(`${url}/api/tasks`, { method: "POST", headers, body });
      const task = (await created.json()) as TaskItem;
      const link = new URL(task.attachment?.url ?? "", url).toString();

      const cases = [
        ["upload", { url: `${url}/api/tasks`, method: "POST", headers, body }],
        ["download", { url: link, method: "GET" }],
      ] as const;
      for (const [direction, request] of cases) {
        const run = { ...request, connections: options.connections, timeout: 30 };
        await autocannon({ ...run, duration: 1 });
        const [result, peakRssMb] = await sampled(server.pid, () =>
          autocannon({ ...run, duration: options.duration }),
        );
        const row: FileCase = {
          driver,
          direction,
          requestsPerSecond: Math.round(result.requests.average * 10) / 10,
          megabytesPerSecond:
            Math.round(((result.requests.average * FILE_BYTES) / 1_048_576) * 10) / 10,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          peakRssMb,
        };
        options.log(`files on ${driver}, ${direction}: ${JSON.stringify(row)}`);
        results.push(row);
      }
    } finally {
      await server.stop();
      await receiver?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return results;
}
