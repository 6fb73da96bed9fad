import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChangeEvent } from "../../src/server/events";
import { createPostgresChannel } from "../../src/server/live/channel";
import type { LiveEvent } from "../../src/shared/live";
import { createTestApp, type TestApp } from "../helpers/app";
import { makeTask } from "../helpers/factories";

/** Reads Server-Sent Events from a streaming response until `count` change events arrive. */
async function readChanges(res: Response, count: number, timeoutMs = 5000): Promise<LiveEvent[]> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: LiveEvent[] = [];
  let buffer = "";
  const deadline = Date.now() + timeoutMs;
  while (events.length < count && Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<{ done: true; value: undefined }>((resolve) =>
        setTimeout(() => resolve({ done: true, value: undefined }), deadline - Date.now()),
      ),
    ]);
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    const blocks = buffer.split("\n\n");
    buffer = blocks.pop() ?? "";
    for (const block of blocks) {
      if (!block.includes("event: change")) continue;
      const data = block.split("\n").find((line) => line.startsWith("data: "));
      if (data) events.push(JSON.parse(data.slice(6)));
    }
  }
  await reader.cancel();
  return events;
}

describe("live changes over Server-Sent Events", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("refuses anonymous listeners", async () => {
    expect((await t.request("/api/live")).status).toBe(401);
  });

  it("tells every signed-in listener which task changed, and nothing more", async () => {
    const admin = await t.signedInAs("admin");
    const user = await t.signedInAs("user");
    const task = await makeTask(t.db, { assignedTo: user.id });

    const stream = await t.request("/api/live", { cookie: user.cookie });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const received = readChanges(stream, 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await t.request(`/api/tasks/${task.id}/complete`, { method: "POST", cookie: admin.cookie });

    expect(await received).toEqual([{ entity: "task", id: task.id, action: "updated" }]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL LISTEN/NOTIFY between instances", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("delivers a change published by one instance to another", async () => {
    const url = t.databaseUrl as string;
    const logger = pino({ level: "silent" });
    const first = createPostgresChannel(url, logger);
    const second = createPostgresChannel(url, logger);
    const received = new Promise<ChangeEvent>((resolve) => second.subscribe(resolve));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await first.publish({ entity: "engagement", id: "e-1", action: "created" });
    expect(await received).toEqual({ entity: "engagement", id: "e-1", action: "created" });
    await Promise.all([first.close(), second.close()]);
  });
});
