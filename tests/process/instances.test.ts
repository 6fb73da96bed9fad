import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../../scripts/app-server";
import { BUCKETS } from "../../src/server/files/storage";
import type { TaskItem } from "../../src/shared/tasks";
import { formOf } from "../helpers/factories";
import { fileOf, PDF_BYTES } from "../helpers/files";
import { createTestHost, namespacesAllowed, relay, type TestHost } from "../helpers/netns";
import { type S3Receiver, S3RVER_KEYS, startS3Receiver } from "../helpers/s3";
import {
  createStore,
  eventually,
  onPostgres,
  openLiveStream,
  signInAdmin,
  type TestStore,
  testPort,
} from "./support";

// Issue 34: two instances that share nothing but PostgreSQL and the object store (each its own
// DATA_DIR, temporary folder, port and, where the machine allows, network namespace; the same
// AUTH_SECRET), as two machines behind a balancer would be. In a namespace an instance reaches
// the database and the bucket only through a relay on its link to this side, as a machine
// reaches them over the network; this side reaches it only at its own address.
const PORTS = [testPort(4360), testPort(4361)] as const;
const apart = namespacesAllowed();

/** The log lines of `server` (JSON, one per line) whose message is `msg`. */
function logged(server: AppServer, msg: string): Record<string, unknown>[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === msg);
}

describe.skipIf(!onPostgres)(
  `two instances sharing PostgreSQL and a bucket${apart ? ", each in a network namespace" : ""}`,
  () => {
    let store: TestStore;
    let receiver: S3Receiver;
    let a: AppServer;
    let b: AppServer;
    let cookie: string;
    const folders: string[] = [];
    const hosts: TestHost[] = [];
    const relays: { close(): Promise<void> }[] = [];
    /** Per instance: where it runs, and the database and bucket addresses as it sees them. */
    const machines: {
      netns?: { name: string; address: string };
      databaseUrl: string;
      endpoint: string;
    }[] = [];

    /** The PostgreSQL pass's database (the suite runs on PostgreSQL only). */
    function sharedDatabase(): string {
      const url = store.env.DATABASE_URL;
      if (!url) throw new Error("two instances need the PostgreSQL pass's DATABASE_URL");
      return url;
    }

    /** A namespace with relays to the database and the bucket, or this machine's loopback. */
    async function machine(): Promise<(typeof machines)[number]> {
      const databaseUrl = sharedDatabase();
      const endpoint = receiver.location.endpoint;
      if (!apart) return { databaseUrl, endpoint };
      const host = createTestHost();
      hosts.push(host);
      const through = async (url: URL) => {
        const link = await relay(host.hostAddress, {
          host: url.hostname,
          port: Number(url.port || 5432),
        });
        relays.push(link);
        url.hostname = host.hostAddress;
        url.port = String(link.port);
        return url.toString().replace(/\/$/, "");
      };
      return {
        netns: { name: host.name, address: host.address },
        databaseUrl: await through(new URL(databaseUrl)),
        endpoint: await through(new URL(endpoint)),
      };
    }
    const prefix = `instances-${randomBytes(4).toString("hex")}`;

    /** One instance: its own DATA_DIR and TMPDIR, the shared database, secret and bucket. */
    async function instance(which: 0 | 1): Promise<AppServer> {
      const { netns, databaseUrl, endpoint } = machines[which];
      const dataDir = mkdtempSync(join(tmpdir(), "hed-instance-"));
      const temp = mkdtempSync(join(tmpdir(), "hed-instance-tmp-"));
      folders.push(dataDir, temp);
      return startAppServer({
        port: PORTS[which],
        dataDir,
        netns,
        captureOutput: true,
        env: {
          ...store.env,
          DATABASE_URL: databaseUrl,
          TMPDIR: temp,
          AUTH_SECRET: "a secret both instances share, 32+ characters long",
          STORAGE_URL: `s3://${receiver.location.bucket}/${prefix}?endpoint=${endpoint}&forcePathStyle=true`,
          S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
          S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
        },
      });
    }

    const get = (server: AppServer, path: string) =>
      fetch(`${server.url}${path}`, { headers: { cookie } });

    /** Every key in the shared bucket, read past both instances. */
    async function objectsInBucket(): Promise<string[]> {
      const storage = receiver.storage(prefix);
      const keys: string[] = [];
      for (const bucket of BUCKETS)
        for await (const { key } of storage.list(bucket)) keys.push(key);
      return keys;
    }

    beforeAll(async () => {
      store = await createStore();
      receiver = await startS3Receiver();
      machines.push(await machine(), await machine());
      // The first migrates and makes the administrator; the second finds both done.
      a = await instance(0);
      b = await instance(1);
      cookie = await signInAdmin(a);
    }, 90_000);
    afterAll(async () => {
      await a?.stop();
      await b?.stop();
      await receiver?.close();
      for (const link of relays) await link.close();
      for (const host of hosts) host.remove();
      await store?.remove();
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    });

    it.runIf(apart)("each stands apart: this machine's loopback is not reachable from it", () => {
      const database = new URL(sharedDatabase());
      const probe = `require("net").connect(${database.port || 5432}, "127.0.0.1")
      .on("connect", () => process.exit(0)).on("error", () => process.exit(3))`;
      const reached = spawnSync("ip", [
        "netns",
        "exec",
        hosts[0].name,
        process.execPath,
        "-e",
        probe,
      ]);
      expect(reached.status).toBe(3);
    });

    it("a session made on one is good on the other", async () => {
      expect((await get(b, "/api/me")).status).toBe(200);
    });

    it("a file uploaded through one downloads through the other; removed through it, gone for both", async () => {
      const me = (await (await get(a, "/api/me")).json()) as { id: string };
      const today = new Date().toISOString().slice(0, 10);
      const fields = {
        subject: "Shared file",
        assignedTo: me.id,
        assignDate: today,
        dueDate: today,
        taskType: "Task",
      };
      const created = await fetch(`${a.url}/api/tasks`, {
        method: "POST",
        headers: { cookie, origin: a.url },
        body: formOf({ ...fields, attachment: fileOf(PDF_BYTES, "letter.pdf") }),
      });
      expect(created.status).toBe(201);
      const task = (await created.json()) as TaskItem;
      const link = new URL(task.attachment?.url ?? "", a.url);
      const path = `${link.pathname}${link.search}`;
      expect(await objectsInBucket()).toHaveLength(1);

      const throughB = await fetch(`${b.url}${path}`);
      expect(throughB.status).toBe(200);
      expect(new Uint8Array(await throughB.arrayBuffer())).toEqual(new Uint8Array(PDF_BYTES));

      const removed = await fetch(`${b.url}/api/tasks/${task.id}`, {
        method: "PATCH",
        headers: { cookie, origin: b.url },
        body: formOf({
          ...fields,
          status: task.status,
          removeAttachment: "true",
          version: String(task.version),
        }),
      });
      expect(removed.status, await removed.clone().text()).toBe(200);
      expect((await fetch(`${a.url}${path}`)).status).toBe(404);
      expect(await objectsInBucket()).toEqual([]);
    });

    it("a change made on one reaches a live stream held on the other", async () => {
      const stream = openLiveStream(b, cookie);
      await stream.ready;
      const created = await fetch(`${a.url}/api/engagements`, {
        method: "POST",
        headers: { cookie, origin: a.url, "content-type": "application/json" },
        body: JSON.stringify({
          date: "2031-05-06",
          time: "10:00",
          subject: "Across instances",
          venue: "HED Committee Room",
          responsibility: "Section Officer",
          status: "Scheduled",
        }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      await eventually(() => stream.text().includes(id), 10_000);
    });

    it("runs each scheduled piece of work once across both", async () => {
      // Every day a working day with the digest due from midnight; a restart's first tick then
      // finds the day's digest and brief due on both at once.
      const settings = await get(a, "/api/office/settings");
      const saved = await fetch(`${a.url}/api/office/settings`, {
        method: "PUT",
        headers: { cookie, origin: a.url, "content-type": "application/json" },
        body: JSON.stringify({
          ...(await settings.json()),
          weeklyOffDays: [],
          digestTime: "00:00",
        }),
      });
      expect(saved.status).toBe(200);
      const before = [a, b].flatMap((server) => [
        ...logged(server, "digest queued"),
        ...logged(server, "daily brief queued"),
      ]);
      await Promise.all([a.stop(), b.stop()]);
      [a, b] = await Promise.all([instance(0), instance(1)]);
      cookie = await signInAdmin(a);

      for (const msg of ["digest queued", "daily brief queued"]) {
        const runs = () => [
          ...before.filter((line) => line.msg === msg),
          ...logged(a, msg),
          ...logged(b, msg),
        ];
        await eventually(() => runs().length > 0, 15_000);
        const days = runs().map((line) => line.today);
        expect(days.length, msg).toBe(new Set(days).size);
      }
    }, 90_000);
  },
);
