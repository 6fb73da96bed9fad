import { describe, expect, it } from "vitest";
import { createEventBus } from "../events/bus";
import { createChangeCache } from "./change-cache";
import { createInProcessChannel } from "./channel";

function setup(maxAgeMs = 1000) {
  // lru-cache reads a start time of 0 as "no time", so the clock starts where a real one would.
  let clock = 1_000_000;
  const events = createEventBus();
  const changes = createInProcessChannel();
  const cache = createChangeCache<number>({
    events,
    changes,
    dependsOn: (event) => event.entity === "task",
    maxAgeMs,
    now: () => clock,
  });
  let loads = 0;
  const load = async () => ++loads;
  return {
    cache,
    events,
    changes,
    load,
    get loads() {
      return loads;
    },
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

describe("change cache", () => {
  it("keeps a result until a change it depends on, from this instance or another", async () => {
    const s = setup();
    expect(await s.cache.get("k", s.load)).toBe(1);
    expect(await s.cache.get("k", s.load)).toBe(1);
    s.events.emit({ entity: "engagement", id: "e", action: "updated" });
    expect(await s.cache.get("k", s.load)).toBe(1);
    s.events.emit({ entity: "task", id: "t", action: "updated", restricted: false });
    expect(await s.cache.get("k", s.load)).toBe(2);
    await s.changes.publish({ entity: "task", id: "t", action: "deleted", restricted: false });
    expect(await s.cache.get("k", s.load)).toBe(3);
  });

  it("drops a result after maxAgeMs even without a change", async () => {
    const s = setup(1000);
    await s.cache.get("k", s.load);
    s.tick(1000);
    expect(await s.cache.get("k", s.load)).toBe(1);
    s.tick(1);
    expect(await s.cache.get("k", s.load)).toBe(2);
  });

  it("shares one load between concurrent callers and keeps no failure", async () => {
    const s = setup();
    const [a, b] = await Promise.all([s.cache.get("k", s.load), s.cache.get("k", s.load)]);
    expect([a, b, s.loads]).toEqual([1, 1, 1]);
    await expect(s.cache.get("bad", () => Promise.reject(new Error("down")))).rejects.toThrow();
    expect(await s.cache.get("bad", s.load)).toBe(2);
  });

  it("does not keep a load that was under way when a change came", async () => {
    const s = setup();
    let release: (value: number) => void = () => {};
    const pending = s.cache.get("k", () => new Promise<number>((resolve) => (release = resolve)));
    s.events.emit({ entity: "task", id: "t", action: "updated", restricted: false });
    release(99);
    expect(await pending).toBe(99);
    expect(await s.cache.get("k", s.load)).toBe(1);
  });
});
