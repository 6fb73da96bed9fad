import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  user as accounts,
  engagementDecisions,
  engagements,
  holidays,
  taskExtensionRequests,
  tasks,
} from "../../src/server/db/schema";
import type { DecisionPage } from "../../src/shared/decisions";
import {
  AGE_BUCKETS,
  type AgeBucket,
  type PendencyDashboard,
  type PendencyPerson,
} from "../../src/shared/pendency";
import type { TaskPage, TaskStats, TaskStatus } from "../../src/shared/tasks";
import { createTestApp, type TestApp } from "../helpers/app";

// Wednesday 25 November 2026, noon in Karachi (UTC+5). The office is off on Saturdays and
// Sundays, and Monday 16 November is a holiday. Counting back from today, the working days are
// 1: 25, 2: 24, 3: 23 (21-22 off), 4: 20, 5: 19, 6: 18, 7: 17 (16 holiday, 14-15 off), 8: 13,
// 9: 12, ..., 15: 4, 16: 3, 17: 2, ..., 30: Oct 14, 31: Oct 13, 32: Oct 12. A task due on the
// k-th working day back is k - 1 working days past due.
const WEDNESDAY_NOON = new Date("2026-11-25T07:00:00Z");
// Sunday 29 November: a task due the day before is past due by no working day at all.
const SUNDAY_NOON = new Date("2026-11-29T07:00:00Z");
const HOLIDAY = "2026-11-16";

type Spec = {
  subject: string;
  dueDate: string;
  assignDate?: string;
  status?: TaskStatus;
  completionDate?: string;
};

describe("the pendency dashboard", () => {
  let now = WEDNESDAY_NOON;
  let t: TestApp;
  let head: string;
  let admin: string;
  let user: string;
  const people: Record<"a" | "b" | "c" | "busyAdmin" | "idleAdmin" | "pending", string> = {
    a: "",
    b: "",
    c: "",
    busyAdmin: "",
    idleAdmin: "",
    pending: "",
  };
  const ids: Record<string, string> = {};

  async function insert(assignedTo: string, specs: Spec[]) {
    const rows = await t.db
      .insert(tasks)
      .values(
        specs.map((spec) => ({
          subject: spec.subject,
          assignedTo,
          assignDate: spec.assignDate ?? "2026-09-01",
          dueDate: spec.dueDate,
          status: spec.status ?? "in_progress",
          completionDate: spec.completionDate ?? null,
        })),
      )
      .returning({ id: tasks.id, subject: tasks.subject });
    for (const row of rows) ids[row.subject] = row.id;
  }

  // Eight accounts, each a password hash: slow on a busy machine, hence the longer timeout.
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    head = (await t.signedInAs("organization_head")).cookie;
    const adminAccount = await t.signedInAs("admin");
    admin = adminAccount.cookie;
    people.idleAdmin = adminAccount.id;
    user = (await t.signedInAs("user")).cookie;
    people.a = (await t.makeUser({ fullName: "Amina Qureshi" })).id;
    people.b = (await t.makeUser({ fullName: "Bilal Ahmed" })).id;
    people.c = (await t.makeUser({ fullName: "Chand Bibi" })).id;
    people.busyAdmin = (await t.makeUser({ role: "admin", fullName: "Dawood Admin" })).id;
    people.pending = (await t.makeUser({ fullName: "Pending Person" })).id;
    await t.db
      .update(accounts)
      .set({ pendingApproval: true })
      .where(eq(accounts.id, people.pending));
    await t.db.insert(holidays).values({ date: HOLIDAY, name: "A test holiday" });

    await insert(people.a, [
      { subject: "due today", dueDate: "2026-11-25" },
      { subject: "due on the holiday", dueDate: HOLIDAY },
      { subject: "seven", dueDate: "2026-11-13" },
      { subject: "due on a saturday", dueDate: "2026-11-21" },
      { subject: "eight", dueDate: "2026-11-12" },
      { subject: "fifteen", dueDate: "2026-11-03" },
      { subject: "sixteen", dueDate: "2026-11-02" },
      { subject: "thirty", dueDate: "2026-10-13" },
      { subject: "thirty-one", dueDate: "2026-10-12" },
      {
        subject: "completed this week",
        dueDate: "2026-11-20",
        status: "completed",
        completionDate: "2026-11-23",
      },
      {
        subject: "completed last week",
        dueDate: "2026-11-19",
        status: "completed",
        completionDate: "2026-11-20",
      },
    ]);
    await insert(people.b, [
      { subject: "asks for more time", dueDate: "2026-11-24", assignDate: "2026-11-17" },
      { subject: "a meeting's action", dueDate: "2026-12-10", assignDate: "2026-11-18" },
      { subject: "a late meeting action", dueDate: "2026-11-23", assignDate: "2026-11-23" },
    ]);
    await insert(people.busyAdmin, [
      { subject: "the admin's own", dueDate: "2026-12-01", assignDate: "2026-11-23" },
    ]);

    await t.db.insert(taskExtensionRequests).values({
      taskId: ids["asks for more time"],
      requestedBy: people.b,
      previousDueDate: "2026-11-24",
      requestedDueDate: "2026-12-04",
      reason: "Waiting for the finance department",
    });
    const [meeting] = await t.db
      .insert(engagements)
      .values({
        date: "2026-11-18",
        time: "10:00",
        subject: "Weekly review",
        venue: "HED Committee Room",
        responsibility: "Secretary",
        status: "Held",
      })
      .returning({ id: engagements.id });
    await t.db.insert(engagementDecisions).values([
      // Pending: its task is open and not yet due.
      {
        engagementId: meeting.id,
        description: "Draft the circular",
        outcome: "action",
        ownerId: people.b,
        dueDate: "2026-12-10",
        taskId: ids["a meeting's action"],
      },
      // Overdue on the Decisions page, so not pending.
      {
        engagementId: meeting.id,
        description: "Send the minutes",
        outcome: "action",
        ownerId: people.b,
        dueDate: "2026-11-23",
        taskId: ids["a late meeting action"],
      },
      { engagementId: meeting.id, description: "Noted", outcome: "noted", ownerId: people.b },
    ]);
  }, 120_000);
  afterAll(() => t.close());

  async function dashboard(query = "", cookie = head): Promise<PendencyDashboard> {
    const res = await t.request(`/api/pendency${query}`, { cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as PendencyDashboard;
  }

  const personIn = (board: PendencyDashboard, id: string): PendencyPerson => {
    const found = board.people.find((person) => person.userId === id);
    if (!found) throw new Error(`no row for ${id}`);
    return found;
  };

  it("puts each open task in its bucket by working days past due", async () => {
    const board = await dashboard();
    expect(board.today).toBe("2026-11-25");
    expect(board.weekStart).toBe("2026-11-23");
    const a = personIn(board, people.a);
    expect(a.name).toBe("Amina Qureshi");
    // due today | holiday (7), Fri 13 (7), Sat 21 (3) | Thu 12 (8), Tue 3 (15) |
    // Mon 2 (16), Oct 13 (30) | Oct 12 (31)
    expect({
      notDue: a.notDue,
      "1-7": a["1-7"],
      "8-15": a["8-15"],
      "16-30": a["16-30"],
      over30: a.over30,
    }).toEqual({ notDue: 1, "1-7": 3, "8-15": 2, "16-30": 2, over30: 1 });
    expect(a.open).toBe(9);
    expect(a.completedThisWeek).toBe(1);
    expect(a.pendingExtensions).toBe(0);
    expect(a.pendingDecisions).toBe(0);
    expect(a.oldest).toEqual({
      id: ids["thirty-one"],
      subject: "thirty-one",
      dueDate: "2026-10-12",
      daysPastDue: 31,
    });
  });

  it("counts pending extension requests and pending meeting decisions", async () => {
    const b = personIn(await dashboard(), people.b);
    expect(b.notDue).toBe(1);
    expect(b["1-7"]).toBe(2);
    expect(b.open).toBe(3);
    expect(b.pendingExtensions).toBe(1);
    // The overdue decision and the noted one are not pending.
    expect(b.pendingDecisions).toBe(1);
    expect(b.oldest?.subject).toBe("a late meeting action");
    expect(b.oldest?.daysPastDue).toBe(2);
  });

  it("lists every user, admins only with work, and no one awaiting approval", async () => {
    const board = await dashboard();
    const c = personIn(board, people.c);
    expect(c.open).toBe(0);
    expect(c.oldest).toBeNull();
    expect(personIn(board, people.busyAdmin).notDue).toBe(1);
    const listed = board.people.map((person) => person.userId);
    expect(listed).not.toContain(people.idleAdmin);
    expect(listed).not.toContain(people.pending);
  });

  it("tops the table with the department's sums", async () => {
    const board = await dashboard();
    for (const figure of [
      ...AGE_BUCKETS,
      "open",
      "completedThisWeek",
      "pendingExtensions",
      "pendingDecisions",
    ] as const) {
      const sum = board.people.reduce((total, person) => total + person[figure], 0);
      expect(board.department[figure], figure).toBe(sum);
    }
    expect(board.department.open).toBe(13);
    expect(board.department.oldest?.subject).toBe("thirty-one");
  });

  it("sorts the people by the figure asked for, names breaking ties", async () => {
    const byOver30 = await dashboard("?sort=over30&dir=desc");
    expect(byOver30.people[0].userId).toBe(people.a);
    const byName = await dashboard("?sort=name&dir=asc");
    expect(byName.people.map((person) => person.name)).toEqual(
      [...byName.people.map((person) => person.name)].sort((x, y) => x.localeCompare(y)),
    );
    const byOldest = await dashboard("?sort=oldest&dir=desc");
    expect(byOldest.people.slice(0, 2).map((person) => person.userId)).toEqual([
      people.a,
      people.b,
    ]);
    const res = await t.request("/api/pendency?sort=salary", { cookie: head });
    expect(res.status).toBe(400);
  });

  it("draws the weekly trend: opened, completed and overdue at each week's end", async () => {
    const { trend } = await dashboard();
    expect(trend).toHaveLength(12);
    expect(trend[0].weekStart).toBe("2026-09-07");
    // 16-22 November: B's two tasks assigned; "completed last week" completed; at Sunday's end
    // A's eight tasks due before the 22nd and "completed this week" (still open then).
    expect(trend[10]).toEqual({ weekStart: "2026-11-16", opened: 2, completed: 1, overdue: 9 });
    // This week, reckoned today: the admin's task and B's late action assigned; A's eight past
    // due and B's two: the department's past-due buckets.
    expect(trend[11]).toEqual({ weekStart: "2026-11-23", opened: 2, completed: 1, overdue: 10 });
  });

  async function taskList(query: string) {
    const res = await t.request(`/api/tasks?${query}`, { cookie: head });
    expect(res.status).toBe(200);
    const page = (await res.json()) as TaskPage;
    const statsRes = await t.request(`/api/tasks/stats?${query}`, { cookie: head });
    expect(statsRes.status).toBe(200);
    return { page, stats: (await statsRes.json()) as TaskStats };
  }

  it("drills into exactly a bucket's tasks, the stat cards agreeing", async () => {
    const board = await dashboard();
    const expected: Record<AgeBucket, string[]> = {
      notDue: ["due today"],
      "1-7": ["due on the holiday", "seven", "due on a saturday"],
      "8-15": ["eight", "fifteen"],
      "16-30": ["sixteen", "thirty"],
      over30: ["thirty-one"],
    };
    for (const bucket of AGE_BUCKETS) {
      const { page, stats } = await taskList(`assignedUser=${people.a}&age=${bucket}`);
      expect(page.tasks.map((task) => task.subject).sort(), bucket).toEqual(
        [...expected[bucket]].sort(),
      );
      expect(page.total).toBe(personIn(board, people.a)[bucket]);
      expect(stats.total).toBe(page.total);
    }
    const department = await taskList("age=1-7");
    expect(department.page.total).toBe(board.department["1-7"]);
    expect(department.stats.overdue).toBe(board.department["1-7"]);

    // "Open" is every bucket: the list's All Open status.
    const open = await taskList(`assignedUser=${people.a}&status=open`);
    expect(open.page.total).toBe(personIn(board, people.a).open);
    expect(open.page.tasks.every((task) => task.status !== "completed")).toBe(true);
  });

  it("drills into the week's completed tasks and the pending extensions and decisions", async () => {
    const board = await dashboard();
    const done = await taskList(
      `assignedUser=${people.a}&status=completed&completedFrom=${board.weekStart}`,
    );
    expect(done.page.tasks.map((task) => task.subject)).toEqual(["completed this week"]);
    expect(done.stats.total).toBe(1);
    const extensions = await taskList(`assignedUser=${people.b}&extension=pending`);
    expect(extensions.page.total).toBe(personIn(board, people.b).pendingExtensions);
    const res = await t.request(`/api/decisions?owner=${people.b}&status=pending`, {
      cookie: head,
    });
    expect(((await res.json()) as DecisionPage).total).toBe(
      personIn(board, people.b).pendingDecisions,
    );
  });

  it("refuses an unknown age bucket on the task list", async () => {
    const res = await t.request("/api/tasks?age=ancient", { cookie: head });
    expect(res.status).toBe(400);
  });

  it("is for admins and organization heads only", async () => {
    expect((await t.request("/api/pendency", { cookie: admin })).status).toBe(200);
    expect((await t.request("/api/pendency", { cookie: user })).status).toBe(403);
    expect((await t.request("/api/pendency")).status).toBe(401);
  });

  it("keeps each figure to the tasks and decisions as they change", async () => {
    // Open totals come from the counters the triggers keep: insert, update (a completion, a
    // task handed over) and delete each move them.
    const dina = (await t.makeUser({ fullName: "Dina Farooq" })).id;
    await insert(dina, [
      { subject: "dina's oldest", dueDate: "2026-09-01" },
      { subject: "dina's finished", dueDate: "2026-08-15" },
      { subject: "dina's deleted", dueDate: "2026-09-02" },
      { subject: "dina's eight", dueDate: "2026-11-12" },
      { subject: "dina's not due", dueDate: "2026-12-02" },
      { subject: "dina's done", dueDate: "2026-12-03" },
    ]);
    await insert(people.pending, [{ subject: "handed to dina", dueDate: "2026-11-20" }]);
    await t.db
      .update(tasks)
      .set({ status: "completed", completionDate: "2026-11-24" })
      .where(eq(tasks.id, ids["dina's finished"]));
    await t.db.update(tasks).set({ assignedTo: dina }).where(eq(tasks.id, ids["handed to dina"]));
    await t.db.delete(tasks).where(eq(tasks.id, ids["dina's deleted"]));

    const [meeting] = await t.db
      .insert(engagements)
      .values({
        date: "2026-11-20",
        time: "11:00",
        subject: "Follow-up review",
        venue: "HED Committee Room",
        responsibility: "Secretary",
        status: "Held",
      })
      .returning({ id: engagements.id });
    const action = { engagementId: meeting.id, outcome: "action" as const, ownerId: dina };
    await t.db.insert(engagementDecisions).values([
      // Pending: no task, and due later or never.
      { ...action, description: "No task, due later", dueDate: "2026-12-01" },
      { ...action, description: "No task, no date" },
      // Overdue: no task, due before today.
      { ...action, description: "No task, late", dueDate: "2026-11-01" },
      // Pending: the task is in progress and not yet due.
      { ...action, description: "With a task", taskId: ids["dina's not due"] },
      // Done once its task is completed.
      { ...action, description: "Its task done", taskId: ids["dina's done"] },
      // Overdue: its task is still in progress (no sweep since) but past due.
      { ...action, description: "Its task late", taskId: ids["dina's eight"] },
    ]);
    await t.db
      .update(tasks)
      .set({ status: "completed", completionDate: "2026-11-25" })
      .where(eq(tasks.id, ids["dina's done"]));

    const board = await dashboard();
    const d = personIn(board, dina);
    expect({
      notDue: d.notDue,
      "1-7": d["1-7"],
      "8-15": d["8-15"],
      "16-30": d["16-30"],
      over30: d.over30,
      open: d.open,
      completedThisWeek: d.completedThisWeek,
      pendingDecisions: d.pendingDecisions,
    }).toEqual({
      notDue: 1,
      "1-7": 1,
      "8-15": 1,
      "16-30": 0,
      over30: 1,
      open: 4,
      completedThisWeek: 2,
      pendingDecisions: 3,
    });
    expect(d.oldest?.subject).toBe("dina's oldest");
    expect(board.people.map((person) => person.userId)).not.toContain(people.pending);
    for (const bucket of AGE_BUCKETS) {
      const { page } = await taskList(`assignedUser=${dina}&age=${bucket}`);
      expect(page.total, bucket).toBe(d[bucket]);
    }
    const res = await t.request(`/api/decisions?owner=${dina}&status=pending`, { cookie: head });
    expect(((await res.json()) as DecisionPage).total).toBe(d.pendingDecisions);
  });

  it("counts a task past due by no working day (due Saturday, read Sunday) in 1-7", async () => {
    await insert(people.c, [{ subject: "due on saturday the 28th", dueDate: "2026-11-28" }]);
    now = SUNDAY_NOON;
    const c = personIn(await dashboard(), people.c);
    expect(c["1-7"]).toBe(1);
    expect(c.oldest?.daysPastDue).toBe(0);
    const { page } = await taskList(`assignedUser=${people.c}&age=1-7`);
    expect(page.tasks.map((task) => task.subject)).toEqual(["due on saturday the 28th"]);
  });
});
