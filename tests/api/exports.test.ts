import { desc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engagementDecisions, engagements, tasks } from "../../src/server/db/schema";
import { EXPORT_PAGE_SIZE, XLSX_CONTENT_TYPE } from "../../src/server/exports/xlsx";
import { EXPORT_MAX_IDS } from "../../src/shared/exports";
import { said } from "../../src/shared/i18n/server-instance";
import { createTestApp, type TestApp } from "../helpers/app";

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

/** Wednesday 25 November 2026, 10:00 in Karachi: the office's today is 2026-11-25. */
const NOW = new Date("2026-11-25T05:00:00Z");
const TODAY = "2026-11-25";

/** A yyyy-MM-dd day as exceljs reads a date cell back: that midnight in UTC. */
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

async function sheetOf(res: Response): Promise<ExcelJS.Worksheet> {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe(XLSX_CONTENT_TYPE);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  const [sheet] = workbook.worksheets;
  return sheet;
}

/** Every row after the header, as plain values (the first cell is index 1). */
function bodyRows(sheet: ExcelJS.Worksheet): ExcelJS.CellValue[][] {
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return rows;
}

function headings(sheet: ExcelJS.Worksheet): ExcelJS.CellValue[] {
  return (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1);
}

describe("Excel exports", () => {
  let t: TestApp;
  let admin: Account;
  let head: Account;
  let amina: Account;
  let bilal: Account;
  const ids: Record<string, string> = {};

  async function task(
    key: string,
    fields: Partial<typeof tasks.$inferInsert> & { assignedTo: string },
  ) {
    const [row] = await t.db
      .insert(tasks)
      .values({
        subject: key,
        assignDate: "2026-11-01",
        dueDate: "2026-12-01",
        ...fields,
      })
      .returning();
    ids[key] = row.id;
  }

  const get = (path: string, who?: Account, language?: string) =>
    t.request(path, {
      cookie: who?.cookie,
      headers: language ? { "Accept-Language": language } : undefined,
    });

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    admin = await t.signedInAs("admin");
    head = await t.signedInAs("organization_head");
    amina = await t.signedInAs("user");
    bilal = await t.signedInAs("user");
    await task("Budget note", { assignedTo: amina.id, assignDate: "2026-11-02" });
    await task('=HYPERLINK("x")', { assignedTo: amina.id, remarks: "+call back" });
    await task("Audit reply", {
      assignedTo: amina.id,
      status: "completed",
      completionDate: "2026-11-20",
      dueDate: "2026-11-22",
    });
    await task("Late report", { assignedTo: bilal.id, dueDate: "2026-11-10" });
    await task("Bilal's plan", { assignedTo: bilal.id, dueDate: "2026-12-05" });
  });
  afterAll(() => t.close());

  describe("tasks", () => {
    it("writes a bold, frozen, filtered header and real dates and labels", async () => {
      const sheet = await sheetOf(await get("/api/exports/tasks", admin));
      expect(headings(sheet)).toEqual([
        "Subject",
        "Assigned User",
        "Task Type",
        "Assign Date",
        "Due Date",
        "Status",
        "Completion Date",
        "Remarks",
        "Description",
        "Diary No.",
      ]);
      expect(sheet.getRow(1).font?.bold).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
      expect(sheet.autoFilter).toBeTruthy();
      expect(sheet.getColumn(1).width).toBeGreaterThan(10);
      const rows = bodyRows(sheet);
      expect(rows).toHaveLength(5);
      const budget = rows.find((row) => row[0] === "Budget note");
      expect(budget?.[3]).toEqual(day("2026-11-02"));
      expect(budget?.[5]).toBe("In Progress");
      expect(sheet.getCell("D2").numFmt).toBe("yyyy-mm-dd");
      // The sweep ran first: the task past its due date is Over Due, as the list shows it.
      expect(rows.find((row) => row[0] === "Late report")?.[5]).toBe("Over Due");
    });

    it("neutralises text that a spreadsheet would run as a formula", async () => {
      const rows = bodyRows(await sheetOf(await get("/api/exports/tasks", admin)));
      const formula = rows.find((row) => String(row[0]).includes("HYPERLINK"));
      expect(formula?.[0]).toBe(`'=HYPERLINK("x")`);
      expect(formula?.[7]).toBe("'+call back");
    });

    it("honours the list's status, person and date filters", async () => {
      const completed = bodyRows(
        await sheetOf(await get("/api/exports/tasks?status=completed", admin)),
      );
      expect(completed.map((row) => row[0])).toEqual(["Audit reply"]);
      expect(completed[0][6]).toEqual(day("2026-11-20"));
      const bilals = bodyRows(
        await sheetOf(await get(`/api/exports/tasks?assignedUser=${bilal.id}`, admin)),
      );
      expect(bilals.map((row) => row[0]).sort()).toEqual(["Bilal's plan", "Late report"]);
      const dated = bodyRows(
        await sheetOf(await get("/api/exports/tasks?assignDate=2026-11-02", head)),
      );
      expect(dated.map((row) => row[0])).toEqual(["Budget note"]);
      const overdue = bodyRows(await sheetOf(await get("/api/exports/tasks?status=overdue", head)));
      expect(overdue.map((row) => row[0])).toEqual(["Late report"]);
    });

    it("reads every task of a list longer than a page once, in the list's order", async () => {
      const carol = await t.signedInAs("user");
      // Two inserts: each gives its rows one created_at, so the order falls to the ids.
      const batch = (from: number, count: number) =>
        t.db
          .insert(tasks)
          .values(
            Array.from({ length: count }, (_, i) => ({
              subject: `Paged ${from + i}`,
              assignedTo: carol.id,
              assignDate: "2026-11-01",
              dueDate: "2026-12-01",
            })),
          )
          .returning({ id: tasks.id, createdAt: tasks.createdAt });
      const first = await batch(0, EXPORT_PAGE_SIZE + 3);
      const second = await batch(EXPORT_PAGE_SIZE + 3, EXPORT_PAGE_SIZE);
      const listOrder = await t.db
        .select({ subject: tasks.subject })
        .from(tasks)
        .where(eq(tasks.assignedTo, carol.id))
        .orderBy(desc(tasks.createdAt), desc(tasks.id));
      const rows = bodyRows(
        await sheetOf(await get(`/api/exports/tasks?assignedUser=${carol.id}`, admin)),
      );
      expect(rows).toHaveLength(first.length + second.length);
      expect(rows.map((row) => row[0])).toEqual(listOrder.map((row) => row.subject));
    });

    it("narrows to the chosen ids, within the caller's scope", async () => {
      const chosen = [ids["Budget note"], ids["Late report"]].join(",");
      const byAdmin = bodyRows(await sheetOf(await get(`/api/exports/tasks?ids=${chosen}`, admin)));
      expect(byAdmin.map((row) => row[0]).sort()).toEqual(["Budget note", "Late report"]);
      const byAmina = bodyRows(await sheetOf(await get(`/api/exports/tasks?ids=${chosen}`, amina)));
      expect(byAmina.map((row) => row[0])).toEqual(["Budget note"]);
    });

    it("gives a user their own tasks only, whatever person they ask for", async () => {
      const rows = bodyRows(
        await sheetOf(await get(`/api/exports/tasks?assignedUser=${bilal.id}`, amina)),
      );
      expect(rows.map((row) => row[0]).sort()).toEqual([
        `'=HYPERLINK("x")`,
        "Audit reply",
        "Budget note",
      ]);
    });

    it("names the file after the list and the office's day", async () => {
      const res = await get("/api/exports/tasks", admin);
      expect(res.headers.get("content-disposition")).toBe(
        `attachment; filename="tasks-${TODAY}.xlsx"`,
      );
      await res.arrayBuffer();
    });

    it("writes the headings and labels in the reader's language", async () => {
      const urdu = await t.signedInAs("admin");
      const set = await t.request("/api/me/language", {
        method: "PUT",
        cookie: urdu.cookie,
        json: { language: "ur" },
      });
      expect(set.status).toBe(200);
      const sheet = await sheetOf(await get("/api/exports/tasks?status=completed", urdu));
      expect(headings(sheet)[0]).toBe(said("tasks:field.subject", "ur"));
      expect(bodyRows(sheet)[0][5]).toBe(said("tasks:status.completed", "ur"));
    });

    it("refuses a bad query with 400 and a message", async () => {
      for (const query of [
        "status=lost",
        "assignDate=yesterday",
        "ids=not-a-uuid",
        `ids=${Array.from({ length: EXPORT_MAX_IDS + 1 }, () => ids["Budget note"]).join(",")}`,
      ]) {
        const res = await get(`/api/exports/tasks?${query}`, admin);
        expect(res.status, query).toBe(400);
        expect((await res.json()).error.message).toBeTruthy();
      }
    });
  });

  describe("the other lists", () => {
    beforeAll(async () => {
      const [meeting] = await t.db
        .insert(engagements)
        .values({
          date: TODAY,
          time: "11:00",
          subject: "@Budget review",
          venue: "HED Committee Room",
          responsibility: "Secretary",
          status: "Scheduled",
          guests: ["Dr. Rana"],
        })
        .returning();
      await t.db.insert(engagements).values({
        date: "2026-10-01",
        time: "09:30",
        subject: "Old meeting",
        venue: "CS Office",
        responsibility: "Secretary",
        status: "Held",
      });
      await t.db.insert(engagementDecisions).values([
        {
          engagementId: meeting.id,
          description: "Send the figures",
          outcome: "action",
          ownerId: amina.id,
          dueDate: "2026-11-20",
        },
        {
          engagementId: meeting.id,
          description: "Noted the report",
          outcome: "noted",
        },
      ]);
    });

    it("exports the engagement chart's week, or everything, with its filters", async () => {
      const week = bodyRows(await sheetOf(await get("/api/exports/engagements", amina)));
      expect(week).toHaveLength(1);
      expect(week[0][0]).toEqual(day(TODAY));
      expect(week[0][1]).toBe("11:00");
      expect(week[0][2]).toBe("'@Budget review");
      expect(week[0][5]).toBe("Scheduled");
      expect(week[0][7]).toBe("Dr. Rana");
      const all = bodyRows(await sheetOf(await get("/api/exports/engagements?range=all", amina)));
      expect(all).toHaveLength(2);
      const held = bodyRows(
        await sheetOf(await get("/api/exports/engagements?range=all&status=Held", amina)),
      );
      expect(held.map((row) => row[2])).toEqual(["Old meeting"]);
    });

    it("exports Manage Users to admins, with its search and task counts as numbers", async () => {
      const sheet = await sheetOf(await get(`/api/exports/users?search=${amina.userId}`, admin));
      const rows = bodyRows(sheet);
      expect(rows).toHaveLength(1);
      expect(rows[0][1]).toBe(amina.userId);
      expect(rows[0][3]).toBe("User");
      // The day the account was made (by the auth library's own clock).
      expect(rows[0][4]).toBeInstanceOf(Date);
      expect(rows[0][5]).toBe(3);
    });

    it("exports the performance report with figures as numbers", async () => {
      const rows = bodyRows(await sheetOf(await get("/api/exports/report?range=30", admin)));
      const aminas = rows.find((row) => row[2] === 3);
      expect(aminas?.[3]).toBe(1);
      // A third completed: 33%, held as a fraction with a percent format.
      expect(aminas?.[6]).toBeCloseTo(0.33);
    });

    it("exports the decisions with their status on today, filtered", async () => {
      const rows = bodyRows(await sheetOf(await get("/api/exports/decisions", head)));
      expect(rows).toHaveLength(2);
      const [overdue] = rows;
      expect(overdue[2]).toBe("Send the figures");
      expect(overdue[6]).toEqual(day("2026-11-20"));
      expect(overdue[7]).toBe("Overdue");
      expect(overdue[8]).toBe(5);
      const noted = bodyRows(
        await sheetOf(await get("/api/exports/decisions?status=noted", admin)),
      );
      expect(noted.map((row) => row[2])).toEqual(["Noted the report"]);
    });

    it("exports the audit trail with times as dates", async () => {
      const form = new FormData();
      for (const [key, value] of Object.entries({
        subject: "Traced task",
        assignedTo: amina.id,
        assignDate: TODAY,
        dueDate: "2026-12-10",
        taskType: "Task",
      }))
        form.append(key, value);
      expect(
        (await t.request("/api/tasks", { method: "POST", cookie: admin.cookie, body: form }))
          .status,
      ).toBe(201);
      const rows = bodyRows(await sheetOf(await get("/api/exports/audit?entity=task", head)));
      expect(rows.length).toBeGreaterThan(0);
      expect(typeof rows[0][0]).toBe("number");
      // 10:00 in Karachi, as the office's clock reads it.
      expect(rows[0][1]).toEqual(new Date(`${TODAY}T10:00:00Z`));
      expect(rows[0][4]).toBe("Traced task");
      expect(rows[0][6]).toBe("Created");
      const none = bodyRows(
        await sheetOf(await get("/api/exports/audit?entity=task&from=2026-11-26", admin)),
      );
      expect(none).toHaveLength(0);
    });

    it("exports the pendency table, the department first, figures as numbers", async () => {
      const sheet = await sheetOf(await get("/api/exports/pendency", head));
      expect(headings(sheet)[0]).toBe("Person");
      const [department, ...people] = bodyRows(sheet);
      expect(department[0]).toBe("Department (everyone)");
      expect(typeof department[6]).toBe("number");
      expect(people.length).toBeGreaterThan(0);
    });

    it("checks roles as the lists do", async () => {
      const cases: [string, Account | undefined, number][] = [
        ["/api/exports/tasks", undefined, 401],
        ["/api/exports/engagements", undefined, 401],
        ["/api/exports/users", undefined, 401],
        ["/api/exports/users", amina, 403],
        ["/api/exports/users", head, 403],
        ["/api/exports/report", amina, 403],
        ["/api/exports/report", head, 403],
        ["/api/exports/decisions", amina, 403],
        ["/api/exports/audit", amina, 403],
        ["/api/exports/audit", undefined, 401],
        ["/api/exports/pendency", amina, 403],
      ];
      for (const [path, who, status] of cases) {
        const res = await get(path, who);
        expect(res.status, `${path} as ${who?.role ?? "anonymous"}`).toBe(status);
        await res.arrayBuffer();
      }
    });

    it("refuses bad queries with 400", async () => {
      for (const path of [
        "/api/exports/engagements?range=month",
        "/api/exports/report?range=12",
        "/api/exports/decisions?status=lost",
        "/api/exports/decisions?from=2026-11-10&to=2026-11-01",
        "/api/exports/audit?entity=planet",
        "/api/exports/pendency?sort=height",
      ]) {
        const res = await get(path, admin);
        expect(res.status, path).toBe(400);
        await res.arrayBuffer();
      }
    });
  });
});
