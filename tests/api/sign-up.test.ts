import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { scryptPasswords } from "../../src/server/auth/auth";
import { bootstrapAdmin } from "../../src/server/auth/bootstrap-admin";
import { user } from "../../src/server/db/schema";
import { createMailer } from "../../src/server/mail/mailer";
import { AUTH_MESSAGES } from "../../src/shared/auth";
import { said } from "../../src/shared/i18n/server-instance";
import { PASSWORD_MESSAGES } from "../../src/shared/passwords";
import { TASK_MESSAGES } from "../../src/shared/tasks";
import { PLACEHOLDER_EMAIL_DOMAIN, USER_MESSAGES } from "../../src/shared/users";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../helpers/app";
import { formOf } from "../helpers/factories";
import { firstLink, smtpMailer, startSmtpReceiver } from "../helpers/smtp";

type Smtp = Awaited<ReturnType<typeof startSmtpReceiver>>;
type Caller = "anonymous" | "user" | "organization_head" | "admin";

const silent = pino({ level: "silent" });

function signUp(t: TestApp, json: unknown) {
  return t.request("/api/auth/sign-up/email", { method: "POST", json });
}

function hasSessionCookie(res: Response): boolean {
  return res.headers
    .getSetCookie()
    .some((cookie) => cookie.includes("session_token=") && !cookie.includes("Max-Age=0"));
}

async function accountsWithEmail(t: TestApp, email: string) {
  return t.db.select().from(user).where(eq(user.email, email));
}

/** Follows the link of the verification mail sent to `email`, as the browser would. */
async function verifyThroughMail(t: TestApp, smtp: Smtp, email: string) {
  const mail = await smtp.waitForMail(email, /verify/i);
  const link = new URL(firstLink(mail.text ?? ""));
  expect(link.origin).toBe(TEST_ORIGIN);
  const res = await t.request(link.pathname + link.search);
  expect(res.status).toBe(302);
  expect(new URL(res.headers.get("location") ?? "", TEST_ORIGIN).pathname).toBe("/auth");
  expect(hasSessionCookie(res)).toBe(false);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

describe("self sign-up", () => {
  let t: TestApp;
  let smtp: Smtp;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ mailer: smtpMailer(smtp) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("opens no session; sign-in waits for the e-mail link, then works", async () => {
    const email = "bilal@hed.example";
    const res = await signUp(t, { name: "Bilal Ahmed", email, password: "bilal-pass-1" });
    expect(res.status).toBe(200);
    expect(hasSessionCookie(res)).toBe(false);
    const [created] = await accountsWithEmail(t, email);
    expect(created).toMatchObject({
      name: "Bilal Ahmed",
      role: "user",
      emailVerified: false,
      pendingApproval: false,
    });

    const early = await t.signInRequest(email, "bilal-pass-1");
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({ message: said(AUTH_MESSAGES.emailNotVerified) });
    expect(hasSessionCookie(early)).toBe(false);
    // A wrong password learns nothing about verification.
    expect((await t.signInRequest(email, "not-the-password")).status).toBe(401);

    await verifyThroughMail(t, smtp, email);
    const cookie = await t.signIn(email, "bilal-pass-1");
    const me = await (await t.request("/api/me", { cookie })).json();
    expect(me).toMatchObject({ role: "user", displayName: "Bilal Ahmed", email });
  });

  it("mails a fresh link when an unverified account signs in with its password", async () => {
    const email = "late.reader@hed.example";
    expect(
      (await signUp(t, { name: "Late Reader", email, password: "late-reader-1" })).status,
    ).toBe(200);
    await smtp.waitForMail(email, /verify/i);
    const before = smtp.messages.filter((m) => m.to?.[0]?.address === email).length;
    expect((await t.signInRequest(email, "late-reader-1")).status).toBe(403);
    await expect
      .poll(() => smtp.messages.filter((m) => m.to?.[0]?.address === email).length)
      .toBe(before + 1);
  });

  it("answers an address already in use exactly as a new one, and mails its owner instead", async () => {
    const owner = await t.makeUser({ email: "owner@hed.example", fullName: "Asma Owner" });
    const fresh = await signUp(t, {
      name: "New Person",
      email: "new.person@hed.example",
      password: "new-person-1",
    });
    const taken = await signUp(t, {
      name: "Someone Else",
      email: "OWNER@hed.example",
      password: "someone-else-1",
    });
    expect(taken.status).toBe(fresh.status);
    expect(await taken.json()).toEqual(await fresh.json());
    expect(hasSessionCookie(taken)).toBe(false);

    const notice = await smtp.waitForMail("owner@hed.example", /tried to create/i);
    expect(notice.text).toMatch(/sign in|reset your password/i);
    const accounts = await accountsWithEmail(t, "owner@hed.example");
    expect(accounts.map((a) => a.id)).toEqual([owner.id]);
    expect(accounts[0].name).toBe("Asma Owner");
    // The owner's password still works; the attempted one does not.
    expect((await t.signInRequest("owner@hed.example", owner.password)).status).toBe(200);
    expect((await t.signInRequest("owner@hed.example", "someone-else-1")).status).toBe(401);
  });

  it("takes about as long for an address in use as for a new one", async () => {
    // scrypt's real cost on both paths: remembered hashes would hide a path that skipped it.
    const scrypt = await createTestApp({ mailer: smtpMailer(smtp), passwords: scryptPasswords });
    onTestFinished(() => scrypt.close());
    await scrypt.makeUser({ email: "timing@hed.example" });
    const timings = { fresh: [] as number[], taken: [] as number[] };
    for (let i = 0; i < 5; i++) {
      for (const kind of ["fresh", "taken"] as const) {
        const email = kind === "fresh" ? `timing.${i}@hed.example` : "timing@hed.example";
        const started = performance.now();
        expect(
          (await signUp(scrypt, { name: "Timing", email, password: "timing-pass-1" })).status,
        ).toBe(200);
        timings[kind].push(performance.now() - started);
      }
    }
    const ratio = median(timings.taken) / median(timings.fresh);
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  });

  it("refuses reserved names, whatever their case, spacing or punctuation", async () => {
    for (const name of [
      "admin",
      " Administrator ",
      "ADMIN",
      "Admin.",
      "Higher Education Department",
      "secretary's office",
      "System Administrator",
    ]) {
      const email = `reserved.${name.replace(/\W+/g, "")}@hed.example`;
      const res = await signUp(t, { name, email, password: "reserved-pass-1" });
      expect(res.status, name).toBe(400);
      expect((await res.json()).message).toBe(said(AUTH_MESSAGES.reservedName));
      expect(await accountsWithEmail(t, email.toLowerCase())).toEqual([]);
    }
    const ordinary = await signUp(t, {
      name: "Adminah Qureshi",
      email: "adminah@hed.example",
      password: "adminah-pass-1",
    });
    expect(ordinary.status).toBe(200);
  });

  it("refuses the placeholder domain of User IDs, so no one takes an admin's future User ID", async () => {
    const email = `future_clerk@${PLACEHOLDER_EMAIL_DOMAIN}`;
    const res = await signUp(t, { name: "Squatter", email, password: "squatter-pass-1" });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(said(USER_MESSAGES.placeholderEmail));
    expect(await accountsWithEmail(t, email)).toEqual([]);

    const admin = await t.signedInAs("admin");
    const created = await t.request("/api/admin/users", {
      method: "POST",
      cookie: admin.cookie,
      json: { userId: "future_clerk", password: "clerk-pass-1", fullName: "Future Clerk" },
    });
    expect(created.status).toBe(201);
  });

  it("words its refusals in the language the page asks for", async () => {
    const refusals = [
      [
        { name: "Admin", email: "urdu.admin@hed.example", password: "reserved-pass-1" },
        AUTH_MESSAGES.reservedName,
      ],
      [
        { name: "Sana Urdu", email: "urdu.weak@hed.example", password: "password" },
        PASSWORD_MESSAGES.tooCommon,
      ],
      [
        { name: "Sana Urdu", email: "urdu.short@hed.example", password: "12345" },
        PASSWORD_MESSAGES.tooShort(6),
      ],
    ] as const;
    for (const [json, refusal] of refusals) {
      const res = await t.request("/api/auth/sign-up/email", {
        method: "POST",
        headers: { "Accept-Language": "ur" },
        json,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(said(refusal, "ur"));
      expect(await accountsWithEmail(t, json.email)).toEqual([]);
    }
    expect(said(PASSWORD_MESSAGES.tooShort(6), "ur")).toBe(
      "پاس ورڈ کم از کم 6 حروف پر مشتمل ہونا چاہیے",
    );
  });

  it("refuses fields the Sign Up tab does not send (User ID, role) and bodies of any other shape", async () => {
    for (const extra of [
      { username: "sneaky" },
      { displayUsername: "sneaky" },
      { role: "admin" },
      { pendingApproval: false },
    ]) {
      const res = await signUp(t, {
        name: "Sneaky",
        email: "sneaky@hed.example",
        password: "sneaky-pass-1",
        ...extra,
      });
      expect(res.status, JSON.stringify(extra)).toBe(400);
    }
    for (const body of [null, [], "text", 42, { name: "Only Name" }]) {
      const res = await signUp(t, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await accountsWithEmail(t, "sneaky@hed.example")).toEqual([]);
  });

  it("marks the first administrator and accounts an admin creates as verified", async () => {
    const fresh = await createTestApp();
    try {
      await bootstrapAdmin({
        db: fresh.db,
        auth: fresh.auth,
        logger: silent,
        password: "boot-pass-1",
      });
      const [boot] = await fresh.db.select().from(user).where(eq(user.username, "admin"));
      expect(boot.emailVerified).toBe(true);
      const cookie = await fresh.signIn("admin", "boot-pass-1");
      const res = await fresh.request("/api/admin/users", {
        method: "POST",
        cookie,
        json: {
          userId: "mailed",
          email: "mailed@hed.example",
          password: "mailed-pass-1",
          fullName: "Mailed Person",
        },
      });
      expect(res.status).toBe(201);
      const [created] = await fresh.db.select().from(user).where(eq(user.username, "mailed"));
      expect(created).toMatchObject({ emailVerified: true, pendingApproval: false });
      expect((await fresh.signInRequest("mailed@hed.example", "mailed-pass-1")).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe("sign-up that waits for approval (SIGNUP_ENABLED=approval)", () => {
  let t: TestApp;
  let smtp: Smtp;
  let admin: Awaited<ReturnType<TestApp["signedInAs"]>>;
  const cookies = {} as Record<Caller, string | undefined>;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ mailer: smtpMailer(smtp), signUpApproval: true });
    admin = await t.signedInAs("admin");
    cookies.admin = admin.cookie;
    cookies.user = (await t.signedInAs("user")).cookie;
    cookies.organization_head = (await t.signedInAs("organization_head")).cookie;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** Signs up and verifies; the account then waits for an administrator. */
  async function pendingNewcomer(name: string) {
    const email = `${name.toLowerCase().replace(/\W+/g, ".")}@hed.example`;
    const password = `${name.toLowerCase().replace(/\W+/g, "-")}-1`;
    expect((await signUp(t, { name, email, password })).status).toBe(200);
    await verifyThroughMail(t, smtp, email);
    const [row] = await accountsWithEmail(t, email);
    return { id: row.id, email, password };
  }

  it("keeps a verified newcomer out with a clear message until an admin approves", async () => {
    const newcomer = await pendingNewcomer("Rabia Malik");
    const refused = await t.signInRequest(newcomer.email, newcomer.password);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: said(AUTH_MESSAGES.pendingApproval) });
    expect(hasSessionCookie(refused)).toBe(false);
    expect((await t.signInRequest(newcomer.email, "wrong-password")).status).toBe(401);

    const pending = await (
      await t.request("/api/admin/users/pending", { cookie: admin.cookie })
    ).json();
    expect(pending.users).toContainEqual(
      expect.objectContaining({
        id: newcomer.id,
        email: newcomer.email,
        fullName: "Rabia Malik",
        isEmailVerified: true,
      }),
    );
    // Not yet a member: not in the user list, never offered as an assignee.
    const listed = await (
      await t.request("/api/admin/users?search=rabia", { cookie: admin.cookie })
    ).json();
    expect(listed.total).toBe(0);
    const assignable: Array<{ id: string }> = await (
      await t.request("/api/users/assignable", { cookie: admin.cookie })
    ).json();
    expect(assignable.some((p) => p.id === newcomer.id)).toBe(false);
    const task = formOf({
      subject: "Check the admission lists",
      assignedTo: newcomer.id,
      assignDate: "2026-11-20",
      dueDate: "2026-11-30",
      taskType: "Task",
    });
    const assigned = await t.request("/api/tasks", {
      method: "POST",
      cookie: admin.cookie,
      body: task,
    });
    expect(assigned.status).toBe(400);
    expect((await assigned.json()).error.message).toBe(said(TASK_MESSAGES.invalidAssignee));

    const approved = await t.request(`/api/admin/users/${newcomer.id}/approve`, {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(approved.status).toBe(200);
    expect((await approved.json()).message).toBe(said(USER_MESSAGES.approved("Rabia Malik")));
    await smtp.waitForMail(newcomer.email, /approved/i);

    expect((await t.signInRequest(newcomer.email, newcomer.password)).status).toBe(200);
    const afterwards: Array<{ id: string }> = await (
      await t.request("/api/users/assignable", { cookie: admin.cookie })
    ).json();
    expect(afterwards.some((p) => p.id === newcomer.id)).toBe(true);
    // Approved once: a second approval finds nothing waiting.
    const again = await t.request(`/api/admin/users/${newcomer.id}/approve`, {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(again.status).toBe(404);
  });

  it("lists a newcomer who has not verified yet, who still cannot sign in once approved", async () => {
    const email = "unverified.newcomer@hed.example";
    await signUp(t, { name: "Unverified Newcomer", email, password: "unverified-pass-1" });
    const [row] = await accountsWithEmail(t, email);
    const pending = await (
      await t.request("/api/admin/users/pending", { cookie: admin.cookie })
    ).json();
    expect(pending.users).toContainEqual(
      expect.objectContaining({ id: row.id, isEmailVerified: false }),
    );
    await t.request(`/api/admin/users/${row.id}/approve`, { method: "POST", cookie: admin.cookie });
    const res = await t.signInRequest(email, "unverified-pass-1");
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(said(AUTH_MESSAGES.emailNotVerified));
  });

  it("rejecting deletes the waiting account", async () => {
    const newcomer = await pendingNewcomer("Omar Rejected");
    const res = await t.request(`/api/admin/users/${newcomer.id}/reject`, {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(said(USER_MESSAGES.rejected("Omar Rejected")));
    expect(await accountsWithEmail(t, newcomer.email)).toEqual([]);
    expect((await t.signInRequest(newcomer.email, newcomer.password)).status).toBe(401);
  });

  it("approves and rejects only accounts that wait, and refuses malformed ids", async () => {
    const member = await t.makeUser();
    for (const action of ["approve", "reject"]) {
      for (const id of [member.id, admin.id, "no-such-account", "bad id%00"]) {
        const res = await t.request(`/api/admin/users/${encodeURIComponent(id)}/${action}`, {
          method: "POST",
          cookie: admin.cookie,
        });
        expect(res.status, `${action} ${id}`).toBe(404);
      }
    }
    expect(await t.db.select().from(user).where(eq(user.id, member.id))).toHaveLength(1);
    const bad = await t.request("/api/admin/users/pending?page=0", { cookie: admin.cookie });
    expect(bad.status).toBe(400);
  });

  for (const caller of ["anonymous", "user", "organization_head"] as const) {
    const status = caller === "anonymous" ? 401 : 403;
    it(`${caller} gets ${status} from the pending list, approve and reject, and nothing changes`, async () => {
      const newcomer = await pendingNewcomer(`Waiting ${caller.replace("_", " ")}`);
      const cookie = cookies[caller];
      expect((await t.request("/api/admin/users/pending", { cookie })).status).toBe(status);
      for (const action of ["approve", "reject"]) {
        const res = await t.request(`/api/admin/users/${newcomer.id}/${action}`, {
          method: "POST",
          cookie,
        });
        expect(res.status, action).toBe(status);
      }
      const [row] = await accountsWithEmail(t, newcomer.email);
      expect(row.pendingApproval).toBe(true);
    });
  }
});

describe("mail kept out of the log", () => {
  let t: TestApp;
  let outboxDir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    const logger = pino(
      { level: "trace" },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(...String(chunk).split("\n").filter(Boolean));
          done();
        },
      }),
    );
    outboxDir = join(mkdtempSync(join(tmpdir(), "hed-outbox-test-")), "outbox");
    t = await createTestApp({
      logger,
      mailer: createMailer({ from: "test@localhost", outboxDir, logger }),
    });
  });
  afterAll(() => t.close());

  function outboxMail(to: string, subject: RegExp): string {
    for (const file of readdirSync(outboxDir)) {
      const text = readFileSync(join(outboxDir, file), "utf8");
      if (text.includes(`To: ${to}`) && subject.test(text)) return text;
    }
    throw new Error(`no outbox mail to ${to}`);
  }

  it("writes mail to owner-only outbox files and logs only the file, recipient and subject", async () => {
    const email = "private.person@hed.example";
    await signUp(t, { name: "Private Person", email, password: "private-pass-1" });
    await signUp(t, { name: "Someone Else", email, password: "someone-else-1" });
    await t.request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email, redirectTo: "/auth" },
    });
    // Mail leaves through the job runner: this pass waits for the one in progress, then sends.
    await t.jobs.runDue();
    const mails = readdirSync(outboxDir);
    expect(mails.length).toBeGreaterThanOrEqual(3);
    expect(statSync(outboxDir).mode & 0o777).toBe(0o700);
    for (const file of mails) expect(statSync(join(outboxDir, file)).mode & 0o777).toBe(0o600);

    const verification = outboxMail(email, /verify/i);
    const token = new URL(firstLink(verification.replace(/=\r?\n/g, ""))).searchParams.get("token");
    expect(token).toBeTruthy();
    const reset = outboxMail(email, /reset/i).replace(/=\r?\n/g, "");
    const resetToken = firstLink(reset).split("/reset-password/")[1]?.split("?")[0];
    expect(resetToken).toBeTruthy();

    const written = lines.filter((line) => line.includes("mail written to outbox"));
    expect(written.length).toBeGreaterThanOrEqual(3);
    for (const line of written) {
      const entry = JSON.parse(line);
      expect(entry.to).toBe(email);
      expect(entry.file).toMatch(/\.eml$/);
      expect(Object.keys(entry)).not.toContain("body");
    }
    for (const line of lines) {
      expect(line).not.toContain(token as string);
      expect(line).not.toContain(resetToken as string);
      expect(line).not.toMatch(/https?:\/\/[^"\s]*(verify-email|reset-password)/);
      expect(line).not.toContain("private-pass-1");
    }
  });
});
