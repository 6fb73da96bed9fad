import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/server/db/client";
import { COUNTERS, differingSql } from "../../src/server/db/counters";
import { taskCounts, taskMonthCounts, taskStatusCounts, tasks } from "../../src/server/db/schema";
import type { TaskItem, TaskStats } from "../../src/shared/tasks";
import { createTestApp, type TestApp } from "../helpers/app";
import { formOf, taskVersion } from "../helpers/factories";

// Counts in task_counts, task_status_counts, task_month_counts and task_day_counts are kept by
// triggers (drizzle/0005, 0019, 0020, 0023); list totals, stat cards, the report and the
// Pendency page's trend read them. After every kind of write they must equal a count over the
// tasks themselves.
describe("task counts kept by the database", () => {
  let now = new Date("2026-11-22T07:00:00Z");
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp["signedInAs"]>>;
  let asma: Awaited<ReturnType<TestApp["signedInAs"]>>;
  let bilal: Awaited<ReturnType<TestApp["signedInAs"]>>;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    admin = await t.signedInAs("admin");
    asma = await t.signedInAs("user");
    bilal = await t.signedInAs("user");
  });
  afterAll(() => t.close());

  const rowsFor = async <Row>(query: SQL) => rowsOf<Row>(await t.db.execute(query));

  async function expectCountsExact() {
    const counted = await rowsFor(sql`
      select assigned_to, status, count(*)::int as total from ${tasks} group by 1, 2 order by 1, 2`);
    const kept = await rowsFor(sql`
      select assigned_to, status, total from ${taskCounts} where total <> 0 order by 1, 2`);
    expect(kept).toEqual(counted);
    const countedByStatus = await rowsFor(sql`
      select status, count(*)::int as total from ${tasks} group by 1 order by 1`);
    const keptByStatus = await rowsFor(sql`
      select status, total from ${taskStatusCounts} where total <> 0 order by 1`);
    expect(keptByStatus).toEqual(countedByStatus);
    // Every counter table, task_month_counts's measures included, as the seed and a restore
    // count it.
    for (const counter of COUNTERS) {
      const [{ differing }] = await rowsFor<{ differing: number }>(sql.raw(differingSql(counter)));
      expect({ table: counter.table, differing }).toEqual({ table: counter.table, differing: 0 });
    }
  }

  const fields = (assignedTo: string, dueDate: string, assignDate = "2026-11-01") => ({
    subject: "Verify the degree records",
    assignedTo,
    assignDate,
    dueDate,
    taskType: "Task",
  });
  async function create(
    assignedTo: string,
    dueDate: string,
    assignDate?: string,
  ): Promise<TaskItem> {
    const res = await t.request("/api/tasks", {
      method: "POST",
      cookie: admin.cookie,
      body: formOf(fields(assignedTo, dueDate, assignDate)),
    });
    expect(res.status).toBe(201);
    return res.json();
  }
  const stats = async (query = ""): Promise<TaskStats> =>
    (await t.request(`/api/tasks/stats${query}`, { cookie: admin.cookie })).json();

  it("stay exact through creating, editing, reassigning, completing, sweeping and deleting", async () => {
    const created = [];
    for (let i = 0; i < 6; i++)
      created.push(await create(i % 2 ? asma.id : bilal.id, i < 2 ? "2026-11-21" : "2026-11-22"));
    await expectCountsExact();
    expect(await stats()).toMatchObject({ total: 6, delayed: 2, inProgress: 4 });

    const [a, b, c, d] = created;
    await t.request(`/api/tasks/${a.id}`, {
      method: "PATCH",
      cookie: admin.cookie,
      body: formOf({
        ...fields(asma.id, "2026-11-30"),
        status: "super_delayed",
        dueDateReason: "Rescheduled",
        version: await taskVersion(t, admin.cookie, a.id),
      }),
    });
    await t.request(`/api/tasks/${c.id}/complete`, { method: "POST", cookie: admin.cookie });
    await t.request(`/api/tasks/${d.id}/remarks`, {
      method: "PUT",
      cookie: asma.cookie,
      json: { remarks: "Half done" },
    });
    await t.request(`/api/tasks/${b.id}`, { method: "DELETE", cookie: admin.cookie });
    await expectCountsExact();

    now = new Date("2026-11-23T07:00:00Z"); // the day turns: tasks due on the 22nd are late
    expect(await stats(`?assignedUser=${bilal.id}`)).toMatchObject({ inProgress: 0 });
    await expectCountsExact();
    expect(await stats()).toMatchObject({ total: 5, completed: 1, superDelayed: 1, delayed: 3 });
  });

  it("stay exact when a user's tasks are handed over and the user deleted", async () => {
    const res = await t.request(`/api/admin/users/${bilal.id}?handOverTo=${asma.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    await expectCountsExact();
    const [{ people }] = await rowsFor<{ people: number }>(
      sql`select count(distinct assigned_to)::int as people from ${taskCounts}`,
    );
    expect(people).toBe(1);
  });

  it("stay exact through concurrent writes to the same person's counters", async () => {
    const batch = await Promise.all(Array.from({ length: 8 }, () => create(asma.id, "2026-12-01")));
    await Promise.all(
      batch.map((task, i) =>
        i % 2
          ? t.request(`/api/tasks/${task.id}/complete`, { method: "POST", cookie: admin.cookie })
          : t.request(`/api/tasks/${task.id}`, { method: "DELETE", cookie: admin.cookie }),
      ),
    );
    await expectCountsExact();
  });

  it("answer list totals per filter as a count over the tasks would", async () => {
    const totalOf = async (query: string) =>
      (
        (await (await t.request(`/api/tasks?${query}`, { cookie: admin.cookie })).json()) as {
          total: number;
        }
      ).total;
    const [{ all, overdue, mine }] = await rowsFor<{ all: number; overdue: number; mine: number }>(
      sql`select count(*)::int as all,
        count(*) filter (where status in ('delayed', 'super_delayed'))::int as overdue,
        count(*) filter (where assigned_to = ${asma.id} and status = 'completed')::int as mine
        from ${tasks}`,
    );
    expect(await totalOf("")).toBe(all);
    expect(await totalOf("status=overdue")).toBe(overdue);
    expect(await totalOf(`status=completed&assignedUser=${asma.id}`)).toBe(mine);
    expect(await totalOf("assignDate=2026-11-01")).toBe(all);
    expect(await totalOf("assignDate=2026-11-02")).toBe(0);
  });

  it("keep each person's months exact as assign dates move between months and tasks complete", async () => {
    const september = await create(asma.id, "2026-10-02", "2026-09-30");
    const october = await create(asma.id, "2026-11-05", "2026-10-31");
    const november = await create(asma.id, "2026-11-25", "2026-11-01");
    await expectCountsExact();
    const moves = [
      await t.request(`/api/tasks/${september.id}/complete`, {
        method: "POST",
        cookie: admin.cookie,
      }),
      await t.request(`/api/tasks/${october.id}`, {
        method: "PATCH",
        cookie: admin.cookie,
        body: formOf({
          ...fields(asma.id, "2026-11-30", "2026-11-02"),
          status: "in_progress",
          dueDateReason: "Rescheduled",
          version: await taskVersion(t, admin.cookie, october.id),
        }),
      }),
      await t.request(`/api/tasks/${november.id}`, {
        method: "PATCH",
        cookie: admin.cookie,
        body: formOf({
          ...fields(asma.id, "2026-11-25", "2026-08-31"),
          status: "completed",
          version: await taskVersion(t, admin.cookie, november.id),
        }),
      }),
    ];
    expect(moves.map((res) => res.status)).toEqual([200, 200, 200]);
    await expectCountsExact();
    const [{ months }] = await rowsFor<{ months: number }>(
      sql`select count(distinct month)::int as months from ${taskMonthCounts}
        where total <> 0 and assigned_to = ${asma.id}`,
    );
    // August, September and November: October's only task moved to November.
    expect(months).toBe(3);
  });
});
