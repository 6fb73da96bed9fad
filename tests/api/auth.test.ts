import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootstrapAdmin } from "../../src/server/auth/bootstrap-admin";
import { SIGN_IN_THROTTLE } from "../../src/server/auth/throttle";
import { session, user } from "../../src/server/db/schema";
import { AUTH_MESSAGES } from "../../src/shared/auth";
import type { Message } from "../../src/shared/i18n/message";
import { said } from "../../src/shared/i18n/server-instance";
import { createTestApp, sessionCookie, TEST_ORIGIN, type TestApp } from "../helpers/app";
import { firstLink, smtpMailer, startSmtpReceiver } from "../helpers/smtp";

const silent = pino({ level: "silent" });

/**
 * The auth library's own answer (`{ code, message }`) to `json` at `path`, asked in English and
 * in Urdu: the same status and code, the message in each language.
 */
async function expectAnsweredInBoth(
  t: TestApp,
  path: string,
  json: unknown,
  expected: { status: number; code: string; message: Message },
) {
  for (const language of ["en", "ur"] as const) {
    const res = await t.request(path, {
      method: "POST",
      headers: { "Accept-Language": language },
      json,
    });
    expect({ status: res.status, ...(await res.json()) }, language).toEqual({
      status: expected.status,
      code: expected.code,
      message: said(expected.message, language),
    });
  }
  expect(said(expected.message, "ur")).not.toBe(said(expected.message, "en"));
}

describe("accounts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("creates the administrator once, on an empty database only", async () => {
    expect(
      await bootstrapAdmin({
        db: t.db,
        auth: t.auth,
        logger: silent,
        password: "first-admin-pass",
      }),
    ).toBe(true);
    expect(
      await bootstrapAdmin({
        db: t.db,
        auth: t.auth,
        logger: silent,
        password: "other-admin-pass",
      }),
    ).toBe(false);

    const cookie = await t.signIn("admin", "first-admin-pass");
    const me = await (await t.request("/api/me", { cookie })).json();
    expect(me).toMatchObject({
      userId: "admin",
      displayName: "Administrator",
      role: "admin",
      email: null,
    });
    expect((await t.signInRequest("admin", "other-admin-pass")).status).toBe(401);
  });

  it("signs in with a User ID and with an e-mail", async () => {
    const account = await t.makeUser({ email: "asma@hed.example", fullName: "Asma Khan" });
    for (const identifier of [account.userId, account.email]) {
      const cookie = await t.signIn(identifier);
      const me = await (await t.request("/api/me", { cookie })).json();
      expect(me).toMatchObject({
        id: account.id,
        email: "asma@hed.example",
        displayName: "Asma Khan",
        role: "user",
      });
    }
  });

  it("refuses a wrong password without opening a session", async () => {
    const account = await t.makeUser();
    const res = await t.signInRequest(account.userId, "not-the-password");
    expect(res.status).toBe(401);
    expect(
      res.headers
        .getSetCookie()
        .some((c) => c.includes("session_token=") && !c.includes("Max-Age=0")),
    ).toBe(false);
    // In SPEC.md's words, not the library's "Invalid username or password".
    await expectAnsweredInBoth(
      t,
      "/api/auth/sign-in/username",
      { username: account.userId, password: "not-the-password" },
      {
        status: 401,
        code: "INVALID_USERNAME_OR_PASSWORD",
        message: AUTH_MESSAGES.invalidCredentials,
      },
    );
  });

  it("sets an httpOnly, SameSite=Lax session cookie", async () => {
    const account = await t.makeUser();
    const res = await t.signInRequest(account.userId, account.password);
    const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it("gives every self sign-up the user role, and refuses a request that asks for another", async () => {
    const forged = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      json: {
        name: "Mallory",
        email: "mallory@hed.example",
        password: "mallory-pass-1",
        role: "admin",
      },
    });
    expect(forged.status).toBe(400);
    expect((await t.signInRequest("mallory@hed.example", "mallory-pass-1")).status).toBe(401);

    const res = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { name: "Bilal Ahmed", email: "bilal@hed.example", password: "bilal-pass-1" },
    });
    expect(res.status).toBe(200);
    // No session until the e-mail is verified (tests/api/sign-up.test.ts follows the link).
    expect((await t.request("/api/me", { cookie: sessionCookie(res) })).status).toBe(401);
    const [bilal] = await t.db.select().from(user).where(eq(user.email, "bilal@hed.example"));
    expect(bilal).toMatchObject({ role: "user", name: "Bilal Ahmed", emailVerified: false });
  });

  it("ends the server session on sign-out", async () => {
    const account = await t.makeUser();
    const cookie = await t.signIn(account.userId);
    expect((await t.request("/api/me", { cookie })).status).toBe(200);
    const out = await t.request("/api/auth/sign-out", { method: "POST", cookie, json: {} });
    expect(out.status).toBe(200);
    expect((await t.request("/api/me", { cookie })).status).toBe(401);
  });

  it("drops a session ended on another instance as soon as that instance's change arrives", async () => {
    const account = await t.makeUser();
    const cookie = await t.signIn(account.userId);
    expect((await t.request("/api/me", { cookie })).status).toBe(200);
    // Another instance signs the person out: the row goes, this instance hears it over the channel.
    await t.db.delete(session).where(eq(session.userId, account.id));
    expect((await t.request("/api/me", { cookie })).status).toBe(200); // still in the cache
    await t.changes.publish({ entity: "session", id: account.id, action: "deleted" });
    expect((await t.request("/api/me", { cookie })).status).toBe(401);
  });

  it("slows repeated failed sign-ins for an account, and only that one (more in sign-in-throttle.test.ts)", async () => {
    const target = await t.makeUser();
    const bystander = await t.makeUser();
    for (let i = 0; i < SIGN_IN_THROTTLE.account.freeFailures; i++) {
      expect((await t.signInRequest(target.userId, "wrong-password")).status).toBe(401);
    }
    const blocked = await t.signInRequest(target.userId, target.password);
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error.message).toBe(
      "Too many failed sign-in attempts. Please try again in 1 minute.",
    );
    expect((await t.signInRequest(target.userId.toUpperCase(), target.password)).status).toBe(429);
    expect((await t.signInRequest(bystander.userId, bystander.password)).status).toBe(200);
  });

  it("keeps the auth library's own admin and account endpoints closed", async () => {
    const admin = await t.signedInAs("admin");
    for (const [method, path] of [
      ["GET", "/api/auth/admin/list-users"],
      ["POST", "/api/auth/admin/set-role"],
      ["POST", "/api/auth/admin/remove-user"],
      ["POST", "/api/auth/update-user"],
      ["POST", "/api/auth/change-email"],
    ] as const) {
      const res = await t.request(path, {
        method,
        cookie: admin.cookie,
        json: method === "POST" ? {} : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });
});

describe("behind https", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ appUrl: "https://tasks.hed.example" });
  });
  afterAll(() => t.close());

  it("marks the session cookie Secure", async () => {
    const account = await t.makeUser();
    const res = await t.signInRequest(account.userId, account.password);
    const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });
});

describe("sign-up switched off", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ signUpEnabled: false });
  });
  afterAll(() => t.close());

  it("refuses the sign-up call and creates nothing", async () => {
    const res = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { name: "Nobody", email: "nobody@hed.example", password: "nobody-pass-1" },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    await expectAnsweredInBoth(
      t,
      "/api/auth/sign-up/email",
      { name: "Nobody", email: "nobody@hed.example", password: "nobody-pass-1" },
      {
        status: 400,
        code: "EMAIL_PASSWORD_SIGN_UP_DISABLED",
        message: AUTH_MESSAGES.signUpDisabled,
      },
    );
    expect((await t.signInRequest("nobody@hed.example", "nobody-pass-1")).status).toBe(401);
    expect(await (await t.request("/api/public-config")).json()).toMatchObject({
      signUpEnabled: false,
    });
  });
});

describe("password reset by e-mail", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({
      mailer: smtpMailer(smtp),
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("mails a link back to /auth that sets a new password and ends old sessions", async () => {
    const account = await t.makeUser({ email: "sana@hed.example" });
    const oldSession = await t.signIn(account.userId);
    expect((await t.request("/api/me", { cookie: oldSession })).status).toBe(200); // now cached

    const asked = await t.request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email: "sana@hed.example", redirectTo: "/auth" },
    });
    expect(asked.status).toBe(200);

    const mail = await smtp.waitForMail("sana@hed.example", /reset/i);
    const link = new URL(firstLink(mail.text ?? ""));
    expect(link.origin).toBe(TEST_ORIGIN);

    const followed = await t.request(link.pathname + link.search);
    expect(followed.status).toBe(302);
    const landing = new URL(followed.headers.get("location") ?? "", TEST_ORIGIN);
    expect(landing.pathname).toBe("/auth");
    const token = landing.searchParams.get("token");
    expect(token).toBeTruthy();

    const reset = await t.request("/api/auth/reset-password", {
      method: "POST",
      json: { token, newPassword: "brand-new-pass-2" },
    });
    expect(reset.status).toBe(200);

    expect((await t.signInRequest(account.userId, account.password)).status).toBe(401);
    expect((await t.signInRequest("sana@hed.example", "brand-new-pass-2")).status).toBe(200);
    expect((await t.request("/api/me", { cookie: oldSession })).status).toBe(401);

    await expectAnsweredInBoth(
      t,
      "/api/auth/reset-password",
      { token, newPassword: "third-pass-3" },
      { status: 400, code: "INVALID_TOKEN", message: AUTH_MESSAGES.resetLinkInvalid },
    );
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const before = smtp.messages.length;
    const res = await t.request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email: "nobody@hed.example", redirectTo: "/auth" },
    });
    expect(res.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.length).toBe(before);
  });
});
