import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createStore,
  eventually,
  holdRequest,
  onPostgres,
  openLiveStream,
  signInAdmin,
  spawn,
  start,
  type TestStore,
  testPort,
} from "./support";

const PORT = testPort(4310);
const IN_FLIGHT = 40;
const DATE = "2031-03-04";

const engagement = (i: number) => ({
  date: DATE,
  time: `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`,
  subject: `Drain check ${i}`,
  venue: "HED Committee Room",
  responsibility: "Section Officer",
  status: "Scheduled",
});

async function engagementsOn(url: string, cookie: string) {
  const res = await fetch(`${url}/api/engagements?range=all&date=${DATE}`, { headers: { cookie } });
  const body = (await res.json()) as { engagements: { subject: string }[] };
  return body.engagements.map((e) => e.subject).sort();
}

// One store for the file: the second test restarts on what the first one left.
describe("stopping and restarting the server", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createStore();
  });
  afterAll(async () => {
    await store.remove();
  });

  it("on SIGTERM finishes the requests in flight, ends live streams, releases the data and exits 0", async () => {
    const server = await start(store, PORT);
    try {
      const cookie = await signInAdmin(server);
      const streams = Array.from({ length: 3 }, () => openLiveStream(server, cookie));
      await Promise.all(streams.map((stream) => stream.ready));
      const held = await Promise.all(
        Array.from({ length: IN_FLIGHT }, (_, i) =>
          holdRequest(server, "/api/engagements", engagement(i), { cookie }),
        ),
      );

      server.signal("SIGTERM");
      // It stops accepting at once, while the requests it has are still running.
      await eventually(
        () =>
          fetch(`${server.url}/api/health`).then(
            () => false,
            () => true,
          ),
        5_000,
      );
      const answers = await Promise.all(held.map((request) => request.finish()));
      expect(answers.map((answer) => answer.status)).toEqual(Array(IN_FLIGHT).fill(201));

      for (const stream of streams) {
        expect(await stream.ended).toBe("ended");
        expect(stream.text()).toMatch(/event: end\ndata: \{"reason":"restart"\}\nretry: \d+/);
      }
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(server.output()).toContain("shutting down");
      expect(server.output()).not.toMatch(/"level":50|unhandled/);
      if (!onPostgres) expect(existsSync(join(store.dataDir, ".lock"))).toBe(false);
    } finally {
      await server.stop();
    }

    // Every acknowledged write is there after a restart on the same data.
    const again = await start(store, PORT);
    try {
      const subjects = await engagementsOn(again.url, await signInAdmin(again));
      expect(subjects).toHaveLength(IN_FLIGHT);
    } finally {
      await again.stop();
    }
  }, 120_000);

  it("after kill -9 starts again on the same data within 5 s, with readable logs in development", async () => {
    const first = await start(store, PORT);
    first.signal("SIGKILL");
    expect((await first.exited).signal).toBe("SIGKILL");

    const restarted = spawn(store, PORT, { NODE_ENV: "development" });
    try {
      // Loading Node, tsx and the sources took over 30 s beside the rest of CI on two cores.
      await restarted.waitUntilUp(90_000);
      expect((await fetch(`${restarted.url}/api/ready`)).status).toBe(200);
      // The server's own count, from its first line of code to answering: the lock, opening
      // and recovering the database, migrations. Loading Node and the modules comes before it
      // and does not depend on how the last run ended (on a busy machine it can take longer).
      const startupMs = Number(/startupMs: (\d+)/.exec(restarted.output())?.[1]);
      expect(startupMs).toBeLessThan(5_000);

      const cookie = await signInAdmin(restarted);
      expect(await engagementsOn(restarted.url, cookie)).toHaveLength(IN_FLIGHT);
      // pino-pretty's lines, not JSON: "[12:00:00.000] INFO: HED Task Manager listening on ..."
      const listening = restarted
        .output()
        .split("\n")
        .find((line) => line.includes("listening on"));
      expect(listening).toMatch(/INFO.*HED Task Manager listening on/);
      expect(listening?.trimStart().startsWith("{")).toBe(false);
    } finally {
      await restarted.stop();
    }
    expect(await restarted.exited).toEqual({ code: 0, signal: null });
  }, 180_000);
});
