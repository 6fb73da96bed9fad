import { asc, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAuditChain } from "../../src/server/audit/verify";
import { auditEvents, user } from "../../src/server/db/schema";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../helpers/app";
import { firstLink, smtpMailer, startSmtpReceiver } from "../helpers/smtp";

type Smtp = Awaited<ReturnType<typeof startSmtpReceiver>>;

describe("what the auth library does to an account, in the audit trail", () => {
  let t: TestApp;
  let smtp: Smtp;
  const now = new Date("2026-11-25T05:00:00Z");

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ clock: () => now, mailer: smtpMailer(smtp) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function lastId(): Promise<number> {
    const rows = await t.db.select({ id: auditEvents.id }).from(auditEvents);
    return Math.max(0, ...rows.map((row) => row.id));
  }

  const rowsAfter = (id: number) =>
    t.db.select().from(auditEvents).where(gt(auditEvents.id, id)).orderBy(asc(auditEvents.id));

  async function accountId(email: string): Promise<string> {
    const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    return row.id;
  }

  /** Follows the first link of the mail to `email` whose subject matches; answers the response. */
  async function followMail(email: string, subject: RegExp): Promise<Response> {
    const mail = await smtp.waitForMail(email, subject);
    const link = new URL(firstLink(mail.text ?? ""));
    return t.request(link.pathname + link.search);
  }

  it("records a self sign-up as the account created by its owner, and the verification after", async () => {
    const email = "nida@hed.example";
    const password = "nida-secret-1";
    const before = await lastId();
    const res = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { name: "Nida Karim", email, password },
    });
    expect(res.status).toBe(200);
    const id = await accountId(email);

    const [created] = await rowsAfter(before);
    expect(created).toMatchObject({
      actorId: id,
      actorName: "Nida Karim",
      actorRule: null,
      entity: "account",
      entityId: id,
      action: "created",
      changes: {
        userId: { before: null, after: null },
        email: { before: null, after: email },
        fullName: { before: null, after: "Nida Karim" },
        role: { before: null, after: "user" },
      },
    });
    expect(created.at.toISOString()).toBe(now.toISOString());
    expect(created.requestId).toBeTruthy();
    expect(JSON.stringify(created)).not.toContain(password);

    const afterSignUp = await lastId();
    expect((await followMail(email, /verify/i)).status).toBe(302);
    const verified = await rowsAfter(afterSignUp);
    expect(verified).toHaveLength(1);
    expect(verified[0]).toMatchObject({
      actorId: id,
      entity: "account",
      entityId: id,
      action: "updated",
      changes: { emailVerified: { before: false, after: true } },
    });
    expect(JSON.stringify(verified[0])).not.toMatch(/token=/);

    // The link again changes nothing, and records nothing.
    const mail = await smtp.waitForMail(email, /verify/i);
    const again = new URL(firstLink(mail.text ?? ""));
    await t.request(again.pathname + again.search);
    expect(await rowsAfter(afterSignUp)).toHaveLength(1);
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  it("records a password reset through the mailed link, with neither password nor token", async () => {
    const account = await t.makeUser({ email: "sana@hed.example", fullName: "Sana Iqbal" });
    const asked = await t.request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email: account.email, redirectTo: "/auth" },
    });
    expect(asked.status).toBe(200);
    const followed = await followMail(account.email, /reset/i);
    const token = new URL(followed.headers.get("location") ?? "", TEST_ORIGIN).searchParams.get(
      "token",
    );
    expect(token).toBeTruthy();

    const before = await lastId();
    const newPassword = "brand-new-pass-2";
    const reset = await t.request("/api/auth/reset-password", {
      method: "POST",
      json: { token, newPassword },
    });
    expect(reset.status).toBe(200);
    const rows = await rowsAfter(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: account.id,
      actorName: "Sana Iqbal",
      entity: "account",
      entityId: account.id,
      action: "password_changed",
      changes: {},
    });
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(newPassword);
    expect(stored).not.toContain(token as string);
  });

  it("records nothing for a sign-up with an address already in use, nor a refused one", async () => {
    await t.makeUser({ email: "owner@hed.example" });
    const before = await lastId();
    const taken = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { name: "Someone Else", email: "owner@hed.example", password: "someone-else-1" },
    });
    expect(taken.status).toBe(200);
    const weak = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { name: "Weak Password", email: "weak@hed.example", password: "123456" },
    });
    expect(weak.status).toBe(400);
    const wrongToken = await t.request("/api/auth/reset-password", {
      method: "POST",
      json: { token: "a".repeat(24), newPassword: "brand-new-pass-3" },
    });
    expect(wrongToken.status).toBe(400);
    expect(await rowsAfter(before)).toEqual([]);
  });
});
