import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, session, signInFailures, user, verification } from "../../src/server/db/schema";
import { createTestApp, type TestApp } from "../helpers/app";

/** Bodies no open auth endpoint accepts, whichever it is. */
const BAD_FOR_EVERY_ENDPOINT: [string, unknown][] = [
  ["null", null],
  ["an array", [{ email: "a@hed.example", password: "correct-horse-1" }]],
  ["a string", "email=a@hed.example"],
  ["a number", 42],
  ["an empty object", {}],
];

describe("auth request bodies", () => {
  let t: TestApp;
  let person: Awaited<ReturnType<TestApp["makeUser"]>>;
  beforeAll(async () => {
    t = await createTestApp();
    person = await t.makeUser({ email: "body.checks@hed.example" });
  });
  afterAll(() => t.close());

  /** Every row the auth endpoints could write. */
  async function snapshot() {
    return {
      users: await t.db.select().from(user),
      accounts: await t.db.select().from(account),
      sessions: await t.db.select().from(session),
      verifications: await t.db.select().from(verification),
      failures: await t.db.select().from(signInFailures),
    };
  }

  function post(path: string, init: { json?: unknown; body?: string; contentType?: string }) {
    return t.request(path, {
      method: "POST",
      json: init.json,
      body: init.body,
      headers: init.contentType ? { "Content-Type": init.contentType } : undefined,
    });
  }

  /** The endpoint refuses the body with a 400 and a message, and nothing is written. */
  async function expectRefused(
    path: string,
    init: Parameters<typeof post>[1],
    message?: string | RegExp,
  ) {
    const before = await snapshot();
    const res = await post(path, init);
    expect(res.status, `${path} ${JSON.stringify(init)}`).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe("VALIDATION");
    if (message) expect(error.message).toMatch(message);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }

  const VALID: Record<string, Record<string, unknown>> = {
    "/api/auth/sign-in/email": { email: "body.checks@hed.example", password: "correct-horse-1" },
    "/api/auth/sign-in/username": { username: "someone", password: "correct-horse-1" },
    "/api/auth/sign-up/email": {
      name: "Nadia Qureshi",
      email: "nadia@hed.example",
      password: "a-long-passphrase-1",
    },
    "/api/auth/request-password-reset": { email: "body.checks@hed.example" },
    "/api/auth/reset-password": { newPassword: "a-long-passphrase-1", token: "abcDEF123_-x" },
  };

  it("refuses a body that is not a JSON object on every endpoint that takes one", async () => {
    for (const path of Object.keys(VALID)) {
      for (const [, body] of BAD_FOR_EVERY_ENDPOINT) await expectRefused(path, { json: body });
      await expectRefused(path, { body: "{", contentType: "application/json" }, "not valid JSON");
      await expectRefused(path, { body: "", contentType: "application/json" });
    }
    await expectRefused(
      "/api/auth/sign-up/email",
      { json: null },
      "The request body must be a JSON object",
    );
  });

  it("refuses a body that is not sent as JSON", async () => {
    await expectRefused(
      "/api/auth/sign-in/email",
      {
        body: "email=body.checks%40hed.example&password=x",
        contentType: "application/x-www-form-urlencoded",
      },
      "must be JSON",
    );
    await expectRefused(
      "/api/auth/sign-up/email",
      { body: JSON.stringify(VALID["/api/auth/sign-up/email"]), contentType: "text/plain" },
      "must be JSON",
    );
  });

  it("refuses fields the endpoint does not take", async () => {
    const extras: [string, Record<string, unknown>, string][] = [
      ["/api/auth/sign-in/username", { email: "body.checks@hed.example" }, "email"],
      ["/api/auth/sign-in/email", { username: person.userId }, "username"],
      ["/api/auth/sign-up/email", { role: "admin" }, "role"],
      ["/api/auth/sign-up/email", { username: "nadia" }, "username"],
      [
        "/api/auth/sign-up/email",
        { pendingApproval: false, emailVerified: true },
        "pendingApproval",
      ],
      ["/api/auth/request-password-reset", { callbackURL: "/x" }, "callbackURL"],
      ["/api/auth/reset-password", { userId: person.id }, "userId"],
    ];
    for (const [path, extra, field] of extras) {
      await expectRefused(path, { json: { ...VALID[path], ...extra } }, `Unknown field: ${field}`);
    }
  });

  it("refuses missing fields and fields of the wrong type", async () => {
    for (const [path, body] of Object.entries(VALID)) {
      for (const [field, value] of Object.entries(body)) {
        const { [field]: _, ...missing } = body;
        await expectRefused(path, { json: missing });
        for (const wrong of [null, 12345, true, [value], { value }]) {
          await expectRefused(path, { json: { ...body, [field]: wrong } });
        }
      }
    }
    await expectRefused("/api/auth/sign-in/email", {
      json: { ...VALID["/api/auth/sign-in/email"], rememberMe: "yes" },
    });
  });

  it("refuses NUL and other control characters in any string", async () => {
    for (const [path, body] of Object.entries(VALID)) {
      for (const [field, value] of Object.entries(body)) {
        for (const control of ["\u0000", "\u001b", "\u0085"]) {
          await expectRefused(path, { json: { ...body, [field]: `${value}${control}` } });
        }
      }
    }
    await expectRefused(
      "/api/auth/sign-in/username",
      { json: { username: `${person.userId}\u0000`, password: person.password } },
      "User ID must not contain control characters",
    );
  });

  it("refuses redirects to other sites", async () => {
    for (const target of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
      "/auth\u0000",
    ]) {
      await expectRefused(
        "/api/auth/request-password-reset",
        { json: { email: "body.checks@hed.example", redirectTo: target } },
        /^Redirect path must (be a path on this site|not contain control characters)$/,
      );
    }
  });

  it("passes a well-formed body on to the auth library", async () => {
    const signIn = await post("/api/auth/sign-in/email", {
      json: { email: person.email, password: person.password, rememberMe: false },
    });
    expect(signIn.status).toBe(200);
    expect((await signIn.json()).user.id).toBe(person.id);
    const byUserId = await post("/api/auth/sign-in/username", {
      json: { username: person.userId, password: person.password },
    });
    expect(byUserId.status).toBe(200);
    const reset = await post("/api/auth/request-password-reset", {
      json: { email: person.email, redirectTo: "/auth" },
    });
    expect(reset.status).toBe(200);
    const signOut = await t.request("/api/auth/sign-out", {
      method: "POST",
      cookie: await t.signIn(person.userId),
    });
    expect(signOut.status).toBe(200);
  });
});
