import { request as httpRequest } from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, servingPids } from "../../scripts/app-server";
import { openPostgres, rowsOf } from "../../src/server/db/client";
import type { ReceiptItem } from "../../src/shared/dak";
import { formOf } from "../helpers/factories";
import {
  createStore,
  eventually,
  onPostgres,
  openLiveStream,
  signInAdmin,
  start,
  type TestStore,
  testPort,
} from "./support";

// Issue 19: WORKERS server processes behind one port (node:cluster hands each new connection
// to the next worker in turn). What one worker does must hold in the others: live events,
// ended sessions, and the work that runs by itself, done once.
const PORT = testPort(4340);
const WORKERS = 2;

type Answer = { status: number; body: string };

/**
 * One request on a connection of its own: the cluster deals connections to the workers in
 * turn, so two of these in a row reach both workers (fetch would keep one connection alive).
 */
async function onNewConnection(
  server: AppServer,
  path: string,
  init: { method?: string; cookie?: string; json?: unknown; form?: FormData } = {},
): Promise<Answer> {
  // A form is sent as fetch would encode it (multipart, with its boundary).
  const encoded = init.form ? new Response(init.form) : null;
  const body = encoded
    ? Buffer.from(await encoded.arrayBuffer())
    : init.json === undefined
      ? undefined
      : JSON.stringify(init.json);
  const type = encoded ? encoded.headers.get("content-type") : body ? "application/json" : null;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${server.url}${path}`,
      {
        method: init.method ?? "GET",
        agent: false,
        headers: {
          origin: server.url,
          ...(init.cookie ? { cookie: init.cookie } : {}),
          ...(type ? { "content-type": type } : {}),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The log lines of `server` (JSON, one per line) whose message is `msg`. */
function logged(server: AppServer, msg: string): Record<string, unknown>[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === msg);
}

const workersOf = (lines: Record<string, unknown>[]) =>
  [...new Set(lines.map((line) => line.worker))].sort();

describe.skipIf(!onPostgres)("two workers on one port", () => {
  let store: TestStore;
  let server: AppServer;
  let admin: string;

  beforeAll(async () => {
    store = await createStore();
    server = await start(store, PORT, { WORKERS: String(WORKERS) });
    admin = await signInAdmin(server);
    await eventually(() => logged(server, "workers ready").length === 1, 30_000);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await store.remove();
  });

  it("starts both, and a connection reaches either", async () => {
    for (let i = 0; i < 4; i++) {
      expect((await onNewConnection(server, "/api/health")).status).toBe(200);
    }
    const served = logged(server, "request").filter((line) => line.path === "/api/health");
    expect(workersOf(served)).toEqual([0, 1]);
  });

  it("sends a change made through one worker to live streams held by both", async () => {
    const streams = [openLiveStream(server, admin), openLiveStream(server, admin)];
    await Promise.all(streams.map((stream) => stream.ready));
    const subject = "Cluster engagement";
    const created = await onNewConnection(server, "/api/engagements", {
      method: "POST",
      cookie: admin,
      json: {
        date: "2031-05-06",
        time: "10:00",
        subject,
        venue: "HED Committee Room",
        responsibility: "Section Officer",
        status: "Scheduled",
      },
    });
    expect(created.status).toBe(201);
    const { id } = JSON.parse(created.body) as { id: string };
    await eventually(() => streams.every((stream) => stream.text().includes(id)), 10_000);
  });

  it("ends a session on both workers when its password is changed through one", async () => {
    const created = await onNewConnection(server, "/api/admin/users", {
      method: "POST",
      cookie: admin,
      json: {
        userId: "cluster.user",
        password: "cluster-pass-1",
        fullName: "Cluster User",
      },
    });
    expect(created.status).toBe(201);
    const { id } = JSON.parse(created.body) as { id: string };
    const signedIn = await fetch(`${server.url}/api/auth/sign-in/username`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ username: "cluster.user", password: "cluster-pass-1" }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((part) => part.split(";")[0])
      .join("; ");
    // Both workers read (and cache) the session first.
    for (let i = 0; i < 4; i++) {
      expect((await onNewConnection(server, "/api/me", { cookie })).status).toBe(200);
    }

    const changed = await onNewConnection(server, `/api/admin/users/${id}/password`, {
      method: "POST",
      cookie: admin,
      json: { newPassword: "cluster-pass-2" },
    });
    expect(changed.status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await onNewConnection(server, "/api/me", { cookie })).status).toBe(401);
    }
    const me = logged(server, "request").filter((line) => line.path === "/api/me");
    expect(workersOf(me)).toEqual([0, 1]);
  });

  it("gives 20 receipts diarised at once through both workers 20 consecutive diary numbers", async () => {
    const me = await signInAdmin(server);
    const today = new Date().toISOString().slice(0, 10);
    const diarised = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        onNewConnection(server, "/api/receipts", {
          method: "POST",
          cookie: me,
          form: formOf({
            receivedOn: today,
            mode: "post",
            senderName: "Registrar, University of the Punjab",
            subject: `Letter ${i + 1}`,
            category: "General",
          }),
        }),
      ),
    );
    for (const answer of diarised) expect(answer.status, answer.body).toBe(201);
    const sequence = diarised
      .map((answer) => (JSON.parse(answer.body) as { receipt: ReceiptItem }).receipt.diaryNumber)
      .map((number) => Number(number.slice(number.lastIndexOf("-") + 1)))
      .sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: 20 }, (_, i) => sequence[0] + i));
    const served = logged(server, "request").filter((line) => line.path === "/api/receipts");
    expect(workersOf(served)).toEqual([0, 1]);
  });

  it("starts another worker in place of one that dies, and serves on meanwhile", async () => {
    const before = servingPids(server.pid);
    expect(before).toHaveLength(WORKERS);
    process.kill(before[1], "SIGKILL");
    await eventually(() => {
      const now = servingPids(server.pid);
      return now.length === WORKERS && !now.includes(before[1]);
    }, 45_000);
    // The primary logs the death before it forks, but its line may still be in the pipe.
    await eventually(() => logged(server, "worker died: starting another").length === 1, 5_000);
    await eventually(
      () => logged(server, `HED Task Manager listening on ${server.url}`).length === WORKERS + 1,
      45_000,
    );
    for (let i = 0; i < 4; i++) {
      expect((await onNewConnection(server, "/api/health")).status).toBe(200);
    }
  });

  it("queues the day's digest and brief once, and moves an overdue task once", async () => {
    // Every day a working day with the digest due from midnight, so the restart below queues
    // the day's digest whatever the hour and weekday the suite runs at (unless the first start
    // already had: then the restart's workers find the day claimed).
    const settings = await onNewConnection(server, "/api/office/settings", { cookie: admin });
    expect(settings.status).toBe(200);
    const saved = await onNewConnection(server, "/api/office/settings", {
      method: "PUT",
      cookie: admin,
      json: { ...JSON.parse(settings.body), weeklyOffDays: [], digestTime: "00:00" },
    });
    expect(saved.status).toBe(200);
    const before = {
      digest: logged(server, "digest queued"),
      brief: logged(server, "daily brief queued"),
    };

    // A task past its due date, written while no worker runs: both sweep when they start.
    await server.stop();
    const database = openPostgres(store.env.DATABASE_URL, { max: 1 });
    let taskId: string;
    try {
      [{ id: taskId }] = rowsOf<{ id: string }>(
        await database.db.execute(sql`
          insert into tasks (subject, assigned_to, assign_date, due_date)
          select 'Cluster overdue', id, '2026-01-05', '2026-01-06' from "user" where username = 'admin'
          returning id`),
      );
    } finally {
      await database.close();
    }
    server = await start(store, PORT, { WORKERS: String(WORKERS) });
    await eventually(() => logged(server, "workers ready").length === 1, 30_000);
    const me = await signInAdmin(server);
    for (let i = 0; i < 4; i++) {
      expect((await onNewConnection(server, "/api/tasks", { cookie: me })).status).toBe(200);
    }

    for (const [msg, earlier] of [
      ["digest queued", before.digest],
      ["daily brief queued", before.brief],
    ] as const) {
      await eventually(() => earlier.length + logged(server, msg).length > 0, 10_000);
      const days = [...earlier, ...logged(server, msg)].map((line) => line.today);
      expect(days.length, msg).toBe(new Set(days).size);
    }

    const check = openPostgres(store.env.DATABASE_URL, { max: 1 });
    try {
      const [moves] = rowsOf<{ n: number }>(
        await check.db.execute(sql`
          select count(*)::int as n from audit_events
          where entity = 'task' and entity_id = ${taskId} and action = 'updated'`),
      );
      expect(moves.n).toBe(1);
    } finally {
      await check.close();
    }
  }, 150_000);
});
