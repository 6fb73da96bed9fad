import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ServerType, serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { SIGN_IN_THROTTLE } from "../../src/server/auth/throttle";
import { signInFailures } from "../../src/server/db/schema";
import { createMailer } from "../../src/server/mail/mailer";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../helpers/app";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const AUTH_SECRET = "test-secret-test-secret-test-secret-0123";

// Every wrong guess costs a real password hash; a few dozen of them take a while on a busy machine.
describe("sign-in throttle", { timeout: 180_000 }, () => {
  let t: TestApp;
  let now = new Date("2026-03-02T04:00:00Z");
  const clock = () => now;
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  let addressCount = 0;
  /** A client address nobody has used yet in this file. */
  const freshAddress = () => {
    addressCount += 1;
    return `203.0.113.${addressCount}`;
  };

  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true, clock });
  });
  afterAll(() => t.close());

  /** A sign-in as a browser behind our reverse proxy at `address` would send it. */
  function signInFrom(
    address: string,
    identifier: string,
    password: string,
    body: Record<string, unknown> = {},
    app: Pick<TestApp, "request"> = t,
  ) {
    const isEmail = identifier.includes("@");
    return app.request(isEmail ? "/api/auth/sign-in/email" : "/api/auth/sign-in/username", {
      method: "POST",
      headers: { "X-Forwarded-For": `198.51.100.7, ${address}` },
      json: { [isEmail ? "email" : "username"]: identifier, password, ...body },
    });
  }

  async function failuresOf(scope: string) {
    return t.db.select().from(signInFailures).where(sql`${signInFailures.scope} = ${scope}`);
  }

  it("refuses a User-ID sign-in carrying an e-mail field before any password is checked", async () => {
    const admin = await t.makeUser({ role: "admin" });
    const address = freshAddress();
    for (let i = 0; i < 50; i++) {
      const res = await signInFrom(address, admin.userId, `guess-${i}`, {
        email: `decoy${i}@example.com`,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe("Unknown field: email");
    }
    const withRightPassword = await signInFrom(address, admin.userId, admin.password, {
      email: "decoy@example.com",
    });
    expect(withRightPassword.status).toBe(400);
    expect(withRightPassword.headers.getSetCookie()).toEqual([]);
  });

  it("slows 50 wrong guesses from one address with doubling waits, shown in the message and Retry-After", async () => {
    const admin = await t.makeUser({ role: "admin" });
    const attacker = freshAddress();
    const waits: number[] = [];
    let guesses = 0;
    while (guesses < 50) {
      const res = await signInFrom(attacker, admin.userId, `guess-${guesses}`);
      if (res.status === 401) {
        guesses += 1;
        continue;
      }
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers.get("Retry-After"));
      const minutes = Math.ceil(retryAfter / 60);
      expect((await res.json()).error).toEqual({
        code: "TOO_MANY_REQUESTS",
        message: `Too many failed sign-in attempts. Please try again in ${minutes} ${
          minutes === 1 ? "minute" : "minutes"
        }.`,
      });
      // The right password from this address is refused too while the block lasts.
      expect((await signInFrom(attacker, admin.userId, admin.password)).status).toBe(429);
      waits.push(retryAfter);
      advance(retryAfter * 1000);
    }

    const free = SIGN_IN_THROTTLE.account.freeFailures;
    expect(waits).toHaveLength(50 - free);
    expect(waits.slice(0, 7)).toEqual([60, 120, 240, 480, 960, 1920, 3600]);
    expect(new Set(waits.slice(7))).toEqual(new Set([3600]));

    const stillBlocked = await signInFrom(attacker, admin.userId, admin.password);
    expect(stillBlocked.status).toBe(429);
    expect((await stillBlocked.json()).error.message).toBe(
      "Too many failed sign-in attempts. Please try again in 60 minutes.",
    );

    // The administrator is not locked out: from an address with no failures, the right
    // password signs in while the attacker's address stays blocked.
    const office = freshAddress();
    expect((await signInFrom(office, admin.userId, admin.password)).status).toBe(200);
    expect((await signInFrom(attacker, admin.userId, admin.password)).status).toBe(429);
  });

  it("words the lockout in the caller's language, with the same code and Retry-After", async () => {
    const person = await t.makeUser();
    const address = freshAddress();
    /** The right password from the blocked address, from a browser that asks for `language`. */
    const blockedIn = async (language: string) => {
      const res = await t.request("/api/auth/sign-in/username", {
        method: "POST",
        headers: { "X-Forwarded-For": `198.51.100.7, ${address}`, "Accept-Language": language },
        json: { username: person.userId, password: person.password },
      });
      return {
        status: res.status,
        retryAfter: res.headers.get("Retry-After"),
        ...(await res.json()),
      };
    };

    const minutesSeen: number[] = [];
    while (!minutesSeen.includes(4)) {
      const guess = await signInFrom(address, person.userId, "wrong-password");
      if (guess.status === 401) continue;
      const english = await blockedIn("en");
      const urdu = await blockedIn("ur-PK,ur;q=0.9,en;q=0.8");
      const minutes = Math.ceil(Number(english.retryAfter) / 60);
      const unit = minutes === 1 ? "minute" : "minutes";
      expect(english).toEqual({
        status: 429,
        retryAfter: guess.headers.get("Retry-After"),
        error: {
          code: "TOO_MANY_REQUESTS",
          message: `Too many failed sign-in attempts. Please try again in ${minutes} ${unit}.`,
        },
      });
      // Urdu says "minute" alike for one and many; the count is what differs.
      expect(urdu).toEqual({
        ...english,
        error: {
          code: "TOO_MANY_REQUESTS",
          message: `سائن اِن کی بہت زیادہ ناکام کوششیں ہو چکی ہیں۔ براہِ کرم ${minutes} منٹ بعد دوبارہ کوشش کریں۔`,
        },
      });
      minutesSeen.push(minutes);
      advance(Number(english.retryAfter) * 1000);
    }
    expect(minutesSeen).toEqual([1, 2, 4]);
  });

  it("refuses an address that failed on a blocked account, and lets a clean one in", async () => {
    const person = await t.makeUser();
    const attackers = Array.from({ length: SIGN_IN_THROTTLE.account.freeFailures }, freshAddress);
    // One guess from each of several addresses: no address is over its own limit.
    for (const address of attackers) {
      expect((await signInFrom(address, person.userId, "wrong-password")).status).toBe(401);
    }
    const typoAddress = freshAddress();
    expect((await signInFrom(typoAddress, person.userId, "wrong-password")).status).toBe(401);
    for (const address of [...attackers, typoAddress]) {
      expect((await signInFrom(address, person.userId, person.password)).status).toBe(429);
    }
    expect((await signInFrom(freshAddress(), person.userId, person.password)).status).toBe(200);
  });

  it("caps one address guessing across 50 accounts, whichever accounts they name", async () => {
    const accounts: string[] = [];
    for (let i = 0; i < 50; i++) {
      // Half of them people who exist, half names nobody has.
      accounts.push(i % 2 === 0 ? (await t.makeUser()).userId : `someone${i}`);
    }
    const person = await t.makeUser();
    const address = freshAddress();
    const statuses: number[] = [];
    for (const account of accounts) {
      statuses.push((await signInFrom(address, account, "wrong-password")).status);
    }
    const cap = SIGN_IN_THROTTLE.address.freeFailures;
    expect(statuses.slice(0, cap)).toEqual(Array(cap).fill(401));
    expect(statuses.slice(cap)).toEqual(Array(50 - cap).fill(429));
    // The cap covers the whole address, right passwords included; other addresses are unaffected.
    expect((await signInFrom(address, person.userId, person.password)).status).toBe(429);
    expect((await signInFrom(freshAddress(), person.userId, person.password)).status).toBe(200);
  });

  it("signs in 30 people at once from one address, none refused", async () => {
    const people = [];
    for (let i = 0; i < 30; i++) people.push(await t.makeUser());
    const office = freshAddress();
    const statuses = await Promise.all(
      people.map((person) =>
        signInFrom(office, person.userId, person.password).then((res) => res.status),
      ),
    );
    expect(statuses).toEqual(Array(30).fill(200));
    expect((await failuresOf("address")).filter((row) => row.key === office)).toEqual([]);
  });

  it("lets an office through a morning of typos: each one taken back by its owner's right password", async () => {
    const office = freshAddress();
    const people = SIGN_IN_THROTTLE.address.freeFailures * 2;
    for (let i = 0; i < people; i++) {
      const person = await t.makeUser();
      expect((await signInFrom(office, person.userId, "wrong-password")).status).toBe(401);
      expect((await signInFrom(office, person.userId, person.password)).status).toBe(200);
      advance(MINUTE);
    }
    const [row] = (await failuresOf("address")).filter((r) => r.key === office);
    expect(row).toMatchObject({ failures: 0, blockedUntil: null });
    // Guessing from the same address is still counted from there.
    for (let i = 0; i < SIGN_IN_THROTTLE.address.freeFailures; i++) {
      expect((await signInFrom(office, `stranger${i}`, "wrong-password")).status).toBe(401);
    }
    expect((await signInFrom(office, "stranger", "wrong-password")).status).toBe(429);
  });

  it("answers a flood from one address BUSY with Retry-After instead of holding it", async () => {
    const person = await t.makeUser();
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 400 }, () =>
        signInFrom(address, person.userId, person.password).then(async (res) => ({
          status: res.status,
          retryAfter: res.headers.get("Retry-After"),
          code: res.status === 200 ? null : (await res.json()).error.code,
        })),
      ),
    );
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(new Set(busy.map((answer) => `${answer.code} ${answer.retryAfter}`))).toEqual(
      new Set(["BUSY 1"]),
    );
    expect(answers.filter((answer) => answer.status !== 503 && answer.status !== 200)).toEqual([]);
  });

  it("lets no more guesses through than the address allows when they arrive at once", async () => {
    const address = freshAddress();
    const attempts = SIGN_IN_THROTTLE.address.freeFailures + 10;
    const statuses = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        signInFrom(address, `burst${i}`, "wrong-password").then((res) => res.status),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(
      SIGN_IN_THROTTLE.address.freeFailures,
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it("answers an unknown identifier exactly like a wrong password", async () => {
    const person = await t.makeUser();
    const known = freshAddress();
    const unknown = freshAddress();
    for (let i = 0; i <= SIGN_IN_THROTTLE.account.freeFailures; i++) {
      const wrongPassword = await signInFrom(known, person.userId, "wrong-password");
      const noSuchAccount = await signInFrom(unknown, `nobody_${person.userId}`, "wrong-password");
      expect(noSuchAccount.status).toBe(wrongPassword.status);
      expect(await noSuchAccount.json()).toEqual(await wrongPassword.json());
    }
  });

  it("counts a person's User ID and e-mail against one account", async () => {
    const person = await t.makeUser({ email: "shared.counter@hed.example" });
    const address = freshAddress();
    const free = SIGN_IN_THROTTLE.account.freeFailures;
    for (let i = 0; i < free; i++) {
      const identifier = i % 2 === 0 ? person.userId : person.email.toUpperCase();
      expect((await signInFrom(address, identifier, "wrong-password")).status).toBe(401);
    }
    expect((await signInFrom(address, person.email, person.password)).status).toBe(429);
    expect((await signInFrom(address, person.userId, person.password)).status).toBe(429);
  });

  it("forgives an address its own failures on an account once it signs in, but no one else's", async () => {
    const person = await t.makeUser();
    const owner = freshAddress();
    const attacker = freshAddress();
    const free = SIGN_IN_THROTTLE.account.freeFailures;
    for (let i = 0; i < free - 1; i++) {
      expect((await signInFrom(owner, person.userId, "wrong-password")).status).toBe(401);
    }
    expect((await signInFrom(owner, person.userId, person.password)).status).toBe(200);
    for (let i = 0; i < free; i++) {
      expect((await signInFrom(attacker, person.userId, "wrong-password")).status).toBe(401);
    }
    expect((await signInFrom(attacker, person.userId, person.password)).status).toBe(429);

    // The owner signing in again does not take back the attacker's failures.
    expect((await signInFrom(owner, person.userId, person.password)).status).toBe(200);
    expect((await signInFrom(attacker, person.userId, person.password)).status).toBe(429);
  });

  it("does not count right passwords against the address", async () => {
    const person = await t.makeUser();
    const address = freshAddress();
    expect((await signInFrom(address, "nobody_here", "wrong-password")).status).toBe(401);
    for (let i = 0; i < 3; i++) {
      expect((await signInFrom(address, person.userId, person.password)).status).toBe(200);
    }
    const rows = (await failuresOf("address")).filter((r) => r.key === address);
    expect(rows.map((r) => r.failures)).toEqual([1]);
  });

  it("forgets an address's failures an hour after the last one, right passwords in between or not", async () => {
    const person = await t.makeUser();
    const address = freshAddress();
    const free = SIGN_IN_THROTTLE.address.freeFailures;
    for (let i = 0; i < free - 1; i++) {
      expect((await signInFrom(address, `typo${i}`, "wrong-password")).status).toBe(401);
    }
    advance(SIGN_IN_THROTTLE.address.forgetAfterMs - 10 * MINUTE);
    expect((await signInFrom(address, person.userId, person.password)).status).toBe(200);
    advance(10 * MINUTE);
    for (let i = 0; i < free; i++) {
      expect((await signInFrom(address, `typo${i}`, "wrong-password")).status).toBe(401);
    }
    expect((await signInFrom(address, person.userId, person.password)).status).toBe(429);
  });

  it("forgets a counter a day after its block ends, and deletes forgotten counters", async () => {
    const person = await t.makeUser();
    const address = freshAddress();
    const free = SIGN_IN_THROTTLE.account.freeFailures;
    for (let i = 0; i < free; i++) {
      expect((await signInFrom(address, person.userId, "wrong-password")).status).toBe(401);
    }
    expect((await signInFrom(address, person.userId, person.password)).status).toBe(429);

    advance(SIGN_IN_THROTTLE.firstBlockMs + SIGN_IN_THROTTLE.account.forgetAfterMs + MINUTE);
    // Forgotten: the count starts again, so the next failures are free ones.
    for (let i = 0; i < free - 1; i++) {
      expect((await signInFrom(address, person.userId, "wrong-password")).status).toBe(401);
    }
    expect((await signInFrom(address, person.userId, person.password)).status).toBe(200);

    // Every counter older than its scope allows has gone by the next failure after a cleanup interval.
    advance(SIGN_IN_THROTTLE.account.forgetAfterMs + SIGN_IN_THROTTLE.maxBlockMs + HOUR);
    expect((await signInFrom(freshAddress(), "somebody", "wrong-password")).status).toBe(401);
    const rows = await t.db.select().from(signInFailures);
    expect(rows.map((r) => r.scope).sort()).toEqual(["account", "account_address", "address"]);
    for (const row of rows) expect(row.lastFailureAt).toEqual(now);
  });

  it("shares counters between app instances on one database", async () => {
    const logger = pino({ level: "silent" });
    const second = createApp({
      config: {
        appUrl: TEST_ORIGIN,
        timezone: "Asia/Karachi",
        signUpEnabled: true,
        signUpApproval: false,
        trustedOrigins: [],
        trustProxy: true,
        passwordMinLength: 6,
        workers: 1,
      },
      db: t.db,
      storage: t.storage,
      mailer: createMailer({
        from: "test@localhost",
        outboxDir: join(mkdtempSync(join(tmpdir(), "hed-outbox-")), "outbox"),
        logger,
      }),
      logger,
      authSecret: AUTH_SECRET,
      clock,
    });
    const other = {
      request: (path: string, init: RequestInit & { json?: unknown } = {}) => {
        const headers = new Headers(init.headers);
        headers.set("Origin", TEST_ORIGIN);
        headers.set("Content-Type", "application/json");
        return second.app.request(path, { ...init, headers, body: JSON.stringify(init.json) });
      },
    } as Pick<TestApp, "request">;

    const person = await t.makeUser();
    const address = freshAddress();
    for (let i = 0; i < SIGN_IN_THROTTLE.account.freeFailures; i++) {
      const instance = i % 2 === 0 ? t : other;
      expect(
        (await signInFrom(address, person.userId, "wrong-password", {}, instance)).status,
      ).toBe(401);
    }
    expect((await signInFrom(address, person.userId, person.password, {}, other)).status).toBe(429);
    expect((await signInFrom(address, person.userId, person.password, {}, t)).status).toBe(429);

    // Signing in on one instance forgives this address's failures on the other as well.
    advance(SIGN_IN_THROTTLE.firstBlockMs);
    expect((await signInFrom(address, person.userId, person.password, {}, other)).status).toBe(200);
    for (let i = 0; i < SIGN_IN_THROTTLE.account.freeFailures - 1; i++) {
      expect((await signInFrom(address, person.userId, "wrong-password", {}, t)).status).toBe(401);
    }
    expect((await signInFrom(address, person.userId, person.password, {}, t)).status).toBe(200);
  });
});

describe("sign-in throttle over HTTP", () => {
  let t: TestApp;
  let server: ServerType;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp();
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  it("counts the socket's address, and ignores X-Forwarded-For without a trusted proxy", async () => {
    const person = await t.makeUser();
    const signIn = (password: string, forwardedFor: string) =>
      fetch(`${origin}/api/auth/sign-in/username`, {
        method: "POST",
        headers: {
          Origin: TEST_ORIGIN,
          "Content-Type": "application/json",
          "X-Forwarded-For": forwardedFor,
        },
        body: JSON.stringify({ username: person.userId, password }),
      });
    for (let i = 0; i < SIGN_IN_THROTTLE.account.freeFailures; i++) {
      expect((await signIn("wrong-password", `192.0.2.${i}`)).status).toBe(401);
    }
    const blocked = await signIn(person.password, "192.0.2.200");
    expect(blocked.status).toBe(429);
    // A minute from the last failure, which the real clock has already moved past a little.
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(45);
    expect(Number(blocked.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    const addresses = await t.db
      .select({ key: signInFailures.key })
      .from(signInFailures)
      .where(sql`${signInFailures.scope} = 'address'`);
    expect(addresses).toEqual([{ key: "127.0.0.1" }]);
  });
});
