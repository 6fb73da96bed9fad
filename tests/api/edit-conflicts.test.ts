import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, tasks } from "../../src/server/db/schema";
import { addDays, todayIn } from "../../src/shared/dates";
import { message } from "../../src/shared/i18n/message";
import { said } from "../../src/shared/i18n/server-instance";
import type { TaskItem } from "../../src/shared/tasks";
import { createTestApp, type TestApp } from "../helpers/app";
import { formOf } from "../helpers/factories";

// 05:42 UTC is 10:42 on the office's clock (Asia/Karachi).
let now = new Date("2026-11-30T05:42:00Z");
const today = () => todayIn("Asia/Karachi", now);

describe("an edit saved over a newer version of its task", () => {
  let t: TestApp;
  let amina: { id: string; cookie: string };
  let bilal: { id: string; cookie: string };
  let assignee: { id: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    amina = await t.signedInAs("admin", { fullName: "Amina Qureshi" });
    bilal = await t.signedInAs("admin", { fullName: "Bilal Ahmed" });
    assignee = await t.signedInAs("user", { fullName: "Sana Iqbal" });
  });
  afterAll(() => t.close());

  const fieldsOf = (task: TaskItem) => ({
    subject: task.subject,
    description: task.description,
    assignedTo: task.assignedTo,
    assignDate: task.assignDate,
    dueDate: task.dueDate,
    taskType: task.taskType,
    status: task.status,
    remarks: task.remarks,
  });

  async function newTask(dueInDays = 5): Promise<TaskItem> {
    const res = await t.request("/api/tasks", {
      method: "POST",
      cookie: amina.cookie,
      body: formOf({
        subject: "Draft the admissions policy",
        description: "For the Secretary's review",
        assignedTo: assignee.id,
        assignDate: today(),
        dueDate: addDays(today(), dueInDays),
        taskType: "Task",
      }),
    });
    expect(res.status).toBe(201);
    return res.json();
  }

  /** Edit Task's save, as the dialog opened on `opened` sends it with `changes`. */
  const save = (
    cookie: string,
    opened: TaskItem,
    changes: Record<string, string>,
    /** null: left out, as a page from before versions sends it. */
    version: string | null = String(opened.version),
  ) =>
    t.request(`/api/tasks/${opened.id}`, {
      method: "PATCH",
      cookie,
      body: formOf({ ...fieldsOf(opened), ...changes, version: version ?? undefined }),
    });

  const stored = async (id: string) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0];
  const auditCount = async (id: string) =>
    (await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, id))).length;

  it("refuses the later of two edits opened on the same version, naming who saved first and when, and changes nothing", async () => {
    const opened = await newTask();
    expect(opened.version).toBe(1);

    const first = await save(amina.cookie, opened, { subject: "Admissions policy, first draft" });
    expect(first.status).toBe(200);
    expect(((await first.json()) as TaskItem).version).toBe(2);
    const before = await stored(opened.id);
    const audited = await auditCount(opened.id);

    // Bilal opened Edit before Amina saved: his form still holds the old subject and dates.
    const second = await save(bilal.cookie, opened, {
      dueDate: addDays(today(), 9),
      dueDateReason: "More consultation",
      remarks: "Waiting for the colleges",
    });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      error: {
        code: "CONFLICT",
        message: "This task was changed by Amina Qureshi at 10:42 while you were editing.",
      },
    });
    expect(await stored(opened.id)).toEqual(before);
    expect(await auditCount(opened.id)).toBe(audited);
  });

  it("answers in the caller's language", async () => {
    const urdu = await t.signedInAs("admin", { fullName: "Bushra Khan" });
    const chosen = await t.request("/api/me/language", {
      method: "PUT",
      cookie: urdu.cookie,
      json: { language: "ur" },
    });
    expect(chosen.status).toBe(200);
    const opened = await newTask();
    expect((await save(amina.cookie, opened, { subject: "Revised" })).status).toBe(200);
    const res = await save(urdu.cookie, opened, {});
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(
      said(message("tasks:conflict.changedBy", { name: "Amina Qureshi", time: "10:42" }), "ur"),
    );
  });

  it("counts the assignee's progress report as a change an open edit must see", async () => {
    const opened = await newTask();
    const reported = await t.request(`/api/tasks/${opened.id}/remarks`, {
      method: "PUT",
      cookie: assignee.cookie,
      json: { remarks: "Draft sent to the colleges" },
    });
    expect(reported.status).toBe(200);
    const res = await save(amina.cookie, opened, { subject: "Would wipe the remarks" });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(
      "This task was changed by Sana Iqbal at 10:42 while you were editing.",
    );
    expect((await stored(opened.id)).remarks).toBe("Draft sent to the colleges");
  });

  it("says a change the app made by itself (the overdue rule) was made automatically", async () => {
    const opened = await newTask(0);
    const later = now;
    try {
      now = new Date(now.getTime() + 2 * 24 * 60 * 60_000);
      // Any write sweeps: the task, due two days ago now, turns overdue.
      await newTask();
      expect((await stored(opened.id)).status).not.toBe(opened.status);
      const res = await save(amina.cookie, opened, { subject: "Stale" });
      expect(res.status).toBe(409);
      expect((await res.json()).error.message).toBe(
        "This task was changed automatically at 10:42 while you were editing.",
      );
    } finally {
      now = later;
    }
  });

  it("lets exactly one of two saves sent at once on the same version through", async () => {
    const opened = await newTask();
    const answers = await Promise.all([
      save(amina.cookie, opened, { subject: "Amina's subject" }),
      save(bilal.cookie, opened, { subject: "Bilal's subject" }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const row = await stored(opened.id);
    expect(row.version).toBe(2);
    expect(["Amina's subject", "Bilal's subject"]).toContain(row.subject);
  });

  it("refuses a save without its version (an old page) with a 400, changing nothing", async () => {
    const opened = await newTask();
    for (const version of [null, "", "0", "1.5", "abc"]) {
      const res = await save(amina.cookie, opened, { subject: "No version" }, version);
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(
        "This form is out of date: reload the page and try again.",
      );
    }
    expect((await stored(opened.id)).subject).toBe(opened.subject);
  });

  it("never refuses appends: progress, replies and extension requests go on whatever the version", async () => {
    const opened = await newTask();
    expect((await save(amina.cookie, opened, { subject: "Moved on" })).status).toBe(200);
    const remarks = await t.request(`/api/tasks/${opened.id}/remarks`, {
      method: "PUT",
      cookie: assignee.cookie,
      json: { remarks: "Progress one" },
    });
    expect(remarks.status).toBe(200);
    const reply = await t.request(`/api/tasks/${opened.id}/replies`, {
      method: "POST",
      cookie: bilal.cookie,
      json: { body: "Noted" },
    });
    expect(reply.status).toBe(201);
    const extension = await t.request(`/api/tasks/${opened.id}/extension-requests`, {
      method: "POST",
      cookie: assignee.cookie,
      json: { dueDate: addDays(today(), 20), reason: "The colleges asked for time" },
    });
    expect(extension.status).toBe(201);
    // An edit opened now, on the current version, saves.
    const current: TaskItem = await (
      await t.request(`/api/tasks/${opened.id}`, { cookie: amina.cookie })
    ).json();
    expect(current.version).toBeGreaterThan(opened.version);
    expect(
      (await save(amina.cookie, current, { subject: "Saved on the current one" })).status,
    ).toBe(200);
  });
});
