import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChangeEvent } from "../../src/server/events/bus";
import { createInProcessChannel, createPostgresChannel } from "../../src/server/live/channel";
import { createLiveHub, type Schedule } from "../../src/server/live/hub";
import { todayIn } from "../../src/shared/dates";
import type { LiveEvent } from "../../src/shared/live";
import { MAX_LIVE_STREAMS_PER_ACCOUNT } from "../../src/shared/live";
import type { CurrentUser } from "../../src/shared/users";
import { createTestApp, type TestApp } from "../helpers/app";
import { accountVersion, formOf, makeTask, taskVersion } from "../helpers/factories";

type Message = { event: string; data: string; retry?: number };

/** Reads a Server-Sent Events response in the background, message by message. */
function readStream(res: Response) {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const messages: Message[] = [];
  let isClosed = false;
  const closed = (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      const blocks = buffer.split("\n\n");
      buffer = blocks.pop() ?? "";
      for (const block of blocks) {
        const message: Message = { event: "message", data: "" };
        for (const line of block.split("\n")) {
          if (line.startsWith("event: ")) message.event = line.slice(7);
          else if (line.startsWith("data: ")) message.data = line.slice(6);
          else if (line.startsWith("retry: ")) message.retry = Number(line.slice(7));
        }
        if (message.data) messages.push(message);
      }
    }
    isClosed = true;
  })();

  /** Waits until `times` messages match; returns the last of them. */
  async function waitFor(matches: (message: Message) => boolean, timeoutMs = 5000, times = 1) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.filter(matches);
      if (found.length >= times) return found[times - 1];
      if (isClosed || Date.now() > deadline) {
        throw new Error(`no such message; got ${JSON.stringify(messages)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  return {
    messages,
    closed,
    waitFor,
    changes: (): LiveEvent[] =>
      messages.filter((m) => m.event === "change").map((m) => JSON.parse(m.data)),
    /** Waits for the `times`th change naming this record. */
    change: (id: string, times = 1) =>
      waitFor((m) => m.event === "change" && JSON.parse(m.data).id === id, 5000, times),
    /** Waits for the server to end the stream; returns its reason and retry hint. */
    async ended(timeoutMs = 5000) {
      const end = await waitFor((m) => m.event === "end", timeoutMs);
      await closed;
      return { ...JSON.parse(end.data), retry: end.retry };
    },
    cancel: () => reader.cancel(),
  };
}

type Stream = ReturnType<typeof readStream>;

describe("live changes over Server-Sent Events", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp["signedInAs"]>>;
  const open: Stream[] = [];

  async function listen(cookie: string): Promise<Stream> {
    const res = await t.request("/api/live", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const stream = readStream(res);
    open.push(stream);
    await stream.waitFor((m) => m.event === "ready");
    return stream;
  }

  const complete = (taskId: string) =>
    t.request(`/api/tasks/${taskId}/complete`, { method: "POST", cookie: admin.cookie });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signedInAs("admin");
  });
  afterAll(async () => {
    await Promise.all(open.map((stream) => stream.cancel()));
    await t.close();
  });

  it("refuses anonymous listeners", async () => {
    expect((await t.request("/api/live")).status).toBe(401);
  });

  it("tells a listener which task changed, and nothing more", async () => {
    const user = await t.signedInAs("user");
    const task = await makeTask(t.db, { assignedTo: user.id });
    const stream = await listen(user.cookie);
    await complete(task.id);
    await stream.change(task.id);
    // Completion also tells the assignee (their bell): a notice naming only them.
    await stream.change(user.id);
    expect(stream.changes()).toEqual([
      { entity: "task", id: task.id, action: "updated" },
      { entity: "notification", id: user.id, action: "created" },
    ]);
  });

  it("a user hears only of tasks assigned to them, before and after a reassignment", async () => {
    const alice = await t.signedInAs("user");
    const bob = await t.signedInAs("user");
    const head = await t.signedInAs("organization_head");
    const [aliceStream, bobStream, headStream, adminStream] = await Promise.all(
      [alice, bob, head, admin].map((person) => listen(person.cookie)),
    );
    const bobsTask = await makeTask(t.db, { assignedTo: bob.id });
    const alicesTask = await makeTask(t.db, { assignedTo: alice.id });

    const remarks = await t.request(`/api/tasks/${bobsTask.id}/remarks`, {
      method: "PUT",
      cookie: bob.cookie,
      json: { remarks: "Drafted" },
    });
    expect(remarks.status).toBe(200);
    await complete(alicesTask.id);
    // Changes reach a stream in order: once Alice hears of her task, Bob's change has passed her.
    await aliceStream.change(alicesTask.id);
    expect(aliceStream.changes().map((e) => e.id)).not.toContain(bobsTask.id);
    for (const watcher of [headStream, adminStream, bobStream]) await watcher.change(bobsTask.id);
    for (const watcher of [headStream, adminStream]) await watcher.change(alicesTask.id);

    // Reassigned from Bob to Alice: both hear of it (it leaves Bob's list, joins Alice's).
    const today = todayIn("Asia/Karachi");
    const form = formOf({
      subject: "Moved",
      assignedTo: alice.id,
      assignDate: today,
      dueDate: today,
      taskType: "Task",
      status: "in_progress",
      remarks: "",
      dueDateReason: "Handed to Alice",
      version: await taskVersion(t, admin.cookie, bobsTask.id),
    });
    const moved = await t.request(`/api/tasks/${bobsTask.id}`, {
      method: "PATCH",
      cookie: admin.cookie,
      body: form,
    });
    expect(moved.status).toBe(200);
    await aliceStream.change(bobsTask.id);
    await bobStream.change(bobsTask.id, 2);
    expect(bobStream.changes().map((e) => e.id)).not.toContain(alicesTask.id);
  });

  it("account changes reach administrators and the person themself, nobody else", async () => {
    const alice = await t.signedInAs("user");
    const head = await t.signedInAs("organization_head");
    const [aliceStream, headStream, adminStream] = await Promise.all(
      [alice, head, admin].map((person) => listen(person.cookie)),
    );
    const created = await t.request("/api/admin/users", {
      method: "POST",
      cookie: admin.cookie,
      json: { userId: "newcomer", password: "Quokka-Zebra-41", fullName: "New Comer" },
    });
    expect(created.status).toBe(201);
    const { id: newcomerId } = await created.json();
    await adminStream.change(newcomerId);

    const renamed = await t.request(`/api/admin/users/${alice.id}`, {
      method: "PATCH",
      cookie: admin.cookie,
      json: {
        fullName: "Alice Renamed",
        role: "user",
        version: await accountVersion(t, admin.cookie, alice.id),
      },
    });
    expect(renamed.status).toBe(200);
    await adminStream.change(alice.id);
    await aliceStream.change(alice.id);
    // A task change after both, heard by Alice and the head: the account events passed them.
    const marker = await makeTask(t.db, { assignedTo: alice.id });
    await complete(marker.id);
    await aliceStream.change(marker.id);
    await headStream.change(marker.id);
    expect(aliceStream.changes().map((e) => e.id)).not.toContain(newcomerId);
    expect(headStream.changes().filter((e) => e.entity === "user")).toEqual([]);
  });

  describe("a stream ends with its session", () => {
    const person = () => t.signedInAs("user");

    it("on sign-out", async () => {
      const alice = await person();
      const stream = await listen(alice.cookie);
      const other = await listen(alice.cookie);
      const second = await t.signIn(alice.userId);
      const kept = await listen(second);
      const out = await t.request("/api/auth/sign-out", { method: "POST", cookie: alice.cookie });
      expect(out.status).toBe(200);
      expect(await stream.ended()).toMatchObject({ reason: "signed_out" });
      expect(await other.ended()).toMatchObject({ reason: "signed_out" });
      // The same person's session in another browser goes on.
      const task = await makeTask(t.db, { assignedTo: alice.id });
      await complete(task.id);
      await kept.change(task.id);
    });

    it("on a password change", async () => {
      const alice = await person();
      const stream = await listen(alice.cookie);
      const res = await t.request(`/api/admin/users/${alice.id}/password`, {
        method: "POST",
        cookie: admin.cookie,
        json: { newPassword: "Quokka-Zebra-42" },
      });
      expect(res.status).toBe(200);
      expect(await stream.ended()).toMatchObject({ reason: "signed_out" });
    });

    it("on a role change", async () => {
      const alice = await person();
      const stream = await listen(alice.cookie);
      const res = await t.request(`/api/admin/users/${alice.id}`, {
        method: "PATCH",
        cookie: admin.cookie,
        json: {
          fullName: "Alice Head",
          role: "organization_head",
          version: await accountVersion(t, admin.cookie, alice.id),
        },
      });
      expect(res.status).toBe(200);
      expect(await stream.ended()).toMatchObject({ reason: "signed_out" });
      expect((await t.request("/api/live", { cookie: alice.cookie })).status).toBe(401);
    });

    it("on deletion", async () => {
      const alice = await person();
      const stream = await listen(alice.cookie);
      const res = await t.request(`/api/admin/users/${alice.id}`, {
        method: "DELETE",
        cookie: admin.cookie,
      });
      expect(res.status).toBe(200);
      expect(await stream.ended()).toMatchObject({ reason: "signed_out" });
    });
  });

  it(`an account holds at most ${MAX_LIVE_STREAMS_PER_ACCOUNT} streams; a further one ends the oldest`, async () => {
    const alice = await t.signedInAs("user");
    const streams: Stream[] = [];
    for (let i = 0; i <= MAX_LIVE_STREAMS_PER_ACCOUNT; i++)
      streams.push(await listen(alice.cookie));
    const [oldest, ...rest] = streams;
    const end = await oldest.ended();
    expect(end.reason).toBe("replaced");
    // An old page that ignores `end` waits long before it tries again.
    expect(end.retry).toBeGreaterThanOrEqual(60_000);
    const task = await makeTask(t.db, { assignedTo: alice.id });
    await complete(task.id);
    for (const stream of rest) await stream.change(task.id);
    expect(rest.every((stream) => !stream.messages.some((m) => m.event === "end"))).toBe(true);
  });
});

describe("stopping the server", () => {
  it("ends every stream with a hint to reconnect, and refuses to start new ones", async () => {
    const stopping = new AbortController();
    const t = await createTestApp({ shutdown: stopping.signal });
    try {
      const admin = await t.signedInAs("admin");
      const user = await t.signedInAs("user");
      const streams = await Promise.all(
        [admin, user, user].map(async (person) => {
          const stream = readStream(await t.request("/api/live", { cookie: person.cookie }));
          await stream.waitFor((m) => m.event === "ready");
          return stream;
        }),
      );
      stopping.abort();
      for (const stream of streams) {
        const end = await stream.ended();
        expect(end.reason).toBe("restart");
        expect(end.retry).toBeGreaterThanOrEqual(1000);
        expect(end.retry).toBeLessThanOrEqual(5000);
      }
      const late = readStream(await t.request("/api/live", { cookie: user.cookie }));
      expect((await late.ended()).reason).toBe("restart");
    } finally {
      await t.close();
    }
  });
});

describe("the live hub", () => {
  /** Repeating timers that run only when told to, counted while they are set. */
  function manualTimers() {
    const active = new Set<() => void>();
    const schedule: Schedule = (callback) => {
      active.add(callback);
      return () => active.delete(callback);
    };
    const tick = () => {
      for (const callback of [...active]) callback();
    };
    return { schedule, active, tick };
  }

  const holder = (id: string, role: CurrentUser["role"] = "user"): CurrentUser => ({
    id,
    role,
    userId: id,
    email: null,
    displayName: id,
    language: "en",
    receiptIssueDuty: false,
  });

  function sink() {
    const written: string[] = [];
    return { written, write: async (text: string) => void written.push(text) };
  }

  it("keeps one timer per stream however many changes pass", async () => {
    const channel = createInProcessChannel();
    const timers = manualTimers();
    const hub = createLiveHub({ channel, schedule: timers.schedule });
    const sinks = [sink(), sink(), sink()];
    const streams = sinks.map((s, i) =>
      hub.open({
        holder: holder(`u${i}`, "admin"),
        expiresAt: new Date(Date.now() + 60_000),
        currentHolder: async () => holder(`u${i}`, "admin"),
        sink: s,
      }),
    );
    for (let i = 0; i < 500; i++)
      await channel.publish({
        entity: "task",
        id: `t${i}`,
        action: "updated",
        assignees: [],
        restricted: false,
      });
    expect(timers.active.size).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sinks[0].written.filter((text) => text.startsWith("event: change"))).toHaveLength(500);
    // The audience never leaves the server.
    expect(sinks[0].written.join("")).not.toContain("assignees");

    timers.tick();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sinks[0].written.at(-1)).toBe(": heartbeat\n\n");

    for (const stream of streams) stream.end();
    expect(timers.active.size).toBe(0);
    hub.close();
  });

  it("ends a stream whose client stops reading instead of queueing without bound", async () => {
    const channel = createInProcessChannel();
    const timers = manualTimers();
    const hub = createLiveHub({ channel, schedule: timers.schedule });
    let writes = 0;
    const stuck = { write: () => new Promise<void>(() => void writes++) };
    const stream = hub.open({
      holder: holder("u1", "admin"),
      expiresAt: new Date(Date.now() + 60_000),
      currentHolder: async () => holder("u1", "admin"),
      sink: stuck,
    });
    for (let i = 0; i < 2000; i++)
      await channel.publish({ entity: "engagement", id: `e${i}`, action: "updated" });
    expect(hub.streamsOf("u1")).toBe(0);
    expect(timers.active.size).toBe(0);
    // The client hangs up at last: the stream is done although its queue never drained.
    stream.end();
    await stream.done;
    expect(writes).toBe(1);
  });

  it("ends a stream at its heartbeat once its session has expired", async () => {
    const channel = createInProcessChannel();
    const timers = manualTimers();
    let now = Date.now();
    const hub = createLiveHub({ channel, schedule: timers.schedule, now: () => now });
    const s = sink();
    const stream = hub.open({
      holder: holder("u1"),
      expiresAt: new Date(now + 1000),
      currentHolder: async () => holder("u1"),
      sink: s,
    });
    now += 2000;
    timers.tick();
    await stream.done;
    expect(s.written.at(-1)).toContain('"reason":"signed_out"');
    expect(timers.active.size).toBe(0);
    expect(hub.streamsOf("u1")).toBe(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL LISTEN/NOTIFY between instances", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("delivers a change published by one instance to another, with its audience", async () => {
    const url = t.databaseUrl as string;
    const logger = pino({ level: "silent" });
    const first = createPostgresChannel(url, logger);
    const second = createPostgresChannel(url, logger);
    const received = new Promise<ChangeEvent>((resolve) => second.subscribe(resolve));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const change: ChangeEvent = {
      entity: "task",
      id: "t-1",
      action: "created",
      assignees: ["u-1"],
      restricted: true,
    };
    await first.publish(change);
    expect(await received).toEqual(change);
    await Promise.all([first.close(), second.close()]);
  });

  it("sends a burst of changes in order, one at a time on its connection", async () => {
    const url = t.databaseUrl as string;
    const logger = pino({ level: "silent" });
    const warnings: string[] = [];
    const warned = (warning: Error) => warnings.push(warning.message);
    process.on("warning", warned);
    const first = createPostgresChannel(url, logger);
    const second = createPostgresChannel(url, logger);
    try {
      const received: string[] = [];
      second.subscribe((event) => received.push(event.id));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const ids = Array.from({ length: 20 }, (_, i) => `burst-${i}`);
      await Promise.all(
        ids.map((id) =>
          first.publish({
            entity: "task",
            id,
            action: "updated",
            assignees: [],
            restricted: false,
          }),
        ),
      );
      for (let waited = 0; received.length < ids.length && waited < 5_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(received).toEqual(ids);
      expect(warnings.filter((message) => message.includes("already executing"))).toEqual([]);
    } finally {
      process.off("warning", warned);
      await Promise.all([first.close(), second.close()]);
    }
  });
});
