import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engagements, tasks } from "../../src/server/db/schema";
import type { DecisionItem } from "../../src/shared/decisions";
import type { PerformanceReport } from "../../src/shared/reports";
import type { TaskStatus } from "../../src/shared/tasks";
import { createTestApp, type TestApp } from "../helpers/app";
import { formOf } from "../helpers/factories";

// Noon on Sunday 22 November 2026 in Karachi. A 7-day report covers assign dates
// 15 to 22 November (both counted); the previous period is the 8 dates before, 7 to 14 November.
const NOW = new Date("2026-11-22T07:00:00Z");

type Row = [assignDate: string, dueDate: string, status: TaskStatus, completionDate?: string];

describe("performance reports", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp["signedInAs"]>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    admin = await t.signedInAs("admin");
    const people: Record<string, Row[]> = {
      Asma: [
        ["2026-11-15", "2026-11-20", "completed", "2026-11-15"], // first day, done the same day, on time
        ["2026-11-16", "2026-11-18", "completed", "2026-11-20"], // 4 days, late
        ["2026-11-20", "2026-11-25", "in_progress"],
        ["2026-11-22", "2026-11-22", "delayed"], // assigned today
        ["2026-11-14", "2026-11-16", "completed", "2026-11-15"], // previous period
        ["2026-11-08", "2026-11-30", "in_progress"], // previous period
      ],
      Bilal: [
        ["2026-11-17", "2026-11-17", "completed", "2026-11-18"], // 1 day, late
        ["2026-11-18", "2026-11-19", "super_delayed"],
        ["2026-11-19", "2026-11-25", "completed", "2026-11-19"], // 0 days
        ["2026-11-19", "2026-11-22", "completed", "2026-11-22"], // 3 days, on the due date
      ],
      Carol: [["2026-11-10", "2026-11-30", "in_progress"]], // outside the 7-day range
      Dan: [["2026-11-21", "2026-11-21", "completed", "2026-11-21"]],
      Eve: [["2026-11-01", "2026-11-30", "in_progress"]], // in the 30 days, not the 7 or the 7 before
    };
    for (const [name, rows] of Object.entries(people)) {
      const person = await t.makeUser({ fullName: name });
      ids[name] = person.id;
      for (const [assignDate, dueDate, status, completionDate] of rows) {
        await t.db.insert(tasks).values({
          subject: `${name} task`,
          assignedTo: person.id,
          assignDate,
          dueDate,
          status,
          completionDate,
        });
      }
    }
  });
  afterAll(() => t.close());

  const report = async (query: string, cookie: string | undefined) =>
    t.request(`/api/reports/performance${query}`, { cookie });

  it("computes every figure for the last 7 days, sorted by completion rate", async () => {
    const body: PerformanceReport = await (await report("?range=7", admin.cookie)).json();
    expect(body).toMatchObject({ range: 7, from: "2026-11-15", to: "2026-11-22" });
    expect(body.rows).toEqual([
      {
        userId: ids.Dan,
        name: "Dan",
        email: null,
        designation: null,
        designationUr: null,
        totalTasks: 1,
        completedTasks: 1,
        inProgressTasks: 0,
        delayedTasks: 0,
        completionRate: 100,
        avgCompletionDays: 0,
        onTimeRate: 100,
        // Nothing moved: the original due dates are the due dates.
        originalOnTimeRate: 100,
        extensionsGranted: 0,
        decisionsAssigned: 0,
        decisionsDone: 0,
        // Their holdings begin at the database's time, after this test's today (none counted).
        holdings: 0,
        avgDaysHeld: null,
        holdingsOverLimit: 0,
        previousCompletionRate: null,
        label: "Excellent",
        color: "green",
      },
      {
        userId: ids.Bilal,
        name: "Bilal",
        email: null,
        designation: null,
        designationUr: null,
        totalTasks: 4,
        completedTasks: 3,
        inProgressTasks: 0,
        delayedTasks: 1,
        // (1 + 0 + 3) / 3 = 1.33 -> 1; on time: 2 of 3 -> 67
        completionRate: 75,
        avgCompletionDays: 1,
        onTimeRate: 67,
        originalOnTimeRate: 67,
        extensionsGranted: 0,
        decisionsAssigned: 0,
        decisionsDone: 0,
        // Their holdings begin at the database's time, after this test's today (none counted).
        holdings: 0,
        avgDaysHeld: null,
        holdingsOverLimit: 0,
        previousCompletionRate: null,
        label: "Good",
        color: "yellow",
      },
      {
        userId: ids.Asma,
        name: "Asma",
        email: null,
        designation: null,
        designationUr: null,
        totalTasks: 4,
        completedTasks: 2,
        inProgressTasks: 1,
        delayedTasks: 1,
        // (0 + 4) / 2 = 2; on time: 1 of 2; previous period: 1 of 2 completed
        completionRate: 50,
        avgCompletionDays: 2,
        onTimeRate: 50,
        originalOnTimeRate: 50,
        extensionsGranted: 0,
        decisionsAssigned: 0,
        decisionsDone: 0,
        // Their holdings begin at the database's time, after this test's today (none counted).
        holdings: 0,
        avgDaysHeld: null,
        holdingsOverLimit: 0,
        previousCompletionRate: 50,
        label: "Average",
        color: "red",
      },
    ]);
  });

  it("counts a task as over due once the day passes its due date, without waiting for a task list", async () => {
    let now = NOW;
    const app = await createTestApp({ clock: () => now });
    try {
      const boss = await app.signedInAs("admin");
      const eve = await app.makeUser({ fullName: "Eve" });
      await app.db.insert(tasks).values({
        subject: "Eve task",
        assignedTo: eve.id,
        assignDate: "2026-11-20",
        dueDate: "2026-11-22",
        status: "in_progress",
      });
      const eveIn = async () => {
        const res = await app.request("/api/reports/performance?range=7", { cookie: boss.cookie });
        return ((await res.json()) as PerformanceReport).rows.find((row) => row.userId === eve.id);
      };
      expect(await eveIn()).toMatchObject({ inProgressTasks: 1, delayedTasks: 0 });
      now = new Date("2026-11-23T07:00:00Z");
      expect(await eveIn()).toMatchObject({ totalTasks: 1, inProgressTasks: 0, delayedTasks: 1 });
    } finally {
      await app.close();
    }
  });

  it("shows a change made after the report was read", async () => {
    const before: PerformanceReport = await (await report("?range=7", admin.cookie)).json();
    const dan = before.rows.find((row) => row.userId === ids.Dan);
    expect(dan).toMatchObject({ totalTasks: 1 });
    const form = formOf({
      subject: "Dan's second task",
      assignedTo: ids.Dan,
      assignDate: "2026-11-22",
      dueDate: "2026-11-29",
      taskType: "Task",
    });
    const created = await t.request("/api/tasks", {
      method: "POST",
      cookie: admin.cookie,
      body: form,
    });
    expect(created.status).toBe(201);
    const after: PerformanceReport = await (await report("?range=7", admin.cookie)).json();
    expect(after.rows.find((row) => row.userId === ids.Dan)).toMatchObject({
      totalTasks: 2,
      inProgressTasks: 1,
    });
    await t.request(`/api/tasks/${((await created.json()) as { id: string }).id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
  });

  it("defaults to 30 days, which reaches Carol's older task", async () => {
    const body: PerformanceReport = await (await report("", admin.cookie)).json();
    expect(body).toMatchObject({ range: 30, from: "2026-10-23", to: "2026-11-22" });
    const carol = body.rows.find((row) => row.userId === ids.Carol);
    expect(carol).toMatchObject({
      totalTasks: 1,
      completionRate: 0,
      label: "Needs Improvement",
      color: "red",
      avgCompletionDays: 0,
    });
    const asma = body.rows.find((row) => row.userId === ids.Asma);
    expect(asma).toMatchObject({ totalTasks: 6, completedTasks: 3 });
    // Equal rates fall back to name order.
    expect(body.rows.slice(-2).map((row) => [row.name, row.completionRate])).toEqual([
      ["Carol", 0],
      ["Eve", 0],
    ]);
  });

  it("refuses ranges other than 7, 30, 90 and 365 with a clear 400", async () => {
    for (const range of ["14", "abc", "0"]) {
      const res = await report(`?range=${range}`, admin.cookie);
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe("Range must be 7, 30, 90 or 365 days");
    }
  });

  it("is for administrators only", async () => {
    expect((await report("?range=7", undefined)).status).toBe(401);
    for (const role of ["user", "organization_head"] as const) {
      const { cookie } = await t.signedInAs(role);
      expect((await report("?range=7", cookie)).status).toBe(403);
    }
  });

  it("counts each owner's meeting decisions and those done, by the meetings' dates", async () => {
    const app = await createTestApp({ clock: () => NOW });
    try {
      const boss = await app.signedInAs("admin");
      const farah = await app.makeUser({ fullName: "Farah" });
      const gul = await app.makeUser({ fullName: "Gul" });
      const meeting = async (date: string) =>
        (
          await app.db
            .insert(engagements)
            .values({
              date,
              time: "10:00",
              subject: `Meeting of ${date}`,
              venue: "Cabinet Room",
              responsibility: "Secretary HED",
              status: "Held",
            })
            .returning()
        )[0].id;
      const action = (description: string, ownerId: string, dueDate: string) => ({
        description,
        outcome: "action",
        ownerId,
        dueDate,
      });
      const record = async (engagementId: string, decisions: unknown[]) => {
        const res = await app.request(`/api/engagements/${engagementId}/decisions`, {
          method: "POST",
          cookie: boss.cookie,
          json: { decisions },
        });
        expect(res.status).toBe(201);
        return ((await res.json()) as { decisions: DecisionItem[] }).decisions;
      };
      // In the 7 days (Nov 15 to 22): A (done below), B (pending), C (overdue) for Farah, E
      // for Gul; a regretted and a noted one are no one's to do. Nov 5 is in the 30 days only:
      // D (done below) for Farah.
      const [a, b, c] = await record(await meeting("2026-11-16"), [
        action("A", farah.id, "2026-11-25"),
        action("B", farah.id, "2026-11-30"),
        action("C", farah.id, "2026-11-18"),
        action("E", gul.id, "2026-11-30"),
        { description: "Regretted", outcome: "regretted", reason: "Not ours to do" },
        { description: "Noted", outcome: "noted" },
      ]);
      const [d] = await record(await meeting("2026-11-05"), [action("D", farah.id, "2026-11-10")]);
      for (const done of [a, d])
        await app.request(`/api/tasks/${done.task?.id}/complete`, {
          method: "POST",
          cookie: boss.cookie,
        });
      const rowOf = async (range: number, userId: string) => {
        const res = await app.request(`/api/reports/performance?range=${range}`, {
          cookie: boss.cookie,
        });
        return ((await res.json()) as PerformanceReport).rows.find((row) => row.userId === userId);
      };
      const decisionsOf = async (range: number, userId: string) => {
        const row = await rowOf(range, userId);
        return [row?.decisionsDone, row?.decisionsAssigned];
      };
      expect(await decisionsOf(7, farah.id)).toEqual([1, 3]);
      expect(await decisionsOf(30, farah.id)).toEqual([2, 4]);
      expect(await decisionsOf(7, gul.id)).toEqual([0, 1]);

      // A deleted decision is no longer counted; one whose task is deleted still is, not done.
      await app.request(`/api/decisions/${b.id}`, { method: "DELETE", cookie: boss.cookie });
      expect(await decisionsOf(7, farah.id)).toEqual([1, 2]);
      await app.request(`/api/tasks/${c.task?.id}`, { method: "DELETE", cookie: boss.cookie });
      expect(await decisionsOf(7, farah.id)).toEqual([1, 2]);
    } finally {
      await app.close();
    }
  });

  it("a person's tasks in the report's period can be listed", async () => {
    const res = await t.request(
      `/api/tasks?assignedUser=${ids.Asma}&assignDateFrom=2026-11-15&assignDateTo=2026-11-22`,
      { cookie: admin.cookie },
    );
    expect((await res.json()).total).toBe(4);
  });
});
