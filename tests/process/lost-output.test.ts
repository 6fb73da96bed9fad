import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppExit, type AppServer, startAppServer } from "../../scripts/app-server";
import {
  createStore,
  onPostgres,
  serverOptions,
  signInAdmin,
  start,
  type TestStore,
  testPort,
} from "./support";

const PORT = testPort(4350);
const NPM_PORT = testPort(4351);
const GRACE_SECONDS = 2;
/** What a stop promises: done within SHUTDOWN_GRACE_SECONDS and 5 s more. */
const STOP_WITHIN_MS = (GRACE_SECONDS + 5) * 1000;
const env = { SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS) };

/** The process's exit, or "still running" once `ms` has passed (then it is killed). */
async function exitWithin(server: AppServer, ms: number): Promise<AppExit | "still running"> {
  const late = new Promise<"still running">((resolve) =>
    setTimeout(() => resolve("still running"), ms),
  );
  const outcome = await Promise.race([server.exited, late]);
  if (outcome === "still running") {
    server.signal("SIGKILL");
    await server.exited;
  }
  return outcome;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Every process below `pid` (Linux /proc): npm's shell, and the server it started. */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

describe("stopping a server whose log has no reader", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createStore();
  });
  afterAll(async () => {
    await store.remove();
  });

  it("exits 0 within the grace period and 5 s after SIGTERM when its stdout and stderr pipes have lost their reader", async () => {
    const server = await start(store, PORT, env);
    expect(
      (await fetch(`${server.url}/api/me`, { headers: { cookie: await signInAdmin(server) } }))
        .status,
    ).toBe(200);
    // The reader goes, and the first lines to meet the broken pipe are the stop's own: before
    // the fix, pino's flush at exit retried them forever and the process never ended.
    server.closeOutput();
    server.signal("SIGTERM");
    expect(await exitWithin(server, STOP_WITHIN_MS)).toEqual({ code: 0, signal: null });
    // The start alone (Node, tsx and the sources) took over a minute beside the rest of CI.
  }, 180_000);

  // `npm start` builds first, into the dist/ the browser tests serve; the PostgreSQL pass runs
  // beside them, so the PGlite pass alone checks npm's part, which no database changes.
  it.skipIf(onPostgres)(
    "ends with npm start when npm is sent SIGTERM, leaving no server behind",
    async () => {
      const server = await startAppServer({
        ...serverOptions(store, NPM_PORT, env),
        npmStart: true,
        timeoutMs: 180_000,
      });
      const below = descendants(server.pid);
      expect(below.length).toBeGreaterThan(0);

      server.signal("SIGTERM");
      expect(await exitWithin(server, STOP_WITHIN_MS)).not.toBe("still running");
      const deadline = Date.now() + STOP_WITHIN_MS;
      while (below.some(isRunning) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const leftBehind = below.filter(isRunning);
      for (const pid of leftBehind) process.kill(pid, "SIGKILL");
      expect(leftBehind).toEqual([]);
    },
    240_000,
  );
});
