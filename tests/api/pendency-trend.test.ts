import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks } from "../../src/server/db/schema";
import { createPendencyService } from "../../src/server/pendency/service";
import { addDays, weekOf } from "../../src/shared/dates";
import { TREND_WEEKS } from "../../src/shared/pendency";
import type { TaskStatus } from "../../src/shared/tasks";
import type { CurrentUser } from "../../src/shared/users";
import { createTestApp, type TestApp } from "../helpers/app";
import { idleSweeper } from "../helpers/factories";

// Wednesday 25 November 2026, noon in Karachi (UTC+5): the trend's weeks run from Monday
// 7 September to this week, reckoned today.
const TODAY = "2026-11-25";
const NOON = new Date("2026-11-25T07:00:00Z");

type Row = {
  assignDate: string;
  dueDate: string;
  status: TaskStatus;
  completionDate: string | null;
  restricted: boolean;
};

/**
 * Tasks around the trend's window and before it: due before or after they were assigned, open
 * or completed (at any time, or with no completion date), in every status, some restricted.
 */
const taskSet: fc.Arbitrary<Row[]> = fc.array(
  fc
    .record({
      assignedAgo: fc.integer({ min: -3, max: 120 }),
      dueAfter: fc.integer({ min: -4, max: 30 }),
      status: fc.constantFrom<TaskStatus>("in_progress", "delayed", "super_delayed", "completed"),
      completedAfter: fc.option(fc.integer({ min: -2, max: 60 }), { nil: null, freq: 8 }),
      restricted: fc.boolean(),
    })
    .map(({ assignedAgo, dueAfter, status, completedAfter, restricted }) => {
      const assignDate = addDays(TODAY, -assignedAgo);
      const completionDate =
        status === "completed" && completedAfter !== null
          ? addDays(assignDate, completedAfter)
          : null;
      return {
        assignDate,
        dueDate: addDays(assignDate, dueAfter),
        status,
        completionDate,
        restricted,
      };
    }),
  { maxLength: 40 },
);

/**
 * The trend as its definition reads, task by task: assigned in the week, completed in it, and
 * at its end (today, for this week) overdue, from the day after the due date (not before the
 * assign date) until completed.
 */
function expectedTrend(rows: Row[]) {
  const first = addDays(weekOf(TODAY).start, -7 * (TREND_WEEKS - 1));
  return Array.from({ length: TREND_WEEKS }, (_, n) => {
    const weekStart = addDays(first, 7 * n);
    const weekEnd = addDays(weekStart, 6);
    const reckoned = weekEnd < TODAY ? weekEnd : TODAY;
    const within = (day: string | null) => day !== null && day >= weekStart && day <= weekEnd;
    return {
      weekStart,
      opened: rows.filter((row) => within(row.assignDate)).length,
      completed: rows.filter((row) => row.status === "completed" && within(row.completionDate))
        .length,
      overdue: rows.filter((row) => {
        const dayAfterDue = addDays(row.dueDate, 1);
        const overdueFrom = row.assignDate > dayAfterDue ? row.assignDate : dayAfterDue;
        const stillOpen =
          row.status !== "completed" ||
          (row.completionDate !== null && row.completionDate > reckoned);
        return overdueFrom <= reckoned && stillOpen;
      }).length,
    };
  });
}

describe("the pendency trend: the SQL says what the definition says", () => {
  let t: TestApp;
  let assignee: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOON });
    assignee = (await t.makeUser({ role: "user" })).id;
  });
  afterAll(() => t.close());

  it("counts every week's opened, completed and overdue tasks as the definition does, a head's without the restricted ones", async () => {
    const pendency = createPendencyService({
      db: t.db,
      sweeper: idleSweeper,
      timeZone: "Asia/Karachi",
      clock: () => NOON,
    });
    const admin: CurrentUser = {
      id: (await t.makeUser({ role: "admin" })).id,
      userId: null,
      email: null,
      displayName: "Admin",
      role: "admin",
      language: null,
      receiptIssueDuty: false,
    };
    const head: CurrentUser = {
      ...admin,
      id: (await t.makeUser({ role: "organization_head" })).id,
      displayName: "Head",
      role: "organization_head",
    };
    const order = { sort: "name", dir: "asc" } as const;
    await fc.assert(
      fc.asyncProperty(taskSet, async (rows) => {
        await t.db.delete(tasks);
        if (rows.length > 0)
          await t.db
            .insert(tasks)
            .values(rows.map((row, i) => ({ ...row, subject: `task ${i}`, assignedTo: assignee })));
        expect((await pendency.dashboard(admin, order)).trend).toEqual(expectedTrend(rows));
        expect((await pendency.dashboard(head, order)).trend).toEqual(
          expectedTrend(rows.filter((row) => !row.restricted)),
        );
      }),
      { numRuns: 40 },
    );
  });
});
