import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, jobs, taskProgressFiles, tasks } from "../../src/server/db/schema";
import type { Bucket } from "../../src/server/files/storage";
import { DEFAULT_OFFICE_SETTINGS } from "../../src/shared/calendar";
import type { OutboxPage } from "../../src/shared/notifications";
import type { TaskItem } from "../../src/shared/tasks";
import { createTestApp, type TestApp } from "../helpers/app";
import { formOf, settingsVersion } from "../helpers/factories";
import { fileOf, PDF_BYTES, PNG_BYTES } from "../helpers/files";
import { STORAGE_DRIVERS, storageOn } from "../helpers/s3";

type Person = Awaited<ReturnType<TestApp["signedInAs"]>>;

const DAY_MS = 24 * 60 * 60_000;

describe.each(STORAGE_DRIVERS)("a deleted task's stored files, stored %s", (driver) => {
  let t: TestApp;
  let admin: Person;
  let worker: Person;
  let now = new Date("2026-11-25T05:00:00Z");

  let store: Awaited<ReturnType<typeof storageOn>>;

  beforeAll(async () => {
    store = await storageOn(driver);
    t = await createTestApp({ clock: () => now, runJobs: false, storage: store.storage });
    admin = await t.signedInAs("admin");
    worker = await t.signedInAs("user");
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  async function setRetention(days: number) {
    const res = await t.request("/api/office/settings", {
      method: "PUT",
      cookie: admin.cookie,
      json: {
        ...DEFAULT_OFFICE_SETTINGS,
        deletedFileRetentionDays: days,
        version: await settingsVersion(t, admin.cookie),
      },
    });
    expect(res.status).toBe(200);
  }

  /** A task with an attachment and the worker's response file; answers where both are stored. */
  async function taskWithFiles(subject: string) {
    const created = await t.request("/api/tasks", {
      method: "POST",
      cookie: admin.cookie,
      body: formOf({
        subject,
        assignedTo: worker.id,
        assignDate: "2026-11-25",
        dueDate: "2026-12-02",
        taskType: "Task",
        attachment: fileOf(PDF_BYTES, "brief.pdf", "application/pdf"),
      }),
    });
    expect(created.status).toBe(201);
    const task: TaskItem = await created.json();
    const uploaded = await t.request(`/api/tasks/${task.id}/response-file`, {
      method: "POST",
      cookie: worker.cookie,
      body: formOf({ file: fileOf(PNG_BYTES, "reply.png", "image/png") }),
    });
    expect(uploaded.status).toBe(201);
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    const [file] = await t.db
      .select()
      .from(taskProgressFiles)
      .where(eq(taskProgressFiles.taskId, task.id));
    const files: { bucket: Bucket; key: string }[] = [
      { bucket: "task-attachments", key: row.attachmentPath as string },
      { bucket: "task-progress-files", key: file.filePath },
    ];
    return { task, files };
  }

  const stored = (files: { bucket: Bucket; key: string }[]) =>
    Promise.all(
      files.map(async ({ bucket, key }) => {
        const found = await t.storage.open(bucket, key);
        await found?.body.cancel();
        return found !== null;
      }),
    );

  async function removalJobFor(files: { key: string }[]) {
    const rows = await t.db.select().from(jobs).where(eq(jobs.kind, "remove_files"));
    const job = rows.find((row) => JSON.stringify(row.payload).includes(files[0].key));
    if (!job) throw new Error("no removal job for the task's files");
    return job;
  }

  it("keeps them for the retention period, records the delete, then the runner removes them", async () => {
    await setRetention(30);
    const { task, files } = await taskWithFiles("Return the hostel survey");
    const deletedAt = now;

    const res = await t.request(`/api/tasks/${task.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(await stored(files)).toEqual([true, true]);

    const [record] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entity, "task"),
          eq(auditEvents.entityId, task.id),
          eq(auditEvents.action, "deleted"),
        ),
      );
    expect(record.actorId).toBe(admin.id);
    expect(record.changes.subject).toEqual({ before: "Return the hostel survey", after: null });
    expect(record.changes.attachment).toMatchObject({ after: null });

    const job = await removalJobFor(files);
    expect(job).toMatchObject({ state: "queued", payload: { files } });
    expect(job.runAt.getTime()).toBe(deletedAt.getTime() + 30 * DAY_MS);

    // The outbox lists mail only: the removal is not a message.
    const outbox = await t.request("/api/admin/outbox", { cookie: admin.cookie });
    const page: OutboxPage = await outbox.json();
    expect(page.messages.map((message) => message.id)).not.toContain(job.id);

    now = new Date(deletedAt.getTime() + 30 * DAY_MS - 60_000);
    await t.jobs.runDue();
    expect(await stored(files)).toEqual([true, true]);

    now = new Date(deletedAt.getTime() + 30 * DAY_MS);
    await t.jobs.runDue();
    expect(await stored(files)).toEqual([false, false]);
    expect(await removalJobFor(files)).toMatchObject({ state: "done", lastError: null });
  });

  it("with a retention of 0, removes them at the runner's next pass, a file already gone too", async () => {
    await setRetention(0);
    const { task, files } = await taskWithFiles("Forward the audit reply");
    const res = await t.request(`/api/tasks/${task.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    await t.storage.remove(files[1].bucket, files[1].key);

    await t.jobs.runDue();
    expect(await stored(files)).toEqual([false, false]);
    expect(await removalJobFor(files)).toMatchObject({ state: "done", attempts: 1 });
  });

  it("queues nothing for a task without files, nor for a refused delete", async () => {
    const before = await t.db.select().from(jobs).where(eq(jobs.kind, "remove_files"));
    const created = await t.request("/api/tasks", {
      method: "POST",
      cookie: admin.cookie,
      body: formOf({
        subject: "No papers",
        assignedTo: worker.id,
        assignDate: "2026-11-25",
        dueDate: "2026-12-02",
        taskType: "Task",
      }),
    });
    const task: TaskItem = await created.json();
    const byWorker = await t.request(`/api/tasks/${task.id}`, {
      method: "DELETE",
      cookie: worker.cookie,
    });
    expect(byWorker.status).toBe(403);
    const byAdmin = await t.request(`/api/tasks/${task.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(byAdmin.status).toBe(200);
    const after = await t.db.select().from(jobs).where(eq(jobs.kind, "remove_files"));
    expect(after).toHaveLength(before.length);
  });
});
