import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskItem } from "../../src/shared/tasks";
import { createTestApp, type TestApp } from "../helpers/app";
import { formOf } from "../helpers/factories";

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

// GET /api/tasks/due-next: /dashboard's next open tasks, the earliest due date first, scoped
// like the task list (a user's own, the department's for organization heads and admins).
describe("the tasks due next", () => {
  const now = new Date("2026-11-22T07:00:00Z");
  let t: TestApp;
  let admin: Account;
  let head: Account;
  let asma: Account;
  let bilal: Account;

  async function create(assignedTo: string, dueDate: string, subject: string) {
    const res = await t.request("/api/tasks", {
      method: "POST",
      cookie: admin.cookie,
      body: formOf({ subject, assignedTo, assignDate: "2026-11-01", dueDate }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as TaskItem).id;
  }

  async function dueNext(cookie?: string) {
    const res = await t.request("/api/tasks/due-next", { cookie });
    expect(res.status).toBe(200);
    const { tasks } = (await res.json()) as { tasks: TaskItem[] };
    return tasks.map((task) => `${task.subject} ${task.dueDate} ${task.status}`);
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    admin = await t.signedInAs("admin");
    head = await t.signedInAs("organization_head");
    asma = await t.signedInAs("user");
    bilal = await t.signedInAs("user");
    // Created out of order, so the answer's order is the due dates', not the creation's.
    for (const [subject, dueDate] of [
      ["A3", "2026-11-30"],
      ["A1", "2026-11-20"],
      ["A4", "2026-12-05"],
      ["A2", "2026-11-25"],
      ["A6", "2026-12-20"],
      ["A5", "2026-12-10"],
    ]) {
      await create(asma.id, dueDate, subject);
    }
    const done = await create(asma.id, "2026-11-19", "A0 done");
    const completed = await t.request(`/api/tasks/${done}/complete`, {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(completed.status).toBe(200);
    await create(bilal.id, "2026-11-21", "B1");
  });
  afterAll(() => t.close());

  it("is refused without a session", async () => {
    const res = await t.request("/api/tasks/due-next");
    expect(res.status).toBe(401);
  });

  it("gives a user their own five open tasks, the overdue one first, none completed", async () => {
    expect(await dueNext(asma.cookie)).toEqual([
      "A1 2026-11-20 delayed",
      "A2 2026-11-25 in_progress",
      "A3 2026-11-30 in_progress",
      "A4 2026-12-05 in_progress",
      "A5 2026-12-10 in_progress",
    ]);
  });

  it("never shows a user another user's task", async () => {
    expect(await dueNext(bilal.cookie)).toEqual(["B1 2026-11-21 delayed"]);
  });

  it("gives organization heads and admins the department's next five", async () => {
    const department = [
      "A1 2026-11-20 delayed",
      "B1 2026-11-21 delayed",
      "A2 2026-11-25 in_progress",
      "A3 2026-11-30 in_progress",
      "A4 2026-12-05 in_progress",
    ];
    expect(await dueNext(head.cookie)).toEqual(department);
    expect(await dueNext(admin.cookie)).toEqual(department);
  });

  it("sends what each viewer may do with the task", async () => {
    const res = await t.request("/api/tasks/due-next", { cookie: head.cookie });
    const { tasks } = (await res.json()) as { tasks: TaskItem[] };
    expect(tasks[0].can).toMatchObject({ view: true, edit: false, complete: false });
  });
});
