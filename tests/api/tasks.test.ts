import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks } from "../../src/server/db/schema";
import { addDays, todayIn } from "../../src/shared/dates";
import { FILE_MESSAGES, MAX_FILE_BYTES } from "../../src/shared/files";
import { said } from "../../src/shared/i18n/server-instance";
import { TASK_MESSAGES, type TaskItem, type TaskPage } from "../../src/shared/tasks";
import { createTestApp, type TestApp } from "../helpers/app";
import { formOf, makeTask, taskVersion } from "../helpers/factories";
import { EXE_BYTES, fileOf, HTML_BYTES, PDF_BYTES, PNG_BYTES } from "../helpers/files";

const today = todayIn("Asia/Karachi");
const shift = (days: number) => addDays(today, days);

describe("tasks for administrators", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp["signedInAs"]>>;
  let worker: Awaited<ReturnType<TestApp["signedInAs"]>>;
  let other: Awaited<ReturnType<TestApp["signedInAs"]>>;
  let head: Awaited<ReturnType<TestApp["signedInAs"]>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signedInAs("admin");
    worker = await t.signedInAs("user");
    other = await t.signedInAs("user");
    head = await t.signedInAs("organization_head");
  });
  afterAll(() => t.close());

  const validFields = () => ({
    subject: "Compile the enrolment figures",
    description: "For the provincial review",
    assignedTo: worker.id,
    assignDate: today,
    dueDate: shift(7),
    taskType: "Request",
  });

  async function create(
    fields: Record<string, string | File | undefined>,
    cookie: string | undefined = admin.cookie,
  ) {
    return t.request("/api/tasks", { method: "POST", cookie, body: formOf(fields) });
  }
  const createAs = (
    cookie: string | undefined,
    fields: Record<string, string | File | undefined>,
  ) => t.request("/api/tasks", { method: "POST", cookie, body: formOf(fields) });

  it("creates a task in progress, with its assignment and an attachment stored under the assignee", async () => {
    const res = await create({
      ...validFields(),
      attachment: fileOf(PDF_BYTES, "brief.pdf", "application/pdf"),
    });
    expect(res.status).toBe(201);
    const task: TaskItem = await res.json();
    expect(task).toMatchObject({
      subject: "Compile the enrolment figures",
      status: "in_progress",
      taskType: "Request",
      createdBy: admin.id,
      assignedTo: worker.id,
      completionDate: null,
      attachment: { fileName: "brief.pdf" },
    });
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row.attachmentPath).toMatch(new RegExp(`^${worker.id}/[0-9a-f]{32}\\.pdf$`));

    const download = await t.request(task.attachment?.url ?? "");
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toContain('filename="brief.pdf"');
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF_BYTES)).toBe(true);
  });

  it("defaults the task type to Task", async () => {
    const { taskType: _omitted, ...fields } = validFields();
    const task: TaskItem = await (await create(fields)).json();
    expect(task.taskType).toBe("Task");
    expect(task.attachment).toBeNull();
  });

  it("refuses missing fields with the spec's message and stores nothing", async () => {
    const before = (await t.db.select().from(tasks)).length;
    for (const missing of ["subject", "assignedTo", "assignDate", "dueDate"] as const) {
      const res = await create({ ...validFields(), [missing]: undefined });
      expect(res.status, missing).toBe(400);
      expect((await res.json()).error.message).toBe(said(TASK_MESSAGES.required));
    }
    const blank = await create({ ...validFields(), subject: "   " });
    expect((await blank.json()).error.message).toBe(said(TASK_MESSAGES.required));
    const backwards = await create({ ...validFields(), dueDate: shift(-1) });
    expect((await backwards.json()).error.message).toBe(said(TASK_MESSAGES.dueBeforeAssign));
    const badDate = await create({ ...validFields(), dueDate: "2026-02-30" });
    expect(badDate.status).toBe(400);
    const badType = await create({ ...validFields(), taskType: "Chore" });
    expect(badType.status).toBe(400);
    expect((await t.db.select().from(tasks)).length).toBe(before);
  });

  it("never assigns a task to an organization head or an unknown account", async () => {
    for (const assignedTo of [head.id, "nobody"]) {
      const res = await create({ ...validFields(), assignedTo });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(said(TASK_MESSAGES.invalidAssignee));
    }
  });

  it("judges attachments by their bytes and size, not their names", async () => {
    const before = (await t.db.select().from(tasks)).length;
    for (const file of [
      fileOf(EXE_BYTES, "report.pdf", "application/pdf"),
      fileOf(HTML_BYTES, "photo.png", "image/png"),
    ]) {
      const res = await create({ ...validFields(), attachment: file });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(said(FILE_MESSAGES.wrongType));
    }
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(MAX_FILE_BYTES - PDF_BYTES.length)]);
    const tooLarge = await create({ ...validFields(), attachment: fileOf(big, "big.pdf") });
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error.message).toBe(said(FILE_MESSAGES.tooLarge));
    const png = await create({ ...validFields(), attachment: fileOf(PNG_BYTES, "scan.PNG") });
    expect(png.status).toBe(201);
    expect((await t.db.select().from(tasks)).length).toBe(before + 1);
  });

  describe("per role", () => {
    it("only admins create, edit, complete and delete; nothing changes otherwise", async () => {
      const task = await makeTask(t.db, {
        assignedTo: worker.id,
        createdBy: admin.id,
        subject: "Untouched",
      });
      for (const [caller, cookie, status] of [
        ["anonymous", undefined, 401],
        ["user", worker.cookie, 403],
        ["organization_head", head.cookie, 403],
      ] as const) {
        expect((await createAs(cookie, validFields())).status, caller).toBe(status);
        const edit = await t.request(`/api/tasks/${task.id}`, {
          method: "PATCH",
          cookie,
          body: formOf({
            ...validFields(),
            status: "completed",
            version: await taskVersion(t, admin.cookie, task.id),
          }),
        });
        expect(edit.status, caller).toBe(status);
        expect(
          (await t.request(`/api/tasks/${task.id}/complete`, { method: "POST", cookie })).status,
          caller,
        ).toBe(status);
        expect(
          (await t.request(`/api/tasks/${task.id}`, { method: "DELETE", cookie })).status,
          caller,
        ).toBe(status);
      }
      const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
      expect(row).toMatchObject({ subject: "Untouched", status: "in_progress" });
    });

    it("reading: anonymous 401, a user only their own tasks, organization heads and admins all", async () => {
      const mine = await makeTask(t.db, { assignedTo: worker.id, subject: "Mine" });
      const theirs = await makeTask(t.db, { assignedTo: other.id, subject: "Theirs" });
      expect((await t.request("/api/tasks")).status).toBe(401);
      expect((await t.request(`/api/tasks/${mine.id}`)).status).toBe(401);
      expect((await t.request("/api/tasks/stats")).status).toBe(401);

      const workerList: TaskPage = await (
        await t.request("/api/tasks?pageSize=1000", { cookie: worker.cookie })
      ).json();
      expect(workerList.tasks.every((task) => task.assignedTo === worker.id)).toBe(true);
      expect((await t.request(`/api/tasks/${theirs.id}`, { cookie: worker.cookie })).status).toBe(
        404,
      );
      expect((await t.request(`/api/tasks/${mine.id}`, { cookie: worker.cookie })).status).toBe(
        200,
      );
      const sneaky: TaskPage = await (
        await t.request(`/api/tasks?assignedUser=${other.id}`, { cookie: worker.cookie })
      ).json();
      expect(sneaky.tasks.some((task) => task.assignedTo === other.id)).toBe(false);

      for (const cookie of [head.cookie, admin.cookie]) {
        const all: TaskPage = await (
          await t.request("/api/tasks?pageSize=1000", { cookie })
        ).json();
        expect(all.tasks.map((task) => task.id)).toEqual(
          expect.arrayContaining([mine.id, theirs.id]),
        );
        expect((await t.request(`/api/tasks/${theirs.id}`, { cookie })).status).toBe(200);
      }
    });
  });

  it("edits every field; completed stamps today's completion date and other statuses clear it", async () => {
    const task: TaskItem = await (
      await create({ ...validFields(), attachment: fileOf(PDF_BYTES, "first.pdf") })
    ).json();
    const oldLink = task.attachment?.url ?? "";
    // Every edit here may move the due date: each gives a reason (issue 16).
    const edit = async (fields: Record<string, string | File | undefined>) =>
      t.request(`/api/tasks/${task.id}`, {
        method: "PATCH",
        cookie: admin.cookie,
        body: formOf({
          dueDateReason: "Revised plan",
          version: await taskVersion(t, admin.cookie, task.id),
          ...fields,
        }),
      });

    const res = await edit({
      subject: "Revised subject",
      description: "Revised description",
      assignedTo: other.id,
      assignDate: shift(-3),
      dueDate: shift(3),
      taskType: "Task",
      status: "completed",
      remarks: "Done early",
      attachment: fileOf(PNG_BYTES, "second.png"),
    });
    expect(res.status).toBe(200);
    const edited: TaskItem = await res.json();
    expect(edited).toMatchObject({
      subject: "Revised subject",
      description: "Revised description",
      assignedTo: other.id,
      assignDate: shift(-3),
      dueDate: shift(3),
      taskType: "Task",
      status: "completed",
      remarks: "Done early",
      completionDate: today,
      attachment: { fileName: "second.png" },
    });
    expect((await t.request(oldLink)).status).toBe(404);

    const reopened: TaskItem = await (
      await edit({ ...validFields(), status: "super_delayed", removeAttachment: "true" })
    ).json();
    expect(reopened).toMatchObject({
      status: "super_delayed",
      completionDate: null,
      attachment: null,
    });
    expect((await t.request(edited.attachment?.url ?? "")).status).toBe(404);

    expect((await edit({ ...validFields(), status: "finished" })).status).toBe(400);
    const missing = await t.request("/api/tasks/00000000-0000-0000-0000-000000000000", {
      method: "PATCH",
      cookie: admin.cookie,
      // A well-formed edit (any valid version): the only thing wrong is that there is no task.
      body: formOf({ ...validFields(), status: "in_progress", version: "1" }),
    });
    expect(missing.status).toBe(404);
  });

  it("marks a task completed once, with today's date", async () => {
    const task = await makeTask(t.db, { assignedTo: worker.id });
    const res = await t.request(`/api/tasks/${task.id}/complete`, {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe(said(TASK_MESSAGES.markedCompleted));
    expect(body.task).toMatchObject({ status: "completed", completionDate: today });
    const again = await t.request(`/api/tasks/${task.id}/complete`, {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(again.status).toBe(409);
    expect(
      (await t.request("/api/tasks/not-a-uuid/complete", { method: "POST", cookie: admin.cookie }))
        .status,
    ).toBe(404);
  });

  it("deletes a task with its stored files", async () => {
    const task: TaskItem = await (
      await create({ ...validFields(), attachment: fileOf(PDF_BYTES, "gone.pdf") })
    ).json();
    const res = await t.request(`/api/tasks/${task.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(said(TASK_MESSAGES.deleted));
    expect((await t.request(task.attachment?.url ?? "")).status).toBe(404);
    expect((await t.request(`/api/tasks/${task.id}`, { cookie: admin.cookie })).status).toBe(404);
    expect(
      (await t.request(`/api/tasks/${task.id}`, { method: "DELETE", cookie: admin.cookie })).status,
    ).toBe(404);
  });

  it("refuses forged and tampered file links", async () => {
    const task: TaskItem = await (
      await create({ ...validFields(), attachment: fileOf(PDF_BYTES, "secret.pdf") })
    ).json();
    const url = task.attachment?.url ?? "";
    const [payload, signature] = url.replace("/api/files/", "").split(".");
    const other = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, "base64url").toString()),
        e: 9999999999,
      }),
    ).toString("base64url");
    expect((await t.request(`/api/files/${other}.${signature}`)).status).toBe(404);
    expect((await t.request("/api/files/garbage")).status).toBe(404);
  });
});

describe("task lists: filters, order, paging, overdue and stats", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp["signedInAs"]>>;
  let asma: Awaited<ReturnType<TestApp["makeUser"]>>;
  let bilal: Awaited<ReturnType<TestApp["makeUser"]>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signedInAs("admin");
    asma = await t.makeUser();
    bilal = await t.makeUser();
    const rows = [
      { assignedTo: asma.id, subject: "late one", dueDate: shift(-1), status: "in_progress" },
      { assignedTo: asma.id, subject: "due today", dueDate: today, status: "in_progress" },
      { assignedTo: bilal.id, subject: "very late", dueDate: shift(-30), status: "super_delayed" },
      { assignedTo: bilal.id, subject: "done", dueDate: shift(-5), status: "completed" },
      { assignedTo: bilal.id, subject: "future", dueDate: shift(10), status: "in_progress" },
    ] satisfies Partial<typeof tasks.$inferInsert>[];
    for (const [i, row] of rows.entries()) {
      await t.db.insert(tasks).values({
        ...row,
        assignDate: shift(-40),
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
    }
  });
  afterAll(() => t.close());

  const list = async (query: string): Promise<TaskPage> =>
    (await t.request(`/api/tasks?${query}`, { cookie: admin.cookie })).json();

  it("moves in-progress tasks past their due date to delayed, and nothing else", async () => {
    const page = await list("");
    const byName = Object.fromEntries(page.tasks.map((task) => [task.subject, task.status]));
    expect(byName).toEqual({
      "late one": "delayed",
      "due today": "in_progress",
      "very late": "super_delayed",
      done: "completed",
      future: "in_progress",
    });
    expect(page.today).toBe(today);
  });

  it("lists newest first and pages on the server", async () => {
    const first = await list("pageSize=2");
    expect(first.total).toBe(5);
    expect(first.tasks.map((task) => task.subject)).toEqual(["future", "done"]);
    const third = await list("pageSize=2&page=3");
    expect(third.tasks.map((task) => task.subject)).toEqual(["late one"]);
  });

  it("filters by status, overdue, dates and assignee", async () => {
    const subjects = async (query: string) =>
      (await list(query)).tasks.map((task) => task.subject).sort();
    expect(await subjects("status=overdue")).toEqual(["late one", "very late"]);
    expect(await subjects("status=delayed")).toEqual(["late one"]);
    expect(await subjects("status=completed")).toEqual(["done"]);
    expect(await subjects(`dueDate=${today}`)).toEqual(["due today"]);
    expect(await subjects(`assignDate=${shift(-40)}&assignedUser=${asma.id}`)).toEqual([
      "due today",
      "late one",
    ]);
    expect(await subjects(`status=overdue&assignedUser=${bilal.id}`)).toEqual(["very late"]);
    expect(await subjects("status=all&assignDate=")).toHaveLength(5);
    expect((await t.request("/api/tasks?status=bogus", { cookie: admin.cookie })).status).toBe(400);
    expect((await t.request("/api/tasks?dueDate=tomorrow", { cookie: admin.cookie })).status).toBe(
      400,
    );
  });

  it("counts the stat cards in one go, per assignee too", async () => {
    const all = await (await t.request("/api/tasks/stats", { cookie: admin.cookie })).json();
    expect(all).toEqual({
      total: 5,
      completed: 1,
      inProgress: 2,
      overdue: 2,
      delayed: 1,
      superDelayed: 1,
    });
    const bilals = await (
      await t.request(`/api/tasks/stats?assignedUser=${bilal.id}`, { cookie: admin.cookie })
    ).json();
    expect(bilals).toEqual({
      total: 3,
      completed: 1,
      inProgress: 1,
      overdue: 1,
      delayed: 0,
      superDelayed: 1,
    });
    const stats = async (query: string) =>
      (await (await t.request(`/api/tasks/stats?${query}`, { cookie: admin.cookie })).json()).total;
    expect(await stats(`assignDateFrom=${shift(-39)}&assignDateTo=${today}`)).toBe(0);
    expect(await stats(`assignDateFrom=${shift(-40)}&assignDateTo=${shift(-40)}`)).toBe(5);
  });
});

describe("when tasks become overdue", () => {
  // Noon on Sunday 22 November 2026 in Karachi; tests move the clock on by whole days.
  let now = new Date("2026-11-22T07:00:00Z");
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp["signedInAs"]>>;
  let worker: Awaited<ReturnType<TestApp["signedInAs"]>>;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    admin = await t.signedInAs("admin");
    worker = await t.signedInAs("user");
  });
  afterAll(() => t.close());

  const fields = (dueDate: string) => ({
    subject: "Collect the affiliation files",
    assignedTo: worker.id,
    assignDate: "2026-11-01",
    dueDate,
    taskType: "Task",
  });
  const statusIn = async (id: string, cookie: string) => {
    const page: TaskPage = await (await t.request("/api/tasks", { cookie })).json();
    return page.tasks.find((task) => task.id === id)?.status;
  };

  it("is at once when a task is created or edited back to in progress with a past due date", async () => {
    await t.request("/api/tasks", { cookie: admin.cookie }); // today's first read has swept
    const created = await t.request("/api/tasks", {
      method: "POST",
      cookie: admin.cookie,
      body: formOf(fields("2026-11-21")),
    });
    const task: TaskItem = await created.json();
    expect(task.status).toBe("delayed");
    expect(await statusIn(task.id, worker.cookie)).toBe("delayed");

    const edited = await t.request(`/api/tasks/${task.id}`, {
      method: "PATCH",
      cookie: admin.cookie,
      body: formOf({
        ...fields("2026-11-20"),
        status: "in_progress",
        dueDateReason: "Earlier",
        version: await taskVersion(t, admin.cookie, task.id),
      }),
    });
    expect(((await edited.json()) as TaskItem).status).toBe("delayed");
  });

  it("is on the first read after the office's day turns, for a task due the day before", async () => {
    const created = await t.request("/api/tasks", {
      method: "POST",
      cookie: admin.cookie,
      body: formOf(fields("2026-11-22")),
    });
    const task: TaskItem = await created.json();
    expect(await statusIn(task.id, worker.cookie)).toBe("in_progress");
    now = new Date("2026-11-22T19:30:00Z"); // half past midnight in Karachi, 23 November
    expect(await statusIn(task.id, worker.cookie)).toBe("delayed");
  });
});
