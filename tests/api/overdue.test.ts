import { eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks } from "../../src/server/db/schema";
import { createScheduler } from "../../src/server/jobs/scheduler";
import { createReportService } from "../../src/server/reports/service";
import { createOverdueSweeper, sweepOverdue } from "../../src/server/tasks/overdue";
import { overdueSweepSchedule } from "../../src/server/tasks/schedules";
import { MARK_PURPOSES, type MarkPurpose } from "../../src/shared/dak";
import { addDays } from "../../src/shared/dates";
import { completionRate } from "../../src/shared/reports";
import {
  becomesOverdue,
  isCompletedOnTime,
  TASK_STATUSES,
  type TaskStatus,
} from "../../src/shared/tasks";
import { createTestApp, type TestApp } from "../helpers/app";
import { idleSweeper } from "../helpers/factories";

const TODAY = "2026-11-22";
// Noon on 22 November 2026 in Karachi (UTC+5).
const NOON = new Date("2026-11-22T07:00:00Z");

type TaskSpec = {
  status: TaskStatus;
  purpose: MarkPurpose;
  dueIn: number;
  completedIn: number | null;
};

/** A few tasks around TODAY (days as offsets), in every status, with or without a completion date. */
const taskSet: fc.Arbitrary<TaskSpec[]> = fc.array(
  fc.record({
    status: fc.constantFrom(...TASK_STATUSES),
    purpose: fc.constantFrom(...MARK_PURPOSES),
    dueIn: fc.integer({ min: -3, max: 3 }),
    completedIn: fc.option(fc.integer({ min: -3, max: 3 }), { nil: null }),
  }),
  { minLength: 1, maxLength: 8 },
);

const someCompleted = (set: TaskSpec[]) => set.some((spec) => spec.status === "completed");

describe("the late rule: the SQL says what shared/tasks.ts says", () => {
  let t: TestApp;
  let assignee: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOON });
    assignee = (await t.makeUser({ role: "user" })).id;
  });
  afterAll(() => t.close());

  async function insert(set: TaskSpec[]) {
    await t.db.delete(tasks);
    return t.db
      .insert(tasks)
      .values(
        set.map((spec, i) => ({
          subject: `task ${i}`,
          assignedTo: assignee,
          assignDate: TODAY,
          dueDate: addDays(TODAY, spec.dueIn),
          status: spec.status,
          purpose: spec.purpose,
          completionDate: spec.completedIn === null ? null : addDays(TODAY, spec.completedIn),
        })),
      )
      .returning();
  }

  it("the overdue sweep moves exactly the tasks becomesOverdue names", async () => {
    await fc.assert(
      fc.asyncProperty(taskSet, async (set) => {
        const rows = await insert(set);
        await sweepOverdue(t.db, t.events, TODAY);
        const after = await t.db
          .select({ id: tasks.id, status: tasks.status })
          .from(tasks)
          .where(
            inArray(
              tasks.id,
              rows.map((row) => row.id),
            ),
          );
        const statusOf = new Map(after.map((row) => [row.id, row.status]));
        for (const row of rows) {
          const expected = becomesOverdue(row, TODAY) ? "delayed" : row.status;
          expect(statusOf.get(row.id)).toBe(expected);
        }
      }),
      { numRuns: 25 },
    );
  });

  it("the report's on-time rate counts exactly the tasks isCompletedOnTime names", async () => {
    const reports = createReportService({
      db: t.db,
      sweeper: idleSweeper,
      timeZone: "Asia/Karachi",
      clock: () => NOON,
    });
    await fc.assert(
      // The rate of no completed task is another rule's business: each set completes one.
      fc.asyncProperty(taskSet.filter(someCompleted), async (set) => {
        const rows = await insert(set);
        const [row] = (await reports.performance(7)).rows;
        const completed = rows.filter((task) => task.status === "completed").length;
        const onTime = rows.filter(isCompletedOnTime).length;
        expect(row.onTimeRate).toBe(completionRate(onTime, completed));
      }),
      { numRuns: 25 },
    );
  });
});

describe("the scheduled overdue sweep", () => {
  let now = NOON;
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
  });
  afterAll(() => t.close());

  it("marks a task due today Over Due at the office's midnight, on the injected clock", async () => {
    const assignee = (await t.makeUser({ role: "user" })).id;
    const [task] = await t.db
      .insert(tasks)
      .values({ subject: "Due today", assignedTo: assignee, assignDate: TODAY, dueDate: TODAY })
      .returning();
    const statusNow = async () =>
      (await t.db.select().from(tasks).where(eq(tasks.id, task.id)))[0].status;
    const changed: string[] = [];
    t.events.subscribe((event) => {
      if (event.entity === "task") changed.push(event.id);
    });

    // The app's overdue sweep on a scheduler ticking at the office's midnight, on the test's clock.
    const sweeper = createOverdueSweeper({
      db: t.db,
      events: t.events,
      timeZone: "Asia/Karachi",
      clock: () => now,
    });
    const schedule = createScheduler({
      name: "overdue sweep",
      pattern: "0 0 * * *",
      timeZone: "Asia/Karachi",
      clock: () => now,
      schedules: [overdueSweepSchedule(sweeper, "Asia/Karachi")],
      onError: (err) => {
        throw err;
      },
    });
    schedule.start();
    try {
      await schedule.runNow(); // after the sweep at start
      expect(await statusNow()).toBe("in_progress");

      const midnight = schedule.nextRun(now);
      expect(midnight).toEqual(new Date("2026-11-22T19:00:00Z")); // 00:00 on 23 November there
      now = new Date((midnight as Date).getTime() - 1);
      await schedule.runNow();
      expect(await statusNow()).toBe("in_progress");

      now = midnight as Date;
      await schedule.runNow(); // what the job runs when its time comes
      expect(await statusNow()).toBe("delayed");
      expect(changed).toEqual([task.id]);
    } finally {
      await schedule.stop();
    }
  });
});
