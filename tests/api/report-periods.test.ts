import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks } from "../../src/server/db/schema";
import { createReportService } from "../../src/server/reports/service";
import { addDays, monthStart } from "../../src/shared/dates";
import { completionRate, REPORT_RANGES } from "../../src/shared/reports";
import {
  isCompletedByOriginalDueDate,
  isCompletedOnTime,
  type TaskStatus,
} from "../../src/shared/tasks";
import { createTestApp, type TestApp } from "../helpers/app";
import { idleSweeper } from "../helpers/factories";

// The report counts whole months from task_month_counts (kept by triggers) and the days at a
// period's ends from the tasks; here each range, reckoned on days that put those ends in every
// place (a month's first and last day, mid-month, a leap day), must count what the tasks say.
const TODAYS = ["2026-11-25", "2026-11-30", "2026-12-01", "2027-02-28", "2028-02-29"] as const;

type Row = {
  assignedTo: number;
  assignDate: string;
  dueDate: string;
  originalDueDate: string | null;
  status: TaskStatus;
  completionDate: string | null;
};

/**
 * An assign date: any in the two years and more the ranges and their previous periods reach,
 * or one a day either side of where a part ends (a month's first day, a period's first day).
 */
const assignDateOf = (today: string): fc.Arbitrary<string> =>
  fc.oneof(
    fc.integer({ min: -5, max: 800 }).map((ago) => addDays(today, -ago)),
    fc
      .tuple(fc.integer({ min: 0, max: 26 }), fc.integer({ min: -1, max: 1 }))
      .map(([monthsAgo, shift]) => addDays(monthsBefore(today, monthsAgo), shift)),
    fc
      .tuple(
        fc.constantFrom(...REPORT_RANGES.flatMap((range) => [range, 2 * range + 1])),
        fc.integer({ min: -1, max: 1 }),
      )
      .map(([ago, shift]) => addDays(today, shift - ago)),
  );

/** The first day of the month `count` months before the one holding `day`. */
function monthsBefore(day: string, count: number): string {
  let month = monthStart(day);
  for (let i = 0; i < count; i++) month = monthStart(addDays(month, -1));
  return month;
}

const taskSet = (today: string): fc.Arbitrary<Row[]> =>
  fc.array(
    fc
      .record({
        assignedTo: fc.integer({ min: 0, max: 2 }),
        assignDate: assignDateOf(today),
        dueAfter: fc.integer({ min: 0, max: 40 }),
        movedBy: fc.option(fc.integer({ min: -10, max: 20 }), { nil: null }),
        status: fc.constantFrom<TaskStatus>("in_progress", "delayed", "super_delayed", "completed"),
        completedAfter: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null, freq: 8 }),
      })
      .map(({ assignedTo, assignDate, dueAfter, movedBy, status, completedAfter }) => {
        const dueDate = addDays(assignDate, dueAfter);
        return {
          assignedTo,
          assignDate,
          dueDate: movedBy === null ? dueDate : addDays(dueDate, movedBy),
          originalDueDate: movedBy === null ? null : dueDate,
          status,
          completionDate:
            status === "completed" && completedAfter !== null
              ? addDays(assignDate, completedAfter)
              : null,
        };
      }),
    { maxLength: 60 },
  );

/** One person's figures as the report defines them, task by task. */
function expectedFigures(rows: Row[], from: string, to: string, previousFrom: string) {
  const inPeriod = rows.filter((row) => row.assignDate >= from && row.assignDate <= to);
  const completed = inPeriod.filter((row) => row.status === "completed");
  const dated = completed.filter((row) => row.completionDate !== null);
  const days = dated.reduce(
    (sum, row) =>
      sum + (Date.parse(row.completionDate as string) - Date.parse(row.assignDate)) / 86_400_000,
    0,
  );
  const previous = rows.filter((row) => row.assignDate >= previousFrom && row.assignDate < from);
  return {
    totalTasks: inPeriod.length,
    completedTasks: completed.length,
    inProgressTasks: inPeriod.filter((row) => row.status === "in_progress").length,
    delayedTasks: inPeriod.filter(
      (row) => row.status === "delayed" || row.status === "super_delayed",
    ).length,
    completionRate: completionRate(completed.length, inPeriod.length),
    avgCompletionDays: dated.length ? Math.round(days / dated.length) : 0,
    onTimeRate: completionRate(completed.filter(isCompletedOnTime).length, completed.length),
    originalOnTimeRate: completionRate(
      completed.filter(isCompletedByOriginalDueDate).length,
      completed.length,
    ),
    previousCompletionRate: previous.length
      ? completionRate(previous.filter((row) => row.status === "completed").length, previous.length)
      : null,
  };
}

describe("the performance report's periods: whole months and the days at their ends", () => {
  let t: TestApp;
  let people: string[];

  beforeAll(async () => {
    t = await createTestApp();
    people = [];
    for (let i = 0; i < 3; i++) people.push((await t.makeUser({ role: "user" })).id);
  });
  afterAll(() => t.close());

  it("counts each range's tasks and the period before it as the tasks themselves say", async () => {
    const scenario = fc
      .constantFrom(...TODAYS)
      .chain((today) => fc.tuple(fc.constant(today), taskSet(today)));
    await fc.assert(
      fc.asyncProperty(scenario, async ([today, rows]) => {
        await t.db.delete(tasks);
        if (rows.length > 0)
          await t.db.insert(tasks).values(
            rows.map((row, i) => ({
              ...row,
              subject: `task ${i}`,
              assignedTo: people[row.assignedTo],
            })),
          );
        const reports = createReportService({
          db: t.db,
          sweeper: idleSweeper,
          timeZone: "UTC",
          clock: () => new Date(`${today}T12:00:00Z`),
        });
        for (const range of REPORT_RANGES) {
          const report = await reports.performance(range);
          const from = addDays(today, -range);
          const previousFrom = addDays(from, -(range + 1));
          const expected = people.flatMap((id, index) => {
            const own = rows.filter((row) => row.assignedTo === index);
            const figures = expectedFigures(own, from, today, previousFrom);
            return figures.totalTasks ? [{ userId: id, ...figures }] : [];
          });
          const byUser = (a: { userId: string }, b: { userId: string }) =>
            a.userId.localeCompare(b.userId);
          expect(
            report.rows
              .map((row) => ({
                userId: row.userId,
                totalTasks: row.totalTasks,
                completedTasks: row.completedTasks,
                inProgressTasks: row.inProgressTasks,
                delayedTasks: row.delayedTasks,
                completionRate: row.completionRate,
                avgCompletionDays: row.avgCompletionDays,
                onTimeRate: row.onTimeRate,
                originalOnTimeRate: row.originalOnTimeRate,
                previousCompletionRate: row.previousCompletionRate,
              }))
              .sort(byUser),
          ).toEqual(expected.sort(byUser));
        }
      }),
      { numRuns: 40 },
    );
  });
});
