import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holidays } from "../../src/server/db/schema";
import { DEFAULT_OFFICE_SETTINGS, type MarkingLimits } from "../../src/shared/calendar";
import type { PerformanceReport, PerformanceRow } from "../../src/shared/reports";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTaskAs, settingsVersion } from "../helpers/factories";

// The performance report's days held per marking (issue 36), against the office's time limits.
// November 2026, Saturdays and Sundays off, Monday the 23rd a holiday. The office's today is
// Wednesday the 25th: a 7-day report counts the holdings held at any time from the 18th.

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

/** Noon in Karachi on a day of November 2026. */
const noonOn = (day: number) => new Date(`2026-11-${String(day).padStart(2, "0")}T07:00:00Z`);

describe("the performance report's files held, against the office's time limits", () => {
  let now = noonOn(2);
  let t: TestApp;
  let admin: Account;
  let head: Account;
  let secretary: Account;
  let deputy: Account;
  let officer: Account;

  /** A task given to `holder` today, as Create Task makes it (its first holding). */
  async function assign(holder: Account, subject: string): Promise<string> {
    const today = now.toISOString().slice(0, 10);
    return createTaskAs(t, admin.cookie, {
      subject,
      assignedTo: holder.id,
      assignDate: today,
      dueDate: "2026-12-31",
    });
  }

  async function post(by: Account, taskId: string, action: string, json: unknown = {}) {
    const res = await t.request(`/api/tasks/${taskId}/${action}`, {
      method: "POST",
      cookie: by.cookie,
      json,
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  async function report(cookie: string): Promise<PerformanceReport> {
    const res = await t.request("/api/reports/performance?range=7", { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json();
  }

  async function heldBy(person: Account) {
    const row = (await report(admin.cookie)).rows.find((one) => one.userId === person.id);
    return row && pick(row);
  }

  const pick = ({ holdings, avgDaysHeld, holdingsOverLimit }: PerformanceRow) => ({
    holdings,
    avgDaysHeld,
    holdingsOverLimit,
  });

  async function setLimits(markingLimits: MarkingLimits) {
    const current = await t.request("/api/office/settings", { cookie: admin.cookie });
    const res = await t.request("/api/office/settings", {
      method: "PUT",
      cookie: admin.cookie,
      json: {
        ...(await current.json()),
        markingLimits,
        version: await settingsVersion(t, admin.cookie),
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    admin = await t.signedInAs("admin");
    head = await t.signedInAs("organization_head");
    secretary = await t.signedInAs("user", { fullName: "Secretary HED" });
    deputy = await t.signedInAs("user", { fullName: "Deputy Secretary Admin" });
    officer = await t.signedInAs("user", { fullName: "Section Officer General" });
    await t.db.insert(holidays).values({ date: "2026-11-23", name: "A test holiday" });

    // Mon 2nd: the officer holds a case until Thu 5th (ended before the period, not counted),
    // then the Secretary holds it for signature: held still, 13 working days by the 25th.
    const signing = await assign(officer, "Notification of the revised fee");
    now = noonOn(5);
    await post(officer, signing, "mark", { to: secretary.id, purpose: "signature" });

    // Mon 16th: the officer holds another until Thu 19th (3 working days, ended in the
    // period), then the Deputy holds it for approval: Fri 20th, Tue 24th, Wed 25th.
    now = noonOn(16);
    const approving = await assign(officer, "Summary for the purchase of buses");
    now = noonOn(18);
    // Wed 18th to Fri 20th, completed then: held 2 working days, not to today.
    const completed = await assign(deputy, "Reply to the audit para");
    now = noonOn(19);
    await post(officer, approving, "mark", { to: deputy.id, purpose: "approval" });
    // Thu 19th: the Secretary holds one for a working day, then it is the Deputy's for comments
    // from Fri 20th: the weekend and Monday's holiday leave 2 working days by the 25th.
    const commenting = await assign(secretary, "Draft rules for hostel admissions");
    now = noonOn(20);
    await post(secretary, commenting, "mark", { to: deputy.id, purpose: "comments" });
    await post(admin, completed, "complete");
    // Fri 20th: the officer marks one to the Secretary for information and pulls it back on
    // Tue 24th, unopened: the Secretary's holding is not counted, the officer's two are.
    const pulled = await assign(officer, "Copy of the minutes");
    await post(officer, pulled, "mark", { to: secretary.id, purpose: "information" });
    now = noonOn(24);
    await post(officer, pulled, "pull-back", { reason: "Marked in error" });
    // The report's rows are the people with tasks assigned in the period: one given today (held
    // 0 days) keeps the Secretary, whose files have all moved on or began before, among them.
    now = noonOn(25);
    await assign(secretary, "Budget estimates");
  });
  afterAll(() => t.close());

  it("counts each person's holdings in the period and their working days held", async () => {
    // Signature 13 days, over its limit of 2; necessary action 1 and 0 days, which has none.
    expect(await heldBy(secretary)).toEqual({
      holdings: 3,
      avgDaysHeld: 4.7,
      holdingsOverLimit: 1,
    });
    // Approval 3 (at its limit of 3, not over it), comments 2 (of 5), the completed task 2.
    expect(await heldBy(deputy)).toEqual({
      holdings: 3,
      avgDaysHeld: 2.3,
      holdingsOverLimit: 0,
    });
    // Necessary action: 3 days, 0 (marked on the day it came) and 1 since it was pulled back.
    expect(await heldBy(officer)).toEqual({
      holdings: 3,
      avgDaysHeld: 1.3,
      holdingsOverLimit: 0,
    });
  });

  it("counts the holdings over the office's limits as they are set, at once", async () => {
    await setLimits({ information: 2, action: 2, comments: 1, approval: 2, signature: null });
    expect(await heldBy(secretary)).toMatchObject({ holdings: 3, holdingsOverLimit: 0 });
    // Approval 3 > 2 and comments 2 > 1; the completed task's 2 is at the action limit.
    expect(await heldBy(deputy)).toMatchObject({ holdings: 3, holdingsOverLimit: 2 });
    expect(await heldBy(officer)).toMatchObject({ holdings: 3, holdingsOverLimit: 1 });
    await setLimits(DEFAULT_OFFICE_SETTINGS.markingLimits);
    expect(await heldBy(deputy)).toMatchObject({ holdingsOverLimit: 0 });
  });

  it("leaves out holdings that ended before the period", async () => {
    const res = await t.request("/api/reports/performance?range=30", { cookie: admin.cookie });
    const month = (await res.json()) as PerformanceReport;
    // From 26 October the officer's first holding (2nd to 5th, 3 working days) counts too.
    expect(pick(month.rows.find((row) => row.userId === officer.id) as PerformanceRow)).toEqual({
      holdings: 4,
      avgDaysHeld: 1.8,
      holdingsOverLimit: 0,
    });
  });

  it("gives the same figures in the Excel export, in columns of their own", async () => {
    const res = await t.request("/api/exports/report?range=7", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const [sheet] = workbook.worksheets;
    const heading = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1);
    const columns = ["Files Held", "Avg. Working Days Held", "Held Over Limit"].map((name) =>
      heading.indexOf(name),
    );
    expect(columns.every((column) => column >= 0)).toBe(true);
    const rows: ExcelJS.CellValue[][] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) rows.push((row.values as ExcelJS.CellValue[]).slice(1));
    });
    const deputys = rows.find((row) => row[0] === "Deputy Secretary Admin");
    expect(columns.map((column) => deputys?.[column])).toEqual([3, 2.3, 0]);
  });

  it("is for administrators only", async () => {
    expect((await t.request("/api/reports/performance?range=7")).status).toBe(401);
    for (const person of [head, secretary, deputy]) {
      const res = await t.request("/api/reports/performance?range=7", { cookie: person.cookie });
      expect(res.status).toBe(403);
    }
    expect((await report(admin.cookie)).rows.length).toBeGreaterThan(0);
  });
});
