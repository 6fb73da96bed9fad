import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../src/server/db/schema";
import {
  DEFAULT_OFFICE_SETTINGS,
  type HolidayItem,
  OFFICE_MESSAGES,
  type OfficeSettings,
  type OfficeSettingsItem,
} from "../../src/shared/calendar";
import { said } from "../../src/shared/i18n/server-instance";
import { NOTIFICATION_MESSAGES, type OutboxPage } from "../../src/shared/notifications";
import { createTestApp, type TestApp } from "../helpers/app";
import { formOf, settingsVersion } from "../helpers/factories";
import { smtpMailer, startSmtpReceiver } from "../helpers/smtp";

type Person = Awaited<ReturnType<TestApp["signedInAs"]>>;
type Smtp = Awaited<ReturnType<typeof startSmtpReceiver>>;
type Method = "GET" | "POST" | "PUT" | "DELETE";
type Call = { method: Method; path: string; json?: unknown };

const SETTINGS: OfficeSettings = {
  weeklyOffDays: [5, 6, 0],
  digestTime: "07:30",
  dueSoonWorkingDays: 5,
  escalation: { enabled: true, afterWorkingDays: 10 },
  emailDefaults: { digest: false, task_progress: true },
  deletedFileRetentionDays: 30,
  dak: {
    diaryTemplate: "HED-{section}-{yyyy}-{seq:5}",
    dispatchTemplate: "OUT-{yy}/{seq}",
    categories: ["CM Directive", "General"],
    sections: ["Acad", "Admin"],
  },
  markingLimits: { information: 1, action: null, comments: 10, approval: 60, signature: 2 },
};

describe("the office's holidays and settings, and the admin outbox", () => {
  let smtp: Smtp;
  let t: TestApp;
  let admin: Person;
  let head: Person;
  let user: Person;

  beforeAll(async () => {
    // Addresses at bounce.example are refused (550) the first time, as a real bounce would be.
    smtp = await startSmtpReceiver(undefined, { bounceOnce: /@bounce\.example$/i });
    t = await createTestApp({
      runJobs: false,
      mailer: smtpMailer(smtp),
    });
    admin = await t.signedInAs("admin");
    head = await t.signedInAs("organization_head");
    user = await t.signedInAs("user");
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = ({ method, path, json }: Call, cookie?: string) =>
    t.request(path, { method, cookie, json });

  async function holidaysOf(year: number): Promise<HolidayItem[]> {
    const res = await t.request(`/api/office/holidays?year=${year}`, { cookie: user.cookie });
    expect(res.status).toBe(200);
    return (await res.json()).holidays;
  }

  async function settings(): Promise<OfficeSettingsItem> {
    const res = await t.request("/api/office/settings", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    return res.json();
  }

  async function errorOf(res: Response): Promise<string> {
    return ((await res.json()) as { error: { message: string } }).error.message;
  }

  /** A mail job in the given state, written straight to the table as the runner leaves one. */
  async function mailJob(state: "queued" | "running" | "done" | "failed") {
    const [job] = await t.db
      .insert(jobs)
      .values({
        kind: "mail",
        state,
        runAt: new Date(),
        attempts: state === "queued" ? 0 : 1,
        finishedAt: state === "done" || state === "failed" ? new Date() : null,
        lastError: state === "failed" ? "550 5.1.1 Mailbox unavailable" : null,
        payload: {
          to: `${state}@hed.example`,
          subject: `A ${state} mail`,
          text: "Hello",
          html: "<p>Hello</p>",
          messageId: `<${state}-${Math.random()}@localhost>`,
        },
      })
      .returning();
    return job;
  }

  /** Every office and outbox route, each with a body it accepts from an admin, in an order
   * that works when run one after another (add, rename, delete, import, ...). */
  function everyRoute(failedJobId: string): { call: Call; isAdminOnly: boolean }[] {
    const day = "2030-01-07";
    return [
      { call: { method: "GET", path: "/api/office/holidays?year=2030" }, isAdminOnly: false },
      {
        call: { method: "POST", path: "/api/office/holidays", json: { date: day, name: "Test" } },
        isAdminOnly: true,
      },
      {
        call: {
          method: "PUT",
          path: `/api/office/holidays/${day}`,
          json: { date: day, name: "Renamed", version: 1 },
        },
        isAdminOnly: true,
      },
      { call: { method: "DELETE", path: `/api/office/holidays/${day}` }, isAdminOnly: true },
      {
        call: {
          method: "POST",
          path: "/api/office/holidays/import",
          json: { text: "2030-02-05, Kashmir Solidarity Day" },
        },
        isAdminOnly: true,
      },
      { call: { method: "GET", path: "/api/office/settings" }, isAdminOnly: true },
      {
        call: {
          method: "PUT",
          path: "/api/office/settings",
          json: { ...DEFAULT_OFFICE_SETTINGS, version: 1 },
        },
        isAdminOnly: true,
      },
      { call: { method: "GET", path: "/api/admin/outbox?state=failed" }, isAdminOnly: true },
      {
        call: { method: "POST", path: `/api/admin/outbox/${failedJobId}/resend` },
        isAdminOnly: true,
      },
    ];
  }

  it("answers anonymous callers 401, users and heads 403 on admin routes, admins 2xx", async () => {
    const failed = await mailJob("failed");
    const routes = everyRoute(failed.id);
    for (const { call: route, isAdminOnly } of routes) {
      const where = `${route.method} ${route.path}`;
      expect((await call(route)).status, `anonymous ${where}`).toBe(401);
      for (const person of [user, head]) {
        expect((await call(route, person.cookie)).status, `${person.role} ${where}`).toBe(
          isAdminOnly ? 403 : 200,
        );
      }
    }
    // The refusals changed nothing: the holiday each admin call needs is not there yet.
    expect(await holidaysOf(2030)).toEqual([]);
    for (const { call: route } of routes) {
      const res = await call(route, admin.cookie);
      expect(res.status, `admin ${route.method} ${route.path}`).toBeGreaterThanOrEqual(200);
      expect(res.status, `admin ${route.method} ${route.path}`).toBeLessThan(300);
    }
    expect(await holidaysOf(2030)).toEqual([
      { date: "2030-02-05", name: "Kashmir Solidarity Day", version: 1 },
    ]);
  });

  it("lets an admin add, rename, move and delete a holiday, each answered in words", async () => {
    const added = await call(
      {
        method: "POST",
        path: "/api/office/holidays",
        json: { date: "2031-03-23", name: " Pakistan Day " },
      },
      admin.cookie,
    );
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({
      holiday: { date: "2031-03-23", name: "Pakistan Day", version: 1 },
      message: said(OFFICE_MESSAGES.holidayAdded),
    });

    const renamed = await call(
      {
        method: "PUT",
        path: "/api/office/holidays/2031-03-23",
        json: { date: "2031-03-23", name: "Youm-e-Pakistan", version: 1 },
      },
      admin.cookie,
    );
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toEqual({
      holiday: { date: "2031-03-23", name: "Youm-e-Pakistan", version: 2 },
      message: said(OFFICE_MESSAGES.holidayUpdated),
    });

    const moved = await call(
      {
        method: "PUT",
        path: "/api/office/holidays/2031-03-23",
        json: { date: "2031-03-24", name: "Youm-e-Pakistan", version: 2 },
      },
      admin.cookie,
    );
    expect(moved.status).toBe(200);
    expect(await holidaysOf(2031)).toEqual([
      { date: "2031-03-24", name: "Youm-e-Pakistan", version: 3 },
    ]);

    const deleted = await call(
      { method: "DELETE", path: "/api/office/holidays/2031-03-24" },
      admin.cookie,
    );
    expect(deleted.status).toBe(200);
    expect((await deleted.json()).message).toBe(said(OFFICE_MESSAGES.holidayDeleted));
    expect(await holidaysOf(2031)).toEqual([]);

    for (const route of [
      { method: "DELETE", path: "/api/office/holidays/2031-03-24" },
      {
        method: "PUT",
        path: "/api/office/holidays/2031-03-24",
        json: { date: "2031-03-24", name: "Gone", version: 3 },
      },
    ] as const) {
      const res = await call(route, admin.cookie);
      expect(res.status, route.method).toBe(404);
      expect(await errorOf(res)).toBe(said(OFFICE_MESSAGES.holidayNotFound));
    }
  });

  it("refuses a holiday's bad date or name with a 400 and keeps the calendar as it was", async () => {
    await call(
      {
        method: "POST",
        path: "/api/office/holidays",
        json: { date: "2032-08-14", name: "Independence Day" },
      },
      admin.cookie,
    );
    const before = await holidaysOf(2032);
    const bodies: [unknown, string | null][] = [
      [{ date: "2032-02-30", name: "No such day" }, said(OFFICE_MESSAGES.dateInvalid)],
      [{ date: "2032-13-01", name: "No such month" }, said(OFFICE_MESSAGES.dateInvalid)],
      [{ date: "32-03-23", name: "Short year" }, said(OFFICE_MESSAGES.dateInvalid)],
      [{ date: "23/03/2032", name: "Day first" }, said(OFFICE_MESSAGES.dateInvalid)],
      [{ date: "2032-03-23", name: "   " }, said(OFFICE_MESSAGES.nameRequired)],
      [{ date: "2032-03-23", name: "x".repeat(101) }, said(OFFICE_MESSAGES.nameTooLong)],
      [{ date: "2032-03-23", name: "Bell\u0007" }, null],
      [{ date: "2032-03-23" }, null],
      [{ date: 20320323, name: "A number" }, null],
      [[], null],
    ];
    for (const [json, refusal] of bodies) {
      const res = await call({ method: "POST", path: "/api/office/holidays", json }, admin.cookie);
      expect(res.status, JSON.stringify(json)).toBe(400);
      if (refusal) expect(await errorOf(res)).toBe(refusal);
      const moved = await call(
        { method: "PUT", path: "/api/office/holidays/2032-08-14", json },
        admin.cookie,
      );
      expect(moved.status, `PUT ${JSON.stringify(json)}`).toBe(400);
    }
    // A date in the path that is no date names no holiday.
    const impossible = await call(
      {
        method: "PUT",
        path: "/api/office/holidays/2032-02-30",
        json: { date: "2032-03-01", name: "Leap", version: 1 },
      },
      admin.cookie,
    );
    expect(impossible.status).toBe(404);
    expect(await holidaysOf(2032)).toEqual(before);
  });

  it("refuses a second holiday on a date with a 409 naming the date", async () => {
    for (const json of [
      { date: "2033-05-01", name: "Labour Day" },
      { date: "2033-05-28", name: "Youm-e-Takbeer" },
    ])
      await call({ method: "POST", path: "/api/office/holidays", json }, admin.cookie);
    const before = await holidaysOf(2033);

    const twice = await call(
      {
        method: "POST",
        path: "/api/office/holidays",
        json: { date: "2033-05-01", name: "May Day" },
      },
      admin.cookie,
    );
    expect(twice.status).toBe(409);
    expect(await errorOf(twice)).toBe("May 01, 2033 is already a holiday");

    const ontoAnother = await call(
      {
        method: "PUT",
        path: "/api/office/holidays/2033-05-28",
        json: { date: "2033-05-01", name: "Youm-e-Takbeer", version: 1 },
      },
      admin.cookie,
    );
    expect(ontoAnother.status).toBe(409);
    expect(await holidaysOf(2033)).toEqual(before);
  });

  it("imports a list all or nothing: a bad line is named and changes nothing", async () => {
    await call(
      {
        method: "POST",
        path: "/api/office/holidays",
        json: { date: "2034-12-25", name: "Christmas" },
      },
      admin.cookie,
    );
    const before = await holidaysOf(2034);
    const refused: [string, string][] = [
      [
        "2034-08-14, Independence Day\n2034-02-30, Nowhere",
        "Line 2: Enter a valid date (YYYY-MM-DD)",
      ],
      ["2034-08-14, Independence Day\n2034-11-09", "Line 2: Please enter the holiday's name"],
      [
        "2034-08-14, Independence Day\n2034-08-14; Again",
        said(OFFICE_MESSAGES.importDuplicate("2034-08-14")),
      ],
      ["\n  \n", said(OFFICE_MESSAGES.importEmpty)],
    ];
    for (const [text, refusal] of refused) {
      const res = await call(
        { method: "POST", path: "/api/office/holidays/import", json: { text } },
        admin.cookie,
      );
      expect(res.status, text).toBe(400);
      expect(await errorOf(res)).toBe(refusal);
    }
    for (const json of [{}, { text: 42 }, { text: ["2034-08-14, Independence Day"] }]) {
      const res = await call(
        { method: "POST", path: "/api/office/holidays/import", json },
        admin.cookie,
      );
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    // Longer than any body the server reads (64 KB) is refused before it is parsed.
    const huge = await call(
      {
        method: "POST",
        path: "/api/office/holidays/import",
        json: { text: "2034-08-14, Independence Day\n".repeat(3000) },
      },
      admin.cookie,
    );
    expect(huge.status).toBe(413);
    expect(await holidaysOf(2034)).toEqual(before);

    // A spreadsheet's export: a heading line, quotes, a date already listed taking its new name.
    const good = await call(
      {
        method: "POST",
        path: "/api/office/holidays/import",
        json: {
          text: 'Date,Name\r\n2034-08-14,"Independence Day"\r\n\r\n2034-12-25,Quaid-e-Azam Day\r\n',
        },
      },
      admin.cookie,
    );
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ count: 2, message: "2 holidays imported" });
    expect(await holidaysOf(2034)).toEqual([
      { date: "2034-08-14", name: "Independence Day", version: 1 },
      { date: "2034-12-25", name: "Quaid-e-Azam Day", version: 2 },
    ]);
  });

  it("saves the office's settings and reads them back", async () => {
    const version = await settingsVersion(t, admin.cookie);
    const saved = await call(
      { method: "PUT", path: "/api/office/settings", json: { ...SETTINGS, version } },
      admin.cookie,
    );
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      settings: { ...SETTINGS, version: version + 1 },
      message: said(OFFICE_MESSAGES.settingsSaved),
    });
    expect(await settings()).toEqual({ ...SETTINGS, version: version + 1 });
  });

  it("refuses bad settings with a 400 and keeps the settings as they were", async () => {
    const before = await settings();
    const bad: [Partial<OfficeSettings> | Record<string, unknown>, string | null][] = [
      [{ dueSoonWorkingDays: 0 }, said(OFFICE_MESSAGES.thresholdRange)],
      [{ dueSoonWorkingDays: 366 }, said(OFFICE_MESSAGES.thresholdRange)],
      [{ dueSoonWorkingDays: 2.5 }, said(OFFICE_MESSAGES.thresholdRange)],
      [
        { escalation: { enabled: true, afterWorkingDays: 0 } },
        said(OFFICE_MESSAGES.thresholdRange),
      ],
      [
        { escalation: { enabled: false, afterWorkingDays: 366 } },
        said(OFFICE_MESSAGES.thresholdRange),
      ],
      [{ digestTime: "24:00" }, said(OFFICE_MESSAGES.timeInvalid)],
      [{ digestTime: "8:00" }, said(OFFICE_MESSAGES.timeInvalid)],
      [{ digestTime: "08:60" }, said(OFFICE_MESSAGES.timeInvalid)],
      [{ weeklyOffDays: [0, 1, 2, 3, 4, 5, 6] }, said(OFFICE_MESSAGES.everyDayOff)],
      [{ weeklyOffDays: [7] }, null],
      [{ weeklyOffDays: "6,0" }, null],
      [{ emailDefaults: { spam: true } }, null],
      [{ emailDefaults: { digest: "no" } }, null],
      [{ escalation: { enabled: "yes", afterWorkingDays: 7 } }, null],
      [{ digestTime: undefined }, null],
      [{ deletedFileRetentionDays: -1 }, said(OFFICE_MESSAGES.retentionRange)],
      [{ deletedFileRetentionDays: 3651 }, said(OFFICE_MESSAGES.retentionRange)],
      [{ deletedFileRetentionDays: 1.5 }, said(OFFICE_MESSAGES.retentionRange)],
      [{ deletedFileRetentionDays: undefined }, null],
      ...[0, 61, 2.5, "5", ""].map((limit): [Record<string, unknown>, string] => [
        { markingLimits: { ...SETTINGS.markingLimits, approval: limit } },
        said(OFFICE_MESSAGES.markingLimitRange),
      ]),
      [{ markingLimits: { ...SETTINGS.markingLimits, approval: undefined } }, null],
      [{ markingLimits: undefined }, null],
    ];
    for (const [change, refusal] of bad) {
      const json = { ...SETTINGS, version: before.version, ...change };
      const res = await call({ method: "PUT", path: "/api/office/settings", json }, admin.cookie);
      expect(res.status, JSON.stringify(change)).toBe(400);
      if (refusal) expect(await errorOf(res), JSON.stringify(change)).toBe(refusal);
    }
    expect(await settings()).toEqual(before);
  });

  it("lists a refused mail as failed, sends it again on request, and resends only failed ones", async () => {
    const bounced = await t.makeUser({ email: "nadia@bounce.example", fullName: "Nadia Bounce" });
    const created = await t.request("/api/tasks", {
      method: "POST",
      cookie: admin.cookie,
      body: formOf({
        subject: "Return the hostel survey",
        assignedTo: bounced.id,
        assignDate: "2026-11-25",
        dueDate: "2026-12-02",
        taskType: "Task",
      }),
    });
    expect(created.status).toBe(201);
    await t.jobs.runDue();

    const outbox = async (query: string): Promise<OutboxPage> => {
      const res = await t.request(`/api/admin/outbox${query}`, { cookie: admin.cookie });
      expect(res.status).toBe(200);
      return res.json();
    };
    // A 550 is permanent: failed at the first attempt, with the server's own words kept.
    const [failed] = (await outbox("?state=failed")).messages.filter(
      (item) => item.to === "nadia@bounce.example",
    );
    expect(failed).toMatchObject({
      recipientName: "Nadia Bounce",
      subject: "New task: Return the hostel survey",
      state: "failed",
      attempts: 1,
    });
    expect(failed.lastError).toMatch(/550/);
    expect(failed.finishedAt).not.toBeNull();

    const resend = (id: string, cookie = admin.cookie) =>
      t.request(`/api/admin/outbox/${id}/resend`, { method: "POST", cookie });
    const again = await resend(failed.id);
    expect(again.status).toBe(200);
    expect((await again.json()).message).toBe(said(NOTIFICATION_MESSAGES.resent));
    // Queued once more: not failed, so not resendable a second time.
    const twice = await resend(failed.id);
    expect(twice.status).toBe(409);
    expect(await errorOf(twice)).toBe(said(NOTIFICATION_MESSAGES.notResendable));

    await t.jobs.runDue();
    await smtp.waitForMail("nadia@bounce.example", /Return the hostel survey/);
    const [sent] = await t.db.select().from(jobs).where(eq(jobs.id, failed.id));
    expect(sent).toMatchObject({ state: "done", attempts: 1, lastError: null });
    expect((await outbox("?state=done")).messages.map((item) => item.id)).toContain(failed.id);
    expect((await outbox("?state=failed")).messages.map((item) => item.id)).not.toContain(
      failed.id,
    );

    for (const state of ["queued", "running", "done"] as const) {
      const job = await mailJob(state);
      const res = await resend(job.id);
      expect(res.status, state).toBe(409);
      const [after] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(after.state).toBe(state);
    }
    const unknown = await resend("6f0c2f4e-8a51-4a43-9d1e-3c1b7e6a0d42");
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toBe(said(NOTIFICATION_MESSAGES.outboxNotFound));
    expect((await resend("not-a-job")).status).toBe(404);
  });

  it("pages the outbox newest first and falls back to every state for a bad filter", async () => {
    const page = await (
      await t.request("/api/admin/outbox?state=sideways&page=zero", { cookie: admin.cookie })
    ).json();
    expect(page).toMatchObject({ page: 1, pageSize: 25 });
    expect(page.total).toBeGreaterThanOrEqual(page.messages.length);
    const times = (page as OutboxPage).messages.map((item) => item.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });
});
