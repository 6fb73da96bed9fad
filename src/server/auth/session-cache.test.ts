import { describe, expect, it } from "vitest";
import type { CurrentUser } from "../../shared/users";
import { createSessionCache } from "./session-cache";

const person = (id: string): CurrentUser => ({
  id,
  userId: id,
  email: null,
  displayName: id,
  role: "user",
  language: "en",
  receiptIssueDuty: false,
});

describe("session cache", () => {
  // lru-cache reads a start time of 0 as "no time", so the clock starts where a real one would.
  const START = 1_000_000;
  let clock = START;
  const now = () => clock;
  const farExpiry = new Date(10 ** 12);
  const found =
    (id: string, expiresAt = farExpiry) =>
    async () => ({ user: person(id), expiresAt });

  it("reuses a lookup until its time is up, then looks again", async () => {
    clock = START;
    const cache = createSessionCache({ ttlMs: 1000, maxEntries: 10, now });
    let lookups = 0;
    const load = async () => {
      lookups++;
      return { user: person("a"), expiresAt: farExpiry };
    };
    await cache.resolve("cookie-a", load);
    clock = START + 1000;
    await cache.resolve("cookie-a", load);
    expect(lookups).toBe(1);
    clock = START + 1001;
    await cache.resolve("cookie-a", load);
    expect(lookups).toBe(2);
  });

  it("never keeps an entry past its session's expiry", async () => {
    clock = START;
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 10, now });
    await cache.resolve("k", found("a", new Date(START + 500)));
    clock = START + 500;
    expect(await cache.resolve("k", async () => null)).toBeNull();
  });

  it("keeps no anonymous answers, and shares one lookup between concurrent callers", async () => {
    clock = START;
    const cache = createSessionCache({ ttlMs: 1000, maxEntries: 10, now });
    expect(await cache.resolve("bad", async () => null)).toBeNull();
    expect(cache.size).toBe(0);
    let lookups = 0;
    const slow = async () => {
      lookups++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { user: person("b"), expiresAt: farExpiry };
    };
    const users = await Promise.all([1, 2, 3].map(() => cache.resolve("k", slow)));
    expect(users.map((user) => user?.id)).toEqual(["b", "b", "b"]);
    expect(lookups).toBe(1);
  });

  it("forgets every entry of a person at once, and nobody else's", async () => {
    clock = START;
    const cache = createSessionCache({ ttlMs: 1000, maxEntries: 10, now });
    await cache.resolve("laptop", found("a"));
    await cache.resolve("phone", found("a"));
    await cache.resolve("other", found("b"));
    cache.forgetUser("a");
    expect(cache.size).toBe(1);
    expect(await cache.resolve("laptop", async () => null)).toBeNull();
    expect((await cache.resolve("other", async () => null))?.id).toBe("b");
  });

  it("does not store a lookup that was under way when a person was forgotten", async () => {
    clock = START;
    const cache = createSessionCache({ ttlMs: 1000, maxEntries: 10, now });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const pending = cache.resolve("k", async () => {
      await gate;
      return { user: person("a"), expiresAt: farExpiry };
    });
    cache.forgetUser("a"); // e.g. signed out while the lookup read the old session
    const after = cache.resolve("k", async () => null); // a request after the sign-out
    release();
    await pending;
    expect(await after).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("holds at most maxEntries, dropping the oldest", async () => {
    clock = START;
    const cache = createSessionCache({ ttlMs: 1000, maxEntries: 2, now });
    for (const key of ["1", "2", "3"]) await cache.resolve(key, found(key));
    expect(cache.size).toBe(2);
    expect(await cache.resolve("1", async () => null)).toBeNull();
  });
});
