import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../src/server/db/schema";
import { said } from "../../src/shared/i18n/server-instance";
import { PASSWORD_MESSAGES } from "../../src/shared/passwords";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../helpers/app";
import { firstLink, smtpMailer, startSmtpReceiver } from "../helpers/smtp";

type Smtp = Awaited<ReturnType<typeof startSmtpReceiver>>;

/** Each weak password and the message it gets, on every path (a catalog key: see `said`). */
const WEAK = [
  ["123456", PASSWORD_MESSAGES.tooCommon],
  ["password", PASSWORD_MESSAGES.tooCommon],
  ["Password", PASSWORD_MESSAGES.tooCommon],
  ["qwerty123", PASSWORD_MESSAGES.tooCommon],
  [" letmein1 ", PASSWORD_MESSAGES.tooCommon],
  ["      ", PASSWORD_MESSAGES.onlySpaces],
  ["  \u3000\u2003\u00a0 ", PASSWORD_MESSAGES.onlySpaces],
  ["12345", PASSWORD_MESSAGES.tooShort(6)],
] as const;

async function messageOf(res: Response): Promise<string> {
  const body = await res.json();
  return body.error?.message ?? body.message;
}

/** Asks for a reset link by mail and returns its token, as the /auth page would receive it. */
async function resetToken(t: TestApp, smtp: Smtp, email: string): Promise<string> {
  const before = smtp.messages.length;
  await t.request("/api/auth/request-password-reset", {
    method: "POST",
    json: { email, redirectTo: "/auth" },
  });
  await expect.poll(() => smtp.messages.length).toBeGreaterThan(before);
  const mail = smtp.messages.slice(before).find((m) => m.to?.[0]?.address === email);
  const link = new URL(firstLink(mail?.text ?? ""));
  const followed = await t.request(link.pathname + link.search);
  const token = new URL(followed.headers.get("location") ?? "", TEST_ORIGIN).searchParams.get(
    "token",
  );
  if (!token) throw new Error("no reset token");
  return token;
}

describe("password rules", () => {
  let t: TestApp;
  let smtp: Smtp;
  let admin: Awaited<ReturnType<TestApp["signedInAs"]>>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ mailer: smtpMailer(smtp) });
    admin = await t.signedInAs("admin");
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("tells the web forms the minimum length", async () => {
    const config = await (await t.request("/api/public-config")).json();
    expect(config.passwordMinLength).toBe(6);
  });

  it("refuses common, blank and short passwords at sign-up, and creates nothing", async () => {
    for (const [password, message] of WEAK) {
      const email = `weak.${Math.random().toString(36).slice(2, 8)}@hed.example`;
      const res = await t.request("/api/auth/sign-up/email", {
        method: "POST",
        json: { name: "Weak Person", email, password },
      });
      expect(res.status, JSON.stringify(password)).toBe(400);
      expect(await messageOf(res)).toBe(said(message));
      expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    }
  });

  it("refuses them when an admin creates an account", async () => {
    for (const [password, message] of WEAK) {
      const userId = `weak_${Math.random().toString(36).slice(2, 8)}`;
      const res = await t.request("/api/admin/users", {
        method: "POST",
        cookie: admin.cookie,
        json: { userId, password, fullName: "Weak Person" },
      });
      expect(res.status, JSON.stringify(password)).toBe(400);
      expect(await messageOf(res)).toBe(said(message));
      expect(await t.db.select().from(user).where(eq(user.username, userId))).toEqual([]);
    }
  });

  it("refuses them when an admin changes a password, and the old one keeps working", async () => {
    const person = await t.makeUser();
    for (const [password, message] of WEAK) {
      const res = await t.request(`/api/admin/users/${person.id}/password`, {
        method: "POST",
        cookie: admin.cookie,
        json: { newPassword: password },
      });
      expect(res.status, JSON.stringify(password)).toBe(400);
      expect(await messageOf(res)).toBe(said(message));
    }
    expect((await t.signInRequest(person.userId, person.password)).status).toBe(200);
  });

  it("refuses them on reset by e-mail; the link still works for a good one", async () => {
    const person = await t.makeUser({ email: "resetter@hed.example" });
    const token = await resetToken(t, smtp, "resetter@hed.example");
    for (const [password, message] of WEAK) {
      const res = await t.request("/api/auth/reset-password", {
        method: "POST",
        json: { token, newPassword: password },
      });
      expect(res.status, JSON.stringify(password)).toBe(400);
      expect(await messageOf(res)).toBe(said(message));
    }
    expect((await t.signInRequest(person.userId, person.password)).status).toBe(200);
    const good = await t.request("/api/auth/reset-password", {
      method: "POST",
      json: { token, newPassword: "resetter-new-pass-1" },
    });
    expect(good.status).toBe(200);
    expect((await t.signInRequest(person.userId, "resetter-new-pass-1")).status).toBe(200);
  });
});

describe("PASSWORD_MIN_LENGTH=10", () => {
  let t: TestApp;
  let smtp: Smtp;
  let admin: Awaited<ReturnType<TestApp["signedInAs"]>>;
  const nine = "nine-char";
  const ten = "ten-chars!";
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ mailer: smtpMailer(smtp), passwordMinLength: 10 });
    admin = await t.signedInAs("admin");
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("publishes the minimum and names it in the message on every path", async () => {
    expect((await (await t.request("/api/public-config")).json()).passwordMinLength).toBe(10);
    const message = "Password must be at least 10 characters long";
    const person = await t.makeUser({ email: "ten@hed.example" });

    const signUp = (password: string) =>
      t.request("/api/auth/sign-up/email", {
        method: "POST",
        json: { name: "Ten Chars", email: `ten.${password.length}@hed.example`, password },
      });
    const create = (password: string) =>
      t.request("/api/admin/users", {
        method: "POST",
        cookie: admin.cookie,
        json: { userId: `ten_${password.length}`, password, fullName: "Ten Chars" },
      });
    const change = (password: string) =>
      t.request(`/api/admin/users/${person.id}/password`, {
        method: "POST",
        cookie: admin.cookie,
        json: { newPassword: password },
      });
    const token = await resetToken(t, smtp, "ten@hed.example");
    const reset = (password: string) =>
      t.request("/api/auth/reset-password", {
        method: "POST",
        json: { token, newPassword: password },
      });

    for (const path of [signUp, create, change, reset]) {
      const short = await path(nine);
      expect(short.status).toBe(400);
      expect(await messageOf(short)).toBe(message);
    }
    expect((await signUp(ten)).status).toBe(200);
    expect((await create(ten)).status).toBe(201);
    expect((await change(ten)).status).toBe(200);
  });
});

describe("calendar feed links after a password change", () => {
  let t: TestApp;
  let smtp: Smtp;
  let admin: Awaited<ReturnType<TestApp["signedInAs"]>>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ mailer: smtpMailer(smtp) });
    admin = await t.signedInAs("admin");
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function feedPath(cookie: string): Promise<string> {
    const { url } = await (await t.request("/api/calendar/feed", { cookie })).json();
    return new URL(url).pathname;
  }

  it("stops the old link when an admin changes the password", async () => {
    const person = await t.makeUser();
    const old = await feedPath(await t.signIn(person.userId));
    const bystander = await t.makeUser();
    const bystanderFeed = await feedPath(await t.signIn(bystander.userId));
    expect((await t.request(old)).status).toBe(200);

    const changed = await t.request(`/api/admin/users/${person.id}/password`, {
      method: "POST",
      cookie: admin.cookie,
      json: { newPassword: "changed-by-admin-1" },
    });
    expect(changed.status).toBe(200);
    expect((await t.request(old)).status).toBe(404);
    const fresh = await feedPath(await t.signIn(person.userId, "changed-by-admin-1"));
    expect(fresh).not.toBe(old);
    expect((await t.request(fresh)).status).toBe(200);
    expect((await t.request(bystanderFeed)).status).toBe(200);
  });

  it("stops the old link when the password is reset by mail", async () => {
    const person = await t.makeUser({ email: "feed.reset@hed.example" });
    const old = await feedPath(await t.signIn(person.userId));
    expect((await t.request(old)).status).toBe(200);
    const token = await resetToken(t, smtp, "feed.reset@hed.example");
    const reset = await t.request("/api/auth/reset-password", {
      method: "POST",
      json: { token, newPassword: "reset-by-mail-1" },
    });
    expect(reset.status).toBe(200);
    expect((await t.request(old)).status).toBe(404);
  });
});
