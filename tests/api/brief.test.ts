import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  engagementDecisions,
  engagements,
  holidays,
  jobs,
  tasks,
  user,
} from "../../src/server/db/schema";
import { mailPayloadOf } from "../../src/server/jobs/kinds";
import type { Brief } from "../../src/shared/brief";
import { said } from "../../src/shared/i18n/server-instance";
import { createTestApp, type TestApp } from "../helpers/app";
import { makeTask } from "../helpers/factories";
import { smtpMailer, startSmtpReceiver } from "../helpers/smtp";

/** An instant at `time` (HH:MM) office time (Asia/Karachi, UTC+5) on `day`. */
function karachi(day: string, time: string): Date {
  return new Date(`${day}T${time}:00+05:00`);
}

type Account = Awaited<ReturnType<TestApp["makeUser"]>>;

// The office week is Monday to Friday (Saturday and Sunday off); Wednesday 2 December 2026 is
// a holiday. The brief of Monday 30 November is worked by hand below.
describe("the Daily Brief's content", () => {
  let t: TestApp;
  let now = karachi("2026-11-30", "09:00");
  let head: string;
  let admin: string;
  let userCookie: string;
  let holderA: Account;
  let holderB: Account;

  const task = async (
    subject: string,
    dueDate: string,
    holder: Account,
    status?: "completed" | "super_delayed",
  ) => {
    const row = await makeTask(t.db, { assignedTo: holder.id, subject, dueDate });
    if (status)
      await t.db
        .update(tasks)
        .set({ status, completionDate: status === "completed" ? dueDate : null })
        .where(eq(tasks.id, row.id));
    return row;
  };
  const engagement = (subject: string, date: string, time: string, status = "Scheduled") =>
    t.db
      .insert(engagements)
      .values({
        subject,
        date,
        time,
        status: status as "Scheduled",
        venue: "HED Committee Room",
        responsibility: "Secretary",
      })
      .returning()
      .then(([row]) => row);

  async function brief(date?: string, cookie = head): Promise<Brief> {
    const res = await t.request(`/api/brief${date ? `?date=${date}` : ""}`, { cookie });
    expect(res.status).toBe(200);
    return res.json();
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, runJobs: false });
    head = (await t.signedInAs("organization_head")).cookie;
    admin = (await t.signedInAs("admin")).cookie;
    userCookie = (await t.signedInAs("user")).cookie;
    holderA = await t.makeUser({ fullName: "Amina Qureshi" });
    holderB = await t.makeUser({ fullName: "Bilal Khan" });
    await t.db.insert(holidays).values({ date: "2026-12-02", name: "Test holiday" });

    await task("Due today", "2026-11-30", holderA);
    await task("Done today", "2026-11-30", holderA, "completed");
    await task("Due Friday", "2026-11-27", holderB);
    await task("Due Sunday", "2026-11-29", holderA);
    await task("Due Thursday", "2026-11-26", holderB);
    await task("Ancient", "2026-10-01", holderA, "super_delayed");
    await task("Old", "2026-11-02", holderB);
    await task("Done long ago", "2026-10-15", holderB, "completed");
    await task("Mid November", "2026-11-16", holderA);
    await task("Later", "2026-12-10", holderA);
    await task("Due Tuesday", "2026-12-01", holderB);
    await task("Due on the holiday", "2026-12-02", holderA);

    await engagement("Morning meeting", "2026-11-30", "10:00:00");
    await engagement("Called off", "2026-11-30", "11:00:00", "Cancelled");
    await engagement("Afternoon review", "2026-11-30", "15:00:00", "Postponed");
    await engagement("Tuesday briefing", "2026-12-01", "09:30:00");
    await engagement("Holiday function", "2026-12-02", "12:00:00");
    await engagement("Saturday visit", "2026-11-28", "11:00:00");

    const meeting = await engagement("Board meeting", "2026-11-20", "10:00:00", "Held");
    const done = await task("Decision carried out", "2026-12-04", holderA, "completed");
    const moved = await task("Decision task moved", "2026-12-04", holderB);
    const decision = (
      description: string,
      fields: Partial<typeof engagementDecisions.$inferInsert>,
    ) =>
      t.db.insert(engagementDecisions).values({
        engagementId: meeting.id,
        description,
        outcome: "action",
        ownerId: holderA.id,
        ...fields,
      });
    await decision("Send the college list", { dueDate: "2026-12-03" });
    await decision("Already done", { dueDate: "2026-12-04", taskId: done.id });
    await decision("Next week's", { dueDate: "2026-12-10" });
    await decision("Only noted", { outcome: "noted", ownerId: null });
    await decision("Due today", { dueDate: "2026-11-30", ownerId: holderB.id });
    // Its own date was last week; its task's date (moved to this Friday) is the one that counts.
    await decision("Moved into this week", { dueDate: "2026-11-20", taskId: moved.id });
  });
  afterAll(() => t.close());

  it("is refused to the anonymous (401) and to users (403); heads and admins read it", async () => {
    expect((await t.request("/api/brief")).status).toBe(401);
    expect((await t.request("/api/brief", { cookie: userCookie })).status).toBe(403);
    expect((await t.request("/api/brief", { cookie: admin })).status).toBe(200);
    expect((await t.request("/api/brief", { cookie: head })).status).toBe(200);
  });

  it("refuses a date that is not one with a 400 and the catalog's message", async () => {
    for (const date of ["2026-02-30", "yesterday", "0000-01-01"]) {
      const res = await t.request(`/api/brief?date=${date}`, { cookie: head });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(said("brief:dateInvalid"));
    }
  });

  it("holds Monday's brief, worked by hand", async () => {
    const monday = await brief();
    expect(monday.date).toBe("2026-11-30");
    expect(monday.isWorkingDay).toBe(true);
    expect(monday.week).toEqual({ start: "2026-11-30", end: "2026-12-06" });

    // Cancelled engagements are left out; "tomorrow" is the next working day, Tuesday.
    expect(monday.engagementsToday.items.map((e) => [e.time, e.subject, e.status])).toEqual([
      ["10:00", "Morning meeting", "Scheduled"],
      ["15:00", "Afternoon review", "Postponed"],
    ]);
    expect(monday.upcomingTo).toBe("2026-12-01");
    expect(monday.engagementsUpcoming.items.map((e) => e.subject)).toEqual(["Tuesday briefing"]);

    expect(monday.dueToday).toEqual({
      items: [expect.objectContaining({ subject: "Due today", assignee: "Amina Qureshi" })],
      total: 1,
    });

    // After the weekend: due since Friday (Friday, Saturday, Sunday), still open; Thursday's
    // task was Friday's news.
    expect(monday.since).toBe("2026-11-27");
    expect(monday.newlyOverdue.items.map((x) => [x.subject, x.assignee, x.daysOverdue])).toEqual([
      ["Due Friday", "Bilal Khan", 1],
      ["Due Sunday", "Amina Qureshi", 1],
    ]);

    expect(monday.superOverdue.total).toBe(1);
    expect(monday.superOverdue.items.map((x) => x.subject)).toEqual(["Ancient"]);

    // Due in the office week of 30 November to 6 December, not done, by due date.
    expect(monday.decisionsThisWeek.items.map((d) => [d.description, d.dueDate, d.owner])).toEqual([
      ["Due today", "2026-11-30", "Bilal Khan"],
      ["Send the college list", "2026-12-03", "Amina Qureshi"],
      ["Moved into this week", "2026-12-04", "Amina Qureshi"],
    ]);
    expect(monday.decisionsThisWeek.total).toBe(3);

    // Working days past due up to Monday: after Thursday 1 October, 21 in October and 21 in
    // November; after 2 November, 20; after 16 November, 10; after Thursday 26th, 2 (Friday
    // and Monday).
    expect(monday.longestPending.map((x) => [x.subject, x.assignee, x.daysOverdue])).toEqual([
      ["Ancient", "Amina Qureshi", 42],
      ["Old", "Bilal Khan", 20],
      ["Mid November", "Amina Qureshi", 10],
      ["Due Thursday", "Bilal Khan", 2],
      ["Due Friday", "Bilal Khan", 1],
    ]);
  });

  it("counts newly overdue across a holiday", async () => {
    now = karachi("2026-12-03", "09:00");
    const thursday = await brief();
    // Wednesday was a holiday: since Tuesday, the tasks due on Tuesday and on the holiday.
    expect(thursday.since).toBe("2026-12-01");
    expect(thursday.newlyOverdue.items.map((x) => [x.subject, x.daysOverdue])).toEqual([
      ["Due Tuesday", 1],
      ["Due on the holiday", 1],
    ]);
    expect(thursday.engagementsToday.total).toBe(0);
  });

  it("shows the weekend and Monday as coming up on a Friday", async () => {
    const friday = await brief("2026-11-27");
    expect(friday.upcomingTo).toBe("2026-11-30");
    expect(friday.engagementsUpcoming.items.map((e) => e.subject)).toEqual([
      "Saturday visit",
      "Morning meeting",
      "Afternoon review",
    ]);
  });

  it("lists eight of a long section and counts the rest", async () => {
    for (let n = 1; n <= 10; n += 1) await task(`Batch ${n}`, "2026-12-11", holderA);
    const later = await brief("2026-12-11");
    expect(later.dueToday.items).toHaveLength(8);
    expect(later.dueToday.total).toBe(10);
  });
});

describe("the Daily Brief by mail", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let t: TestApp;
  let now = karachi("2026-11-30", "07:59");

  const briefJobs = async () =>
    (await t.db.select().from(jobs))
      .map((job) => mailPayloadOf(job))
      .filter((mail) => /Daily Brief|روزانہ بریف/.test(mail.subject));

  async function optIn(account: Account, choice: boolean) {
    const cookie = await t.signIn(account.userId);
    return t.request("/api/notifications/preferences", {
      method: "PUT",
      cookie,
      json: { email: { daily_brief: choice } },
    });
  }

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ clock: () => now, runJobs: false, mailer: smtpMailer(smtp) });
    const admin = await t.makeUser({ role: "admin", email: "admin@hed.example" });
    const head = await t.makeUser({ role: "organization_head", email: "head@hed.example" });
    const urdu = await t.makeUser({ role: "organization_head", email: "sarbarah@hed.example" });
    await t.makeUser({ role: "admin", email: "quiet-admin@hed.example" });
    await t.makeUser({ role: "organization_head", email: "quiet-head@hed.example" });
    const worker = await t.makeUser({ role: "user", email: "worker@hed.example" });
    for (const account of [admin, head, urdu])
      expect((await optIn(account, true)).status).toBe(200);
    await t.db.update(user).set({ language: "ur" }).where(eq(user.id, urdu.id));

    // A user's choice of the brief is not theirs to make: it is ignored.
    const refused = await optIn(worker, true);
    expect(refused.status).toBe(200);
    const preferences = (await refused.json()).preferences;
    expect(preferences.kinds).not.toContain("daily_brief");
    expect(preferences.email.daily_brief).toBe(false);

    await makeTask(t.db, {
      assignedTo: worker.id,
      subject: "Due this Monday",
      dueDate: "2026-11-30",
    });
    // Tuesday 1 December is a holiday.
    await t.db.insert(holidays).values({ date: "2026-12-01", name: "Test holiday" });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("is off unless chosen: heads and admins see the choice, users do not", async () => {
    const head = await t.signedInAs("organization_head");
    const res = await t.request("/api/notifications/preferences", { cookie: head.cookie });
    const preferences = await res.json();
    expect(preferences.kinds).toContain("daily_brief");
    expect(preferences.email.daily_brief).toBe(false);
    expect(preferences.email.digest).toBe(true);
  });

  it("waits for the digest's time, 08:00 office time", async () => {
    await t.schedules.tick();
    expect(await briefJobs()).toHaveLength(0);
  });

  it("at 08:00 on a working day mails each head and admin who chose it, once", async () => {
    now = karachi("2026-11-30", "08:00");
    await t.schedules.tick();
    now = karachi("2026-11-30", "08:05");
    await t.schedules.tick();
    const queued = await briefJobs();
    expect(queued.map((mail) => mail.to).sort()).toEqual([
      "admin@hed.example",
      "head@hed.example",
      "sarbarah@hed.example",
    ]);

    await t.jobs.runDue();
    const english = await smtp.waitForMail("head@hed.example", /Daily Brief/);
    expect(english.subject).toBe("Daily Brief for Nov 30, 2026");
    expect(english.text).toContain("Tasks due today");
    expect(english.text).toContain("Due this Monday, held by");
    expect(english.text).toContain("http://localhost:3000/organization/brief");
    const adminMail = await smtp.waitForMail("admin@hed.example", /Daily Brief/);
    expect(adminMail.text).toContain("http://localhost:3000/admin/brief");

    const urdu = await smtp.waitForMail("sarbarah@hed.example", /روزانہ بریف/);
    expect(urdu.subject).toBe("روزانہ بریف بتاریخ 30 نومبر، 2026");
    expect(urdu.text).toContain("آج واجب الادا کام");
    expect(urdu.html).toContain('dir="rtl"');
  });

  it("sends none on a holiday or a weekly off day", async () => {
    for (const day of ["2026-12-01", "2026-12-05", "2026-12-06"]) {
      now = karachi(day, "09:00");
      await t.schedules.tick();
    }
    expect(await briefJobs()).toHaveLength(3);
    now = karachi("2026-12-02", "08:00");
    await t.schedules.tick();
    expect(await briefJobs()).toHaveLength(6);
  });
});
