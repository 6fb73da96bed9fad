import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holidays, jobs, notifications, tasks } from "../../src/server/db/schema";
import { mailPayloadOf } from "../../src/server/jobs/kinds";
import { writeOfficeSettings } from "../../src/server/office/settings";
import { DEFAULT_OFFICE_SETTINGS } from "../../src/shared/calendar";
import { createTestApp, type TestApp } from "../helpers/app";
import { makeTask } from "../helpers/factories";
import { smtpMailer, startSmtpReceiver } from "../helpers/smtp";

type Smtp = Awaited<ReturnType<typeof startSmtpReceiver>>;

/** An instant at `time` (HH:MM) office time (Asia/Karachi, UTC+5) on `day`. */
function karachi(day: string, time: string): Date {
  return new Date(new Date(`${day}T${time}:00+05:00`).getTime());
}

async function withMail(t: TestApp, role: "admin" | "user" | "organization_head", email: string) {
  const account = await t.makeUser({ role, email, fullName: email.split("@")[0] });
  return account;
}

describe("the morning digest", () => {
  let smtp: Smtp;
  let t: TestApp;
  let now = karachi("2026-11-25", "07:59");
  let admin: Awaited<ReturnType<TestApp["makeUser"]>>;
  let worker: Awaited<ReturnType<TestApp["makeUser"]>>;
  let idle: Awaited<ReturnType<TestApp["makeUser"]>>;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({
      clock: () => now,
      runJobs: false,
      mailer: smtpMailer(smtp),
    });
    admin = await withMail(t, "admin", "admin@hed.example");
    worker = await withMail(t, "user", "worker@hed.example");
    idle = await withMail(t, "user", "idle@hed.example");
    await withMail(t, "organization_head", "head@hed.example");
    const task = (subject: string, dueDate: string) =>
      makeTask(t.db, { assignedTo: worker.id, createdBy: admin.id, subject, dueDate });
    await task("Due today", "2026-11-25");
    await task("Due Friday", "2026-11-27");
    await task("Due in December", "2026-12-10");
    // Friday 20th: Monday, Tuesday and Wednesday have passed since: 3 working days.
    await task("Late since Friday", "2026-11-20");
    // Thursday 26th is a holiday in this office.
    await t.db.insert(holidays).values({ date: "2026-11-26", name: "Test holiday" });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const digestJobs = async () =>
    (await t.db.select().from(jobs)).filter((job) =>
      mailPayloadOf(job).subject.startsWith("Daily digest"),
    );

  it("waits for 08:00 office time", async () => {
    await t.schedules.tick();
    expect(await digestJobs()).toHaveLength(0);
  });

  it("at 08:00 on a working day, tells each person with something due, once", async () => {
    now = karachi("2026-11-25", "08:00");
    await t.schedules.tick();
    now = karachi("2026-11-25", "08:01");
    await t.schedules.tick();
    const queued = await digestJobs();
    const recipients = queued.map((job) => mailPayloadOf(job).to).sort();
    // The admin and the head get the department's summary; the idle user nothing.
    expect(recipients).toEqual(["admin@hed.example", "head@hed.example", "worker@hed.example"]);
    expect(recipients).not.toContain(idle.email);

    await t.jobs.runDue();
    const mail = await smtp.waitForMail("worker@hed.example", /Daily digest/);
    expect(mail.subject).toBe("Daily digest for Nov 25, 2026");
    expect(mail.text).toContain("Late since Friday (due Nov 20, 2026, 3 working days overdue)");
    expect(mail.text).toContain("Due today (due Nov 25, 2026)");
    expect(mail.text).toContain("Due Friday (due Nov 27, 2026)");
    expect(mail.text).not.toContain("Due in December");

    const summary = await smtp.waitForMail("head@hed.example", /Daily digest/);
    expect(summary.text).toContain("Department summary");
    // Newly overdue since Tuesday's digest: nothing was due on Tuesday.
    expect(summary.text).toContain("Newly overdue: 0");
    expect(summary.text).toContain("Late since Friday, worker");

    const [inApp] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, worker.id), eq(notifications.kind, "digest")));
    expect(inApp.values).toEqual({ dueToday: 1, dueSoon: 1, overdue: 1 });
  });

  it("sends none on a holiday or at the weekend", async () => {
    for (const day of ["2026-11-26", "2026-11-28", "2026-11-29"]) {
      now = karachi(day, "09:00");
      await t.schedules.tick();
    }
    expect(await digestJobs()).toHaveLength(3);
    now = karachi("2026-11-27", "08:00");
    await t.schedules.tick();
    expect(await digestJobs()).toHaveLength(6);
  });

  it("leaves out the people who switched the digest off", async () => {
    await t.db.delete(jobs);
    const worker2 = await t.signIn(worker.userId);
    const off = await t.request("/api/notifications/preferences", {
      method: "PUT",
      cookie: worker2,
      json: { email: { digest: false } },
    });
    expect(off.status).toBe(200);
    now = karachi("2026-11-30", "08:00");
    await t.schedules.tick();
    const recipients = (await digestJobs()).map((job) => mailPayloadOf(job).to);
    expect(recipients).not.toContain("worker@hed.example");
    expect(recipients).toContain("head@hed.example");
  });
});

describe("the escalation rule", () => {
  let t: TestApp;
  // The day before the rule's own checks, whose overdue sweep must find their tasks.
  let now = karachi("2026-11-24", "00:05");

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, runJobs: false });
  });
  afterAll(() => t.close());

  it("is off by default: nothing moves by itself", async () => {
    const worker = await t.makeUser();
    const task = await makeTask(t.db, { assignedTo: worker.id, dueDate: "2026-10-01" });
    await t.schedules.tick();
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row.status).toBe("delayed");
  });

  it("moves a task N working days past due, skipping a holiday, and tells heads and its creator", async () => {
    await t.db.delete(tasks);
    const admin = await withMail(t, "admin", "creator@hed.example");
    const head = await withMail(t, "organization_head", "boss@hed.example");
    const worker = await t.makeUser();
    await writeOfficeSettings(t.db, {
      ...DEFAULT_OFFICE_SETTINGS,
      escalation: { enabled: true, afterWorkingDays: 3 },
    });
    // Due Friday the 20th; Monday the 23rd is a holiday: Tue 24 (1), Wed 25 (2), Thu 26 (3).
    await t.db.insert(holidays).values({ date: "2026-11-23", name: "Test holiday" });
    const late = await makeTask(t.db, {
      assignedTo: worker.id,
      createdBy: admin.id,
      subject: "Reply to the audit",
      dueDate: "2026-11-20",
    });
    const recent = await makeTask(t.db, {
      assignedTo: worker.id,
      createdBy: admin.id,
      subject: "Due on Monday",
      dueDate: "2026-11-24",
    });
    const statusOf = async (id: string) =>
      (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0].status;

    now = karachi("2026-11-25", "00:05");
    await t.schedules.tick();
    expect(await statusOf(late.id)).toBe("delayed");

    now = karachi("2026-11-26", "00:05");
    await t.schedules.tick();
    expect(await statusOf(late.id)).toBe("super_delayed");
    expect(await statusOf(recent.id)).toBe("delayed");

    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, "task_super_overdue"));
    expect(told.map((row) => row.userId).sort()).toEqual([admin.id, head.id].sort());
    const mails = (await t.db.select().from(jobs)).map(mailPayloadOf);
    expect(mails.map((mail) => mail.to).sort()).toEqual([
      "boss@hed.example",
      "creator@hed.example",
    ]);
    expect(mails[0].subject).toBe("1 task is now super overdue");
    expect(mails[0].text).toContain("Reply to the audit");

    // Once a day: a second check that day moves nothing more and tells nobody twice.
    await t.schedules.tick();
    expect(
      await t.db.select().from(notifications).where(eq(notifications.kind, "task_super_overdue")),
    ).toHaveLength(2);
  });
});

describe("two app instances on one database", () => {
  let first: TestApp;
  let second: TestApp;
  const now = karachi("2026-12-01", "08:00");

  beforeAll(async () => {
    first = await createTestApp({ clock: () => now, runJobs: false });
    second = await createTestApp({ clock: () => now, runJobs: false, instanceOf: first });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("send each digest once", async () => {
    const people = await Promise.all(
      ["one", "two", "three"].map((name) =>
        first.makeUser({ email: `${name}@hed.example`, fullName: name }),
      ),
    );
    for (const person of people)
      await makeTask(first.db, { assignedTo: person.id, dueDate: "2026-12-01" });
    await Promise.all([
      first.schedules.tick(),
      second.schedules.tick(),
      first.schedules.tick(),
      second.schedules.tick(),
    ]);
    const queued = await first.db.select().from(jobs);
    expect(queued.map((job) => mailPayloadOf(job).to).sort()).toEqual([
      "one@hed.example",
      "three@hed.example",
      "two@hed.example",
    ]);
    await Promise.all([first.jobs.runDue(), second.jobs.runDue()]);
    const sent = await first.db.select().from(jobs);
    expect(sent.every((job) => job.state === "done" && job.attempts === 1)).toBe(true);
  });
});
