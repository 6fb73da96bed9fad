import { eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, receipts, taskExtensionRequests, tasks } from "../../src/server/db/schema";
import { runDigest } from "../../src/server/digest/service";
import { mailPayloadOf } from "../../src/server/jobs/kinds";
import type { PendencyDashboard, PendencyPerson } from "../../src/shared/pendency";
import type { PerformanceReport } from "../../src/shared/reports";
import type { TaskStatus } from "../../src/shared/tasks";
import { createTestApp, type TestApp } from "../helpers/app";
import { diariseAndMark } from "../helpers/factories";

// Figures counted from counters over every task, as a reader may read them: an organization
// head's leave restricted tasks (made from Confidential or Secret receipts) and Confidential
// receipts out, an administrator's count them.

// Wednesday 25 November 2026, noon in Karachi: this week began on Monday 23 November.
const NOON = new Date("2026-11-25T07:00:00Z");
const TODAY = "2026-11-25";

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

type Spec = {
  subject: string;
  assignedTo: string;
  assignDate: string;
  dueDate: string;
  restricted?: boolean;
  status?: TaskStatus;
  completionDate?: string;
};

async function insertTasks(t: TestApp, specs: Spec[]): Promise<Record<string, string>> {
  const rows = await t.db
    .insert(tasks)
    .values(
      specs.map((spec) => ({
        ...spec,
        status: spec.status ?? "in_progress",
        restricted: spec.restricted ?? false,
      })),
    )
    .returning({ id: tasks.id, subject: tasks.subject });
  return Object.fromEntries(rows.map((row) => [row.subject, row.id]));
}

describe("Pendency and the report as each reader may read them", () => {
  let t: TestApp;
  let admin: Account;
  let head: Account;
  let clerk: Account;
  let officer: Awaited<ReturnType<TestApp["makeUser"]>>;
  let keeper: Awaited<ReturnType<TestApp["makeUser"]>>;
  let ids: Record<string, string>;

  /** Diarise and Mark, as the R&I clerk does it: a receipt marked to the officer, with its task. */
  const diarisedAndMarked = (subject: string, classification: "normal" | "confidential") =>
    diariseAndMark(t, clerk.cookie, {
      receivedOn: TODAY,
      subject,
      classification,
      officerId: officer.id,
    });

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOON });
    admin = await t.signedInAs("admin");
    head = await t.signedInAs("organization_head");
    clerk = await t.signedInClerk();
    officer = await t.makeUser({ fullName: "Section Officer Acad" });
    // An administrator who holds only a restricted task.
    keeper = await t.makeUser({ role: "admin", fullName: "Zahid Confidential" });

    await diarisedAndMarked("Affiliation of new colleges", "normal");
    await diarisedAndMarked("Inquiry against a principal", "confidential");
    ids = await insertTasks(t, [
      // Eight to fifteen working days late (Thursday 12 November), seen by all.
      {
        subject: "late budget note",
        assignedTo: officer.id,
        assignDate: "2026-11-02",
        dueDate: "2026-11-12",
      },
      // Over thirty working days late, restricted.
      {
        subject: "restricted and long late",
        assignedTo: officer.id,
        assignDate: "2026-09-01",
        dueDate: "2026-10-01",
        restricted: true,
      },
      // Completed this week, restricted.
      {
        subject: "restricted and done",
        assignedTo: officer.id,
        assignDate: "2026-11-02",
        dueDate: "2026-11-20",
        restricted: true,
        status: "completed",
        completionDate: "2026-11-24",
      },
      // Waiting on an extension, restricted.
      {
        subject: "restricted and waiting",
        assignedTo: officer.id,
        assignDate: "2026-11-10",
        dueDate: "2026-11-27",
        restricted: true,
      },
      {
        subject: "the keeper's only task",
        assignedTo: keeper.id,
        assignDate: "2026-11-20",
        dueDate: "2026-12-04",
        restricted: true,
      },
    ]);
    await t.db.insert(taskExtensionRequests).values({
      taskId: ids["restricted and waiting"],
      requestedBy: officer.id,
      previousDueDate: "2026-11-27",
      requestedDueDate: "2026-12-11",
      reason: "Waiting for the inquiry report",
    });
  });
  afterAll(() => t.close());

  async function dashboard(cookie: string): Promise<PendencyDashboard> {
    const res = await t.request("/api/pendency?sort=name&dir=asc", { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as PendencyDashboard;
  }
  const personIn = (board: PendencyDashboard, id: string): PendencyPerson | undefined =>
    board.people.find((person) => person.userId === id);
  const figuresOf = (person: PendencyPerson | undefined) => {
    if (!person) throw new Error("no row");
    // The counts alone: who they are, the oldest task and the days held are tested apart.
    const {
      userId: _userId,
      name: _name,
      designation: _designation,
      designationUr: _designationUr,
      oldest: _oldest,
      averageDaysHeld: _averageDaysHeld,
      ...figures
    } = person;
    return figures;
  };

  it("counts the restricted tasks and the Confidential receipt in an administrator's figures", async () => {
    const board = await dashboard(admin.cookie);
    expect(figuresOf(personIn(board, officer.id))).toEqual({
      // The two marked receipts' tasks and the one waiting on its extension.
      notDue: 3,
      "1-7": 0,
      "8-15": 1,
      "16-30": 0,
      over30: 1,
      open: 5,
      completedThisWeek: 1,
      pendingExtensions: 1,
      pendingDecisions: 0,
      receiptsAwaitingAction: 2,
    });
    expect(personIn(board, keeper.id)?.open).toBe(1);
    expect(board.department.open).toBe(6);
    expect(board.department.receiptsAwaitingAction).toBe(2);
  });

  it("leaves them out of an organization head's, the department's sums and its Excel alike", async () => {
    const board = await dashboard(head.cookie);
    expect(figuresOf(personIn(board, officer.id))).toEqual({
      notDue: 1,
      "1-7": 0,
      "8-15": 1,
      "16-30": 0,
      over30: 0,
      open: 2,
      completedThisWeek: 0,
      pendingExtensions: 0,
      pendingDecisions: 0,
      receiptsAwaitingAction: 1,
    });
    // An administrator holding nothing else the head may read is not listed at all.
    expect(personIn(board, keeper.id)).toBeUndefined();
    expect(board.department.open).toBe(2);
    expect(board.department.receiptsAwaitingAction).toBe(1);
    // The oldest open task the head sees is one they may read.
    expect(personIn(board, officer.id)?.oldest?.subject).toBe("late budget note");

    const res = await t.request("/api/exports/pendency?sort=name&dir=asc", {
      cookie: head.cookie,
    });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const [sheet] = workbook.worksheets;
    const cells = (row: number) => (sheet.getRow(row).values as ExcelJS.CellValue[]).slice(1);
    const header = cells(1);
    const lines: ExcelJS.CellValue[][] = [];
    sheet.eachRow((_row, number) => {
      if (number > 1) lines.push(cells(number));
    });
    const column = (name: string) => header.indexOf(name);
    const officerLine = lines.find((line) => line[0] === "Section Officer Acad");
    expect(officerLine?.[column("Open")]).toBe(2);
    expect(officerLine?.[column("Receipts awaiting action")]).toBe(1);
    expect(lines.map((line) => line[0])).not.toContain("Zahid Confidential");
  });

  it("counts a receipt as awaiting action until its task is completed", async () => {
    const [normal] = await t.db
      .select()
      .from(receipts)
      .where(eq(receipts.subject, "Affiliation of new colleges"));
    await t.db
      .update(tasks)
      .set({ status: "completed", completionDate: TODAY })
      .where(eq(tasks.id, normal.taskId ?? ""));
    expect(personIn(await dashboard(admin.cookie), officer.id)?.receiptsAwaitingAction).toBe(1);
    expect(personIn(await dashboard(head.cookie), officer.id)?.receiptsAwaitingAction).toBe(0);
    await t.db
      .update(tasks)
      .set({ status: "in_progress", completionDate: null })
      .where(eq(tasks.id, normal.taskId ?? ""));
  });

  it("counts restricted tasks in the performance report, which only administrators read", async () => {
    const res = await t.request("/api/reports/performance?range=30", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const report = (await res.json()) as PerformanceReport;
    // Assigned from 26 October: the two receipts' tasks, the late note, the done and the
    // waiting one (the long-late one was assigned in September).
    const row = report.rows.find((one) => one.userId === officer.id);
    expect(row).toMatchObject({ totalTasks: 5, completedTasks: 1 });
    expect(report.rows.find((one) => one.userId === keeper.id)?.totalTasks).toBe(1);
    for (const path of ["/api/reports/performance?range=30", "/api/exports/report?range=30"])
      expect((await t.request(path, { cookie: head.cookie })).status).toBe(403);
  });

  it("shows a head exactly what an administrator sees once the restricted tasks are gone", async () => {
    const seenByHead = await dashboard(head.cookie);
    const restricted = await t.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(eq(tasks.restricted, true));
    expect(restricted).toHaveLength(5);
    await t.db.delete(tasks).where(
      inArray(
        tasks.id,
        restricted.map((row) => row.id),
      ),
    );
    expect(await dashboard(admin.cookie)).toEqual(seenByHead);
  });
});

describe("the digest's department summary as each reader may read it", () => {
  // Wednesday 25 November 2026 at 08:00 in Karachi; the last working day was Tuesday the 24th.
  const EIGHT = new Date("2026-11-25T03:00:00Z");
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => EIGHT, runJobs: false });
    const admin = await t.makeUser({ role: "admin", email: "admin@hed.example" });
    await t.makeUser({ role: "organization_head", email: "head@hed.example" });
    const officer = await t.makeUser({ fullName: "Section Officer Acad" });
    const mine = { assignedTo: officer.id, assignDate: "2026-11-02" };
    await insertTasks(t, [
      // Newly overdue (due yesterday): one of each.
      { ...mine, subject: "open note", dueDate: "2026-11-24" },
      { ...mine, subject: "confidential note", dueDate: "2026-11-24", restricted: true },
      // Super overdue: the restricted one only.
      {
        ...mine,
        subject: "confidential inquiry",
        dueDate: "2026-10-01",
        status: "super_delayed",
        restricted: true,
      },
      // Completed since yesterday: two of each kind.
      ...["a", "b"].flatMap((n) => [
        {
          ...mine,
          subject: `done ${n}`,
          dueDate: "2026-11-30",
          status: "completed" as const,
          completionDate: "2026-11-24",
        },
        {
          ...mine,
          subject: `confidential done ${n}`,
          dueDate: "2026-11-30",
          status: "completed" as const,
          completionDate: "2026-11-24",
          restricted: true,
        },
      ]),
    ]);
    expect(admin.email).toBe("admin@hed.example");
  });
  afterAll(() => t.close());

  it("counts restricted tasks for an administrator and leaves them out for a head", async () => {
    const run = await runDigest(t.db, {
      appUrl: "http://localhost:3000",
      today: TODAY,
      now: EIGHT,
    });
    expect(run?.mails).toBe(2);
    const mails = (await t.db.select().from(jobs)).map(mailPayloadOf);
    const textTo = (to: string) => mails.find((mail) => mail.to === to)?.text ?? "";
    const admin = textTo("admin@hed.example");
    expect(admin).toContain("Newly overdue: 2");
    expect(admin).toContain("Super overdue: 1");
    expect(admin).toContain("Completed since Nov 24, 2026: 4");
    const head = textTo("head@hed.example");
    expect(head).toContain("Newly overdue: 1");
    expect(head).toContain("Super overdue: 0");
    expect(head).toContain("Completed since Nov 24, 2026: 2");
    // Neither names a restricted task.
    for (const text of [admin, head]) expect(text).not.toContain("confidential");
  });
});
