import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  notifications,
  taskExtensionRequests,
  taskProgressEntries,
  tasks,
} from "../../src/server/db/schema";
import { said } from "../../src/shared/i18n/server-instance";
import type { PerformanceRow } from "../../src/shared/reports";
import {
  type ExtensionRequestList,
  isCompletedByOriginalDueDate,
  type TaskItem,
  type TaskPage,
  type TaskThread,
  THREAD_MESSAGES,
} from "../../src/shared/tasks";
import { createTestApp, type TestApp } from "../helpers/app";
import { formOf, makeTask, taskVersion } from "../helpers/factories";
import { fileOf, PDF_BYTES } from "../helpers/files";

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

/** Wednesday 25 November 2026, 10:00 in Karachi. */
const NOW = new Date("2026-11-25T05:00:00Z");

describe("the progress thread, due-date reasons and extension requests", () => {
  let t: TestApp;
  let admin: Account;
  let owner: Account;
  let stranger: Account;
  let head: Account;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    admin = await t.signedInAs("admin");
    owner = await t.signedInAs("user");
    stranger = await t.signedInAs("user");
    head = await t.signedInAs("organization_head");
  });
  afterAll(() => t.close());

  const newTask = (fields: { dueDate?: string } = {}) =>
    makeTask(t.db, { assignedTo: owner.id, createdBy: admin.id, ...fields });
  const thread = async (id: string, cookie = owner.cookie) =>
    (await (await t.request(`/api/tasks/${id}/thread`, { cookie })).json()) as TaskThread;
  const report = (id: string, remarks: string, cookie = owner.cookie) =>
    t.request(`/api/tasks/${id}/remarks`, { method: "PUT", cookie, json: { remarks } });
  const reply = (id: string, cookie: string | undefined, body: unknown) =>
    t.request(`/api/tasks/${id}/replies`, { method: "POST", cookie, json: { body } });
  const ask = (id: string, cookie: string | undefined, json: unknown) =>
    t.request(`/api/tasks/${id}/extension-requests`, { method: "POST", cookie, json });
  const pending = async (cookie = admin.cookie) =>
    (await (await t.request("/api/extension-requests", { cookie })).json()) as ExtensionRequestList;
  const decide = (id: string, verb: "approve" | "decline", cookie: string, json?: unknown) =>
    t.request(`/api/extension-requests/${id}/${verb}`, { method: "POST", cookie, json });
  const stored = async (id: string) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0];
  const auditCount = async (id: string) =>
    (await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, id))).length;
  const noticesOf = (userId: string, kind: typeof notifications.$inferSelect.kind) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
  const errorOf = async (res: Response) => (await res.json()).error.message;

  it("keeps every update as an entry, oldest first; current remarks are the latest", async () => {
    const task = await newTask();
    for (const words of ["Asked the colleges", "Two colleges replied", "All figures in"])
      expect((await report(task.id, words)).status).toBe(200);
    // The same words again (a file sent with unchanged remarks) add no entry.
    expect((await report(task.id, "All figures in")).status).toBe(200);
    const body = new FormData();
    body.append("file", fileOf(PDF_BYTES, "figures.pdf", "application/pdf"));
    await t.request(`/api/tasks/${task.id}/response-file`, {
      method: "POST",
      cookie: owner.cookie,
      body,
    });
    const { entries } = await thread(task.id);
    expect(entries.map((entry) => [entry.kind, entry.body, entry.fileName])).toEqual([
      ["progress", "Asked the colleges", null],
      ["progress", "Two colleges replied", null],
      ["progress", "All figures in", null],
      ["progress", "", "figures.pdf"],
    ]);
    expect(entries[0].authorName).toBe(`Test ${owner.userId}`);
    expect((await stored(task.id)).remarks).toBe("All figures in");
  });

  it("an admin replies and the assignee is told; nobody else may reply", async () => {
    const task = await newTask();
    const res = await reply(task.id, admin.cookie, "  Which colleges are missing?  ");
    expect(res.status).toBe(201);
    expect((await res.json()).message).toBe(said(THREAD_MESSAGES.replied));
    const { entries } = await thread(task.id);
    expect(entries.map((entry) => [entry.kind, entry.body])).toEqual([
      ["reply", "Which colleges are missing?"],
    ]);
    const told = await noticesOf(owner.id, "task_reply");
    expect(told.filter((notice) => notice.entityId === task.id)).toHaveLength(1);

    const before = await auditCount(task.id);
    expect((await reply(task.id, undefined, "x")).status).toBe(401);
    expect((await reply(task.id, owner.cookie, "x")).status).toBe(403);
    expect((await reply(task.id, head.cookie, "x")).status).toBe(403);
    expect((await reply(task.id, admin.cookie, "   ")).status).toBe(400);
    expect((await reply(task.id, admin.cookie, "x".repeat(10_001))).status).toBe(400);
    expect((await reply(task.id, admin.cookie, 42)).status).toBe(400);
    expect((await thread(task.id)).entries).toHaveLength(1);
    expect(await auditCount(task.id)).toBe(before);
  });

  it("the thread is read by whoever reads the task, and by nobody else", async () => {
    const task = await newTask();
    for (const account of [admin, head, owner])
      expect(
        (await t.request(`/api/tasks/${task.id}/thread`, { cookie: account.cookie })).status,
      ).toBe(200);
    expect(
      (await t.request(`/api/tasks/${task.id}/thread`, { cookie: stranger.cookie })).status,
    ).toBe(404);
    expect((await t.request(`/api/tasks/${task.id}/thread`)).status).toBe(401);
    expect((await t.request("/api/tasks/not-a-task/thread", { cookie: admin.cookie })).status).toBe(
      404,
    );
  });

  it("an admin moves a due date only with a reason; the first due date is kept", async () => {
    const task = await newTask({ dueDate: "2026-12-01" });
    const edit = async (dueDate: string, dueDateReason?: string) =>
      t.request(`/api/tasks/${task.id}`, {
        method: "PATCH",
        cookie: admin.cookie,
        body: formOf({
          subject: task.subject,
          assignedTo: owner.id,
          assignDate: task.assignDate,
          dueDate,
          status: "in_progress",
          dueDateReason,
          version: await taskVersion(t, admin.cookie, task.id),
        }),
      });
    const before = await auditCount(task.id);
    const refused = await edit("2026-12-05");
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toBe(said(THREAD_MESSAGES.dueDateReasonRequired));
    expect((await edit("2026-12-05", "   ")).status).toBe(400);
    expect((await edit("2026-12-05", "x".repeat(1001))).status).toBe(400);
    expect((await stored(task.id)).dueDate).toBe("2026-12-01");
    expect(await auditCount(task.id)).toBe(before);

    expect((await edit("2026-12-05", "Awaiting the Finance reply")).status).toBe(200);
    expect((await edit("2026-12-09", "The Minister's review moved")).status).toBe(200);
    const row = await stored(task.id);
    expect([row.dueDate, row.originalDueDate]).toEqual(["2026-12-09", "2026-12-01"]);
    // An edit that leaves the due date alone needs no reason.
    expect((await edit("2026-12-09")).status).toBe(200);
    const moves = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, task.id), eq(auditEvents.action, "updated")));
    expect(moves.map((event) => event.reason)).toEqual([
      "Awaiting the Finance reply",
      "The Minister's review moved",
    ]);
  });

  it("the assignee asks, an admin approves: the due date moves, the assignee is told", async () => {
    const task = await newTask({ dueDate: "2026-11-20" });
    await t.db.update(tasks).set({ status: "delayed" }).where(eq(tasks.id, task.id));
    const res = await ask(task.id, owner.cookie, {
      dueDate: "2026-12-04",
      reason: "  The colleges report late  ",
    });
    expect(res.status).toBe(201);
    const { extensions } = (await res.json()).thread as TaskThread;
    expect(extensions).toMatchObject([
      {
        status: "pending",
        previousDueDate: "2026-11-20",
        requestedDueDate: "2026-12-04",
        reason: "The colleges report late",
        canDecide: false,
      },
    ]);
    const creatorTold = await noticesOf(admin.id, "extension_requested");
    expect(creatorTold.some((notice) => notice.entityId === task.id)).toBe(true);

    const list = await pending();
    const request = list.requests.find((item) => item.taskId === task.id);
    expect(request?.canDecide).toBe(true);
    expect(list.pending).toBeGreaterThanOrEqual(1);
    const headView = await pending(head.cookie);
    expect(headView.requests.find((item) => item.taskId === task.id)?.canDecide).toBe(false);
    expect((await t.request("/api/extension-requests", { cookie: owner.cookie })).status).toBe(403);

    const id = request?.id ?? "";
    expect((await decide(id, "approve", head.cookie)).status).toBe(403);
    expect((await decide(id, "approve", owner.cookie)).status).toBe(403);
    const approved = await decide(id, "approve", admin.cookie);
    expect(approved.status).toBe(200);
    expect((await approved.json()).message).toBe(said(THREAD_MESSAGES.approved));
    const row = await stored(task.id);
    // Late no more: the new due date is still ahead.
    expect([row.dueDate, row.originalDueDate, row.status]).toEqual([
      "2026-12-04",
      "2026-11-20",
      "in_progress",
    ]);
    const item = (await (
      await t.request(`/api/tasks/${task.id}`, { cookie: owner.cookie })
    ).json()) as TaskItem;
    expect(item.originalDueDate).toBe("2026-11-20");
    expect(
      (await noticesOf(owner.id, "extension_approved")).some((n) => n.entityId === task.id),
    ).toBe(true);
    // Answered once only.
    expect((await decide(id, "approve", admin.cookie)).status).toBe(409);
    expect((await decide(id, "decline", admin.cookie, { reason: "No" })).status).toBe(409);
  });

  it("an admin declines with a reason; the due date stays", async () => {
    const task = await newTask({ dueDate: "2026-12-01" });
    expect(
      (await ask(task.id, owner.cookie, { dueDate: "2026-12-10", reason: "Leave" })).status,
    ).toBe(201);
    const id = (await pending()).requests.find((item) => item.taskId === task.id)?.id ?? "";
    expect((await decide(id, "decline", admin.cookie, {})).status).toBe(400);
    expect((await decide(id, "decline", admin.cookie, { reason: " " })).status).toBe(400);
    expect((await decide(id, "decline", head.cookie, { reason: "No" })).status).toBe(403);
    const res = await decide(id, "decline", admin.cookie, { reason: "The review cannot wait" });
    expect(res.status).toBe(200);
    expect((await stored(task.id)).dueDate).toBe("2026-12-01");
    expect((await stored(task.id)).originalDueDate).toBeNull();
    const { extensions } = await thread(task.id);
    expect(extensions[0]).toMatchObject({
      status: "declined",
      decisionReason: "The review cannot wait",
      decidedByName: `Test ${admin.userId}`,
    });
    const told = await noticesOf(owner.id, "extension_declined");
    expect(told.find((n) => n.entityId === task.id)?.values.reason).toBe("The review cannot wait");
    // Declined, the assignee may ask again.
    expect(
      (await ask(task.id, owner.cookie, { dueDate: "2026-12-08", reason: "Leave" })).status,
    ).toBe(201);
  });

  it("refuses bad requests with a clear message and changes nothing", async () => {
    const task = await newTask({ dueDate: "2026-12-01" });
    const done = await newTask();
    await t.db
      .update(tasks)
      .set({ status: "completed", completionDate: "2026-11-24" })
      .where(eq(tasks.id, done.id));
    const cases: [string, Response, number, string?][] = [
      [
        "not later",
        await ask(task.id, owner.cookie, { dueDate: "2026-12-01", reason: "r" }),
        400,
        THREAD_MESSAGES.notLater,
      ],
      [
        "completed",
        await ask(done.id, owner.cookie, { dueDate: "2026-12-10", reason: "r" }),
        400,
        THREAD_MESSAGES.completed,
      ],
      [
        "no reason",
        await ask(task.id, owner.cookie, { dueDate: "2026-12-10" }),
        400,
        THREAD_MESSAGES.reasonRequired,
      ],
      [
        "long reason",
        await ask(task.id, owner.cookie, { dueDate: "2026-12-10", reason: "x".repeat(1001) }),
        400,
        THREAD_MESSAGES.reasonTooLong,
      ],
      ["bad date", await ask(task.id, owner.cookie, { dueDate: "2026-02-30", reason: "r" }), 400],
      ["head", await ask(task.id, head.cookie, { dueDate: "2026-12-10", reason: "r" }), 403],
      ["admin", await ask(task.id, admin.cookie, { dueDate: "2026-12-10", reason: "r" }), 403],
      [
        "stranger",
        await ask(task.id, stranger.cookie, { dueDate: "2026-12-10", reason: "r" }),
        404,
      ],
      ["anonymous", await ask(task.id, undefined, { dueDate: "2026-12-10", reason: "r" }), 401],
    ];
    for (const [name, res, status, message] of cases) {
      expect(res.status, name).toBe(status);
      if (message) expect(await errorOf(res), name).toBe(said(message));
    }
    expect(
      await t.db
        .select()
        .from(taskExtensionRequests)
        .where(eq(taskExtensionRequests.taskId, task.id)),
    ).toHaveLength(0);

    // One pending request per task, even when two race.
    const both = await Promise.all([
      ask(task.id, owner.cookie, { dueDate: "2026-12-10", reason: "First" }),
      ask(task.id, owner.cookie, { dueDate: "2026-12-12", reason: "Second" }),
    ]);
    expect(both.map((res) => res.status).sort()).toEqual([201, 400]);
    const second = await ask(task.id, owner.cookie, { dueDate: "2026-12-15", reason: "Third" });
    expect(await errorOf(second)).toBe(said(THREAD_MESSAGES.alreadyPending));
    expect(
      await t.db
        .select()
        .from(taskExtensionRequests)
        .where(eq(taskExtensionRequests.taskId, task.id)),
    ).toHaveLength(1);
    expect((await decide("not-an-id", "approve", admin.cookie)).status).toBe(404);
    expect((await decide(crypto.randomUUID(), "approve", admin.cookie)).status).toBe(404);
  });

  it("lists can show the tasks with a pending request, and the extended ones", async () => {
    const waiting = await newTask({ dueDate: "2026-12-01" });
    await ask(waiting.id, owner.cookie, { dueDate: "2026-12-03", reason: "r" });
    const moved = await newTask({ dueDate: "2026-12-01" });
    await t.db
      .update(tasks)
      .set({ dueDate: "2026-12-05", originalDueDate: "2026-12-01" })
      .where(eq(tasks.id, moved.id));
    const ids = async (extension: string) => {
      const page = (await (
        await t.request(`/api/tasks?extension=${extension}&pageSize=1000`, { cookie: admin.cookie })
      ).json()) as TaskPage;
      return page.tasks.map((task) => task.id);
    };
    expect(await ids("pending")).toContain(waiting.id);
    expect(await ids("pending")).not.toContain(moved.id);
    expect(await ids("extended")).toContain(moved.id);
    expect(await ids("extended")).not.toContain(waiting.id);
    expect((await t.request("/api/tasks?extension=maybe", { cookie: admin.cookie })).status).toBe(
      400,
    );
  });

  it("an entry of the thread leaves with its task", async () => {
    const task = await newTask();
    await report(task.id, "Started");
    await t.request(`/api/tasks/${task.id}`, { method: "DELETE", cookie: admin.cookie });
    expect(
      await t.db.select().from(taskProgressEntries).where(eq(taskProgressEntries.taskId, task.id)),
    ).toHaveLength(0);
  });
});

describe("the performance report counts extensions", () => {
  let t: TestApp;
  let admin: Account;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    admin = await t.signedInAs("admin");
  });
  afterAll(() => t.close());

  it("on time against the original due date, and extensions granted, as worked by hand", async () => {
    const farah = await t.makeUser({ fullName: "Farah" });
    // [assign, due, original due, status, completed]
    const rows: [string, string, string | null, "completed" | "in_progress", string | null][] = [
      ["2026-11-20", "2026-11-24", "2026-11-21", "completed", "2026-11-23"], // on time; late by the original
      ["2026-11-20", "2026-11-22", null, "completed", "2026-11-22"], // on time both ways
      ["2026-11-21", "2026-11-30", "2026-11-23", "in_progress", null],
      ["2026-11-22", "2026-11-22", null, "completed", "2026-11-25"], // late both ways
    ];
    const ids: string[] = [];
    for (const [assignDate, dueDate, originalDueDate, status, completionDate] of rows) {
      const [task] = await t.db
        .insert(tasks)
        .values({
          subject: "Farah's task",
          assignedTo: farah.id,
          assignDate,
          dueDate,
          originalDueDate,
          status,
          completionDate,
        })
        .returning();
      ids.push(task.id);
    }
    const request = (taskId: string, status: "approved" | "declined" | "pending") => ({
      taskId,
      requestedBy: farah.id,
      previousDueDate: "2026-11-21",
      requestedDueDate: "2026-11-24",
      reason: "r",
      status,
    });
    await t.db
      .insert(taskExtensionRequests)
      .values([
        request(ids[0], "approved"),
        request(ids[2], "approved"),
        request(ids[3], "declined"),
      ]);

    const res = await t.request("/api/reports/performance?range=7", { cookie: admin.cookie });
    const row = ((await res.json()).rows as PerformanceRow[]).find((r) => r.userId === farah.id);
    // Completed: rows 0, 1 and 3. On time by the due date: 0 and 1 (2 of 3, 67%); by the
    // original due date: 1 only (1 of 3, 33%). Approved requests: rows 0 and 2.
    expect(row).toMatchObject({
      completedTasks: 3,
      onTimeRate: 67,
      originalOnTimeRate: 33,
      extensionsGranted: 2,
    });
    const shared = rows.filter(([, dueDate, originalDueDate, status, completionDate]) =>
      isCompletedByOriginalDueDate({ dueDate, originalDueDate, status, completionDate }),
    );
    expect(shared).toHaveLength(1);
  });
});
