import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holidays, tasks } from "../../src/server/db/schema";
import type { PendencyDashboard, PendencyPerson } from "../../src/shared/pendency";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTaskAs } from "../helpers/factories";

// Issue 36: Pendency's average working days each person's open items have been held, since the
// holding began (tasks.held_since), as each reader may read them. Karachi is UTC+5; the office
// is off on Saturdays and Sundays, and Monday 16 November 2026 is a holiday.
//
// Read on Wednesday 25 November:
// - Amina holds "assigned on the 12th" since Thursday 12 November: 13, 17, 18, 19, 20, 23, 24,
//   25 are the working days after it (14-15 off, 16 the holiday): 8; "marked for information"
//   since Friday 20 November: 23, 24, 25: 3; "marked today": 0. (8 + 3 + 0) / 3 = 3.7.
// - Bilal holds "after midnight", held since 00:30 on the 25th in Karachi (the 24th in UTC): 0;
//   and "restricted", held since Monday 23 November: 24, 25: 2. An admin reads (0 + 2) / 2 = 1,
//   a head (who may not read it) 0 over the one item.
// - The department: an admin's (8 + 3 + 0 + 0 + 2) / 5 = 2.6, a head's (8 + 3 + 0 + 0) / 4 = 2.8
//   (not averages of the averages: 2.3 and 1.8).
const at = (instant: string) => new Date(instant);
const THURSDAY_12TH = at("2026-11-12T07:00:00Z");
const WEDNESDAY_18TH = at("2026-11-18T07:00:00Z");
const FRIDAY_20TH = at("2026-11-20T07:00:00Z");
const AFTER_MIDNIGHT_25TH = at("2026-11-24T19:30:00Z");
const WEDNESDAY_25TH = at("2026-11-25T07:00:00Z");

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

describe("Pendency's average days held", () => {
  let now = THURSDAY_12TH;
  let t: TestApp;
  let admin: Account;
  let head: Account;
  let user: Account;
  let amina: Account;
  let bilal: Account;
  const ids: Record<string, string> = {};

  async function createTask(subject: string, assignedTo: string) {
    ids[subject] = await createTaskAs(t, admin.cookie, {
      subject,
      assignedTo,
      assignDate: "2026-11-12",
      dueDate: "2026-12-31",
    });
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    admin = await t.signedInAs("admin");
    head = await t.signedInAs("organization_head");
    user = await t.signedInAs("user", { fullName: "Holds Nothing" });
    amina = await t.signedInAs("user", { fullName: "Amina Qureshi" });
    bilal = await t.signedInAs("user", { fullName: "Bilal Ahmed" });
    await t.db.insert(holidays).values({ date: "2026-11-16", name: "A test holiday" });

    await createTask("assigned on the 12th", amina.id);
    now = WEDNESDAY_18TH;
    await createTask("marked for information", bilal.id);
    now = FRIDAY_20TH;
    const res = await t.request(`/api/tasks/${ids["marked for information"]}/mark`, {
      method: "POST",
      cookie: bilal.cookie,
      json: { to: amina.id, purpose: "information", remark: "For your information" },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    now = AFTER_MIDNIGHT_25TH;
    await createTask("after midnight", bilal.id);
    now = WEDNESDAY_25TH;
    await createTask("marked today", amina.id);
    // A restricted task (made from a Confidential receipt), held since Monday the 23rd.
    await createTask("restricted", bilal.id);
    await t.db
      .update(tasks)
      .set({ restricted: true, heldSince: at("2026-11-23T07:00:00Z") })
      .where(eq(tasks.id, ids.restricted));
    // A completed task is held by nobody.
    await createTask("completed", amina.id);
    await t.db
      .update(tasks)
      .set({ status: "completed", completionDate: "2026-11-25", heldSince: THURSDAY_12TH })
      .where(eq(tasks.id, ids.completed));
  }, 120_000);
  afterAll(() => t.close());

  async function dashboard(cookie: string, query = ""): Promise<PendencyDashboard> {
    const res = await t.request(`/api/pendency${query}`, { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as PendencyDashboard;
  }
  const personIn = (board: PendencyDashboard, id: string): PendencyPerson => {
    const found = board.people.find((person) => person.userId === id);
    if (!found) throw new Error(`no row for ${id}`);
    return found;
  };

  it("averages the working days each item has been held, weekends and holidays left out", async () => {
    const board = await dashboard(admin.cookie);
    expect(personIn(board, amina.id).averageDaysHeld).toBe(3.7);
    // The item marked for information is held (and open) like any other.
    expect(personIn(board, amina.id).open).toBe(3);
    expect(personIn(board, user.id).averageDaysHeld).toBeNull();
  });

  it("counts from the office's day the holding began, not the UTC one", async () => {
    const board = await dashboard(head.cookie);
    expect(personIn(board, bilal.id).averageDaysHeld).toBe(0);
  });

  it("gives the department the average over all open items, not over the people", async () => {
    expect((await dashboard(admin.cookie)).department.averageDaysHeld).toBe(2.6);
    expect((await dashboard(head.cookie)).department.averageDaysHeld).toBe(2.8);
  });

  it("leaves a restricted task out of a head's averages and keeps it in an admin's", async () => {
    expect(personIn(await dashboard(admin.cookie), bilal.id).averageDaysHeld).toBe(1);
    expect(personIn(await dashboard(head.cookie), bilal.id).averageDaysHeld).toBe(0);
  });

  it("sorts by the average, nothing held last when highest first", async () => {
    const board = await dashboard(admin.cookie, "?sort=averageDaysHeld&dir=desc");
    expect(board.people.map((person) => person.userId).slice(0, 2)).toEqual([amina.id, bilal.id]);
    expect(board.people.at(-1)?.averageDaysHeld).toBeNull();
    const ascending = await dashboard(admin.cookie, "?sort=averageDaysHeld&dir=asc");
    expect(ascending.people.at(-1)?.userId).toBe(amina.id);
  });

  it("exports the column, in the head's figures", async () => {
    const res = await t.request("/api/exports/pendency", { cookie: head.cookie });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const [sheet] = workbook.worksheets;
    const cells = (row: number) => (sheet.getRow(row).values as ExcelJS.CellValue[]).slice(1);
    const column = cells(1).indexOf("Average days held");
    expect(column).toBeGreaterThan(0);
    const lines: ExcelJS.CellValue[][] = [];
    sheet.eachRow((_row, number) => {
      if (number > 1) lines.push(cells(number));
    });
    expect(lines[0][column]).toBe(2.8);
    expect(lines.find((line) => line[0] === "Amina Qureshi")?.[column]).toBe(3.7);
    expect(lines.find((line) => line[0] === "Bilal Ahmed")?.[column]).toBe(0);
  });

  it("is for admins and organization heads only", async () => {
    expect((await t.request("/api/pendency")).status).toBe(401);
    expect((await t.request("/api/pendency", { cookie: user.cookie })).status).toBe(403);
    expect((await t.request("/api/pendency", { cookie: head.cookie })).status).toBe(200);
    expect((await t.request("/api/pendency", { cookie: admin.cookie })).status).toBe(200);
  });

  it("counts an item held for over two years", async () => {
    // Tuesday 26 November 2024 to Wednesday 25 November 2026: 104 weeks of five working days
    // and two more, less the holiday.
    await t.db
      .update(tasks)
      .set({ heldSince: at("2024-11-25T07:00:00Z") })
      .where(eq(tasks.id, ids["after midnight"]));
    expect(personIn(await dashboard(head.cookie), bilal.id).averageDaysHeld).toBe(521);
  });
});
