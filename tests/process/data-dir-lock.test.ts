import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createStore,
  onPostgres,
  signInAdmin,
  spawn,
  start,
  type TestStore,
  testPort,
} from "./support";

const PORT = testPort(4320);
const SECOND_PORT = testPort(4321);
const PAUSE_MS = 20_000;

const lockOwner = (store: TestStore) =>
  (JSON.parse(readFileSync(join(store.dataDir, ".lock"), "utf8")) as { pid: number }).pid;

/** A second server on the same DATA_DIR: it must stop at once with the one-line refusal. */
async function expectRefused(store: TestStore) {
  const second = spawn(store, SECOND_PORT);
  expect(await second.exited).toEqual({ code: 1, signal: null });
  expect(second.output().trim()).toMatch(
    /^DATA_DIR \S+ is in use by another process \(process \d+ on .+\): a running server or script; stop it first$/,
  );
}

// PostgreSQL servers share their database by design; the lock is the embedded database's.
describe.skipIf(onPostgres)("the DATA_DIR lock", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createStore();
  });
  afterAll(async () => {
    await store.remove();
  });

  it("refuses a second server while the first lives, even when the first is paused for 20 s", async () => {
    const first = await start(store, PORT);
    try {
      await expectRefused(store);

      first.signal("SIGSTOP");
      const resumeAt = Date.now() + PAUSE_MS;
      try {
        // Past the 15 s after which an age-judged lock would have been taken.
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS - 5_000));
        await expectRefused(store);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, resumeAt - Date.now())));
      } finally {
        first.signal("SIGCONT");
      }

      expect(lockOwner(store)).toBe(first.pid);
      await signInAdmin(first);
      expect((await fetch(`${first.url}/api/ready`)).status).toBe(200);
    } finally {
      await first.stop();
    }
    expect(await first.exited).toEqual({ code: 0, signal: null });
  }, 90_000);
});
