import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, notifications, tasks } from "../../src/server/db/schema";
import { BULK_MAX_IDS, BULK_MAX_MATCHING, type BulkTaskInput } from "../../src/shared/bulk-tasks";
import { createTestApp, type TestApp } from "../helpers/app";
import { makeTask } from "../helpers/factories";

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

/** Wednesday 25 November 2026, 10:00 in Karachi. */
const NOW = new Date("2026-11-25T05:00:00Z");

describe("bulk actions on Manage Tasks", () => {
  let t: TestApp;
  let admin: Account;
  let owner: Account;
  let head: Account;
  let amina: { id: string };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    admin = await t.signedInAs("admin");
    owner = await t.signedInAs("user");
    head = await t.signedInAs("organization_head");
    amina = await t.makeUser({ fullName: "Amina Qureshi" });
  });
  afterAll(() => t.close());

  /** As the admin unless another cookie is given; null sends none. */
  const bulk = (json: unknown, cookie: string | null = admin.cookie) =>
    t.request("/api/tasks/bulk", { method: "POST", cookie: cookie ?? undefined, json });
  const byIds = (ids: string[], action: BulkTaskInput["action"]): BulkTaskInput => ({
    selection: { by: "ids", ids },
    action,
  });
  const threeTasks = async (fields: { dueDate?: string } = {}) =>
    Promise.all(
      ["Budget note", "College audit", "Hiring plan"].map((subject) =>
        makeTask(t.db, { assignedTo: owner.id, createdBy: admin.id, subject, ...fields }),
      ),
    );
  const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id);
  const stored = (ids: string[]) =>
    t.db.select().from(tasks).where(inArray(tasks.id, ids)).orderBy(tasks.id);
  const auditsOf = (ids: string[]) =>
    t.db.select().from(auditEvents).where(inArray(auditEvents.entityId, ids));
  const noticesOf = (ids: string[], kind?: typeof notifications.$inferSelect.kind) =>
    t.db
      .select()
      .from(notifications)
      .where(
        and(inArray(notifications.entityId, ids), kind ? eq(notifications.kind, kind) : undefined),
      );
  const errorOf = async (res: Response) => (await res.json()).error.message as string;

  it("reassigns three tasks, with an audit record and notices per task", async () => {
    const ids = idsOf(await threeTasks());
    const res = await bulk(byIds(ids, { kind: "reassign", assignedTo: amina.id }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ count: 3, message: "3 tasks reassigned to Amina Qureshi" });
    for (const task of await stored(ids)) expect(task.assignedTo).toBe(amina.id);
    const audits = await auditsOf(ids);
    expect(audits.map((row) => row.entityId).sort()).toEqual([...ids].sort());
    for (const audit of audits) {
      expect(audit.action).toBe("updated");
      expect(audit.actorId).toBe(admin.id);
      expect(audit.changes).toEqual({
        assignedTo: {
          before: { id: owner.id, name: expect.any(String) },
          after: { id: amina.id, name: "Amina Qureshi" },
        },
      });
    }
    const assigned = await noticesOf(ids, "task_assigned");
    expect(assigned.map((row) => row.userId)).toEqual([amina.id, amina.id, amina.id]);
    const unassigned = await noticesOf(ids, "task_unassigned");
    expect(unassigned.map((row) => row.userId)).toEqual([owner.id, owner.id, owner.id]);
  });

  it("moves three due dates, the reason recorded on each task", async () => {
    const rows = await threeTasks();
    // One of them is late: its new due date is not yet past, so it is in progress again.
    await t.db.update(tasks).set({ status: "delayed" }).where(eq(tasks.id, rows[0].id));
    const ids = idsOf(rows);
    const res = await bulk(
      byIds(ids, { kind: "dueDate", dueDate: "2026-12-10", reason: "The budget session moved" }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      count: 3,
      message: "3 tasks' due date changed to Dec 10, 2026",
    });
    for (const task of await stored(ids)) {
      expect(task.dueDate).toBe("2026-12-10");
      expect(task.originalDueDate).toBe("2026-12-01");
      expect(task.status).toBe("in_progress");
    }
    const audits = await auditsOf(ids);
    expect(audits).toHaveLength(3);
    for (const audit of audits) {
      expect(audit.reason).toBe("The budget session moved");
      expect(audit.changes.dueDate).toEqual({ before: "2026-12-01", after: "2026-12-10" });
    }
    const late = audits.find((audit) => audit.entityId === rows[0].id);
    expect(late?.changes.status).toEqual({ before: "delayed", after: "in_progress" });
    const notices = await noticesOf(ids, "task_due_date_changed");
    expect(notices.map((row) => row.userId)).toEqual([owner.id, owner.id, owner.id]);
  });

  it("marks three tasks completed, as Mark Completed does each", async () => {
    const ids = idsOf(await threeTasks());
    const res = await bulk(byIds(ids, { kind: "complete" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ count: 3, message: "3 tasks marked completed" });
    for (const task of await stored(ids)) {
      expect(task.status).toBe("completed");
      expect(task.completionDate).toBe("2026-11-25");
    }
    const audits = await auditsOf(ids);
    expect(audits).toHaveLength(3);
    for (const audit of audits) {
      expect(audit.action).toBe("completed");
      expect(audit.changes).toEqual({ status: { before: "in_progress", after: "completed" } });
    }
    expect(await noticesOf(ids, "task_completed")).toHaveLength(3);
  });

  it("applies to every task the filters match, and to no other", async () => {
    const holder = await t.makeUser();
    const make = (dueDate: string) =>
      makeTask(t.db, { assignedTo: holder.id, createdBy: admin.id, dueDate });
    const matching = [await make("2026-12-05"), await make("2026-12-05")];
    const others = [await make("2026-12-06")];
    const elsewhere = await makeTask(t.db, { assignedTo: owner.id, dueDate: "2026-12-05" });
    const res = await bulk({
      selection: { by: "filter", filter: { assignedUser: holder.id, dueDate: "2026-12-05" } },
      action: { kind: "complete" },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).count).toBe(2);
    for (const task of await stored(idsOf(matching))) expect(task.status).toBe("completed");
    for (const task of await stored([...idsOf(others), elsewhere.id]))
      expect(task.status).toBe("in_progress");

    const none = await bulk({
      selection: { by: "filter", filter: { assignedUser: holder.id, status: "delayed" } },
      action: { kind: "complete" },
    });
    expect(none.status).toBe(400);
    expect(await errorOf(none)).toBe("No tasks match the filter");
  });

  it("refuses more matching tasks than the cap, changing none", async () => {
    const holder = await t.makeUser();
    const rows = Array.from({ length: BULK_MAX_MATCHING + 1 }, (_, at) => ({
      subject: `Return ${at}`,
      assignedTo: holder.id,
      assignDate: "2026-11-01",
      dueDate: "2026-12-01",
    }));
    await t.db.insert(tasks).values(rows);
    const res = await bulk({
      selection: { by: "filter", filter: { assignedUser: holder.id } },
      action: { kind: "complete" },
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe(
      "More than 5000 tasks match the filter. Narrow the filter and try again.",
    );
    const completed = await t.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.assignedTo, holder.id), eq(tasks.status, "completed")));
    expect(completed).toHaveLength(0);
  });

  describe("all or nothing", () => {
    async function expectUntouched(ids: string[], before: (typeof tasks.$inferSelect)[]) {
      expect(await stored(ids)).toEqual(before);
      expect(await auditsOf(ids)).toHaveLength(0);
      expect(await noticesOf(ids)).toHaveLength(0);
    }

    it("a completed task in the selection leaves every task open", async () => {
      const rows = await threeTasks();
      await t.db
        .update(tasks)
        .set({ status: "completed", completionDate: "2026-11-20" })
        .where(eq(tasks.id, rows[2].id));
      const ids = idsOf(rows);
      const before = await stored(ids);
      const res = await bulk(byIds(ids, { kind: "complete" }));
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toBe("“Hiring plan” is already completed. Nothing was changed.");
      await expectUntouched(ids, before);
    });

    it("an id naming no task leaves every task as it was", async () => {
      const ids = idsOf(await threeTasks());
      const before = await stored(ids);
      const res = await bulk(
        byIds([...ids, randomUUID()], { kind: "reassign", assignedTo: amina.id }),
      );
      expect(res.status).toBe(404);
      await expectUntouched(ids, before);
    });

    it("a due date before one task's assign date moves no due date", async () => {
      const rows = await threeTasks();
      await t.db.update(tasks).set({ assignDate: "2026-12-05" }).where(eq(tasks.id, rows[1].id));
      const ids = idsOf(rows);
      const before = await stored(ids);
      const res = await bulk(
        byIds(ids, { kind: "dueDate", dueDate: "2026-12-03", reason: "Earlier session" }),
      );
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(
        "The new due date is before the assign date of “College audit”. Nothing was changed.",
      );
      await expectUntouched(ids, before);
    });
  });

  it("is for admins only", async () => {
    const user = await t.signedInAs("user");
    const [task] = await threeTasks();
    const input = byIds([task.id], { kind: "reassign", assignedTo: amina.id });
    expect((await bulk(input, null)).status).toBe(401);
    expect((await bulk(input, user.cookie)).status).toBe(403);
    expect((await bulk(input, owner.cookie)).status).toBe(403);
    expect((await bulk(input, head.cookie)).status).toBe(403);
    expect((await stored([task.id]))[0].assignedTo).toBe(owner.id);
    expect((await bulk(input, admin.cookie)).status).toBe(200);
  });

  it("refuses bad input with a 400 and changes nothing", async () => {
    const ids = idsOf(await threeTasks());
    const before = await stored(ids);
    const cases: [unknown, string | null][] = [
      [byIds([], { kind: "complete" }), "Please select at least one task"],
      [
        byIds(
          Array.from({ length: BULK_MAX_IDS + 1 }, () => randomUUID()),
          { kind: "complete" },
        ),
        "Select at most 1000 tasks at a time, or select all tasks matching the filter",
      ],
      [{ selection: { by: "ids", ids }, action: { kind: "archive" } }, null],
      [{ selection: { by: "ids", ids } }, null],
      [{ selection: { ids }, action: { kind: "complete" } }, null],
      [
        { selection: { by: "ids", ids }, action: { kind: "dueDate", dueDate: "2026-12-10" } },
        "Please give a reason",
      ],
      [
        byIds(ids, { kind: "dueDate", dueDate: "2026-12-10", reason: "   " }),
        "Please give a reason",
      ],
      [byIds(ids, { kind: "dueDate", dueDate: "2026-02-30", reason: "Why" }), null],
      [byIds(ids, { kind: "reassign", assignedTo: head.id }), null],
      [byIds(["not-a-task"], { kind: "complete" }), null],
    ];
    for (const [input, expected] of cases) {
      const res = await bulk(input);
      expect(res.status, JSON.stringify(input).slice(0, 200)).toBe(400);
      if (expected) expect(await errorOf(res)).toBe(expected);
    }
    expect(await stored(ids)).toEqual(before);
    expect(await auditsOf(ids)).toHaveLength(0);
  });
});
