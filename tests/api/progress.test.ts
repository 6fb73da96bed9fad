import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { taskProgressFiles, tasks } from "../../src/server/db/schema";
import { FILE_MESSAGES } from "../../src/shared/files";
import { said } from "../../src/shared/i18n/server-instance";
import { PROGRESS_MESSAGES, type TaskItem, type TaskStats } from "../../src/shared/tasks";
import { createTestApp, type TestApp } from "../helpers/app";
import { formOf, makeTask, taskVersion } from "../helpers/factories";
import { EXE_BYTES, fileOf, PDF_BYTES, PNG_BYTES } from "../helpers/files";

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

describe("assignees report progress; organization heads only watch", () => {
  let t: TestApp;
  let admin: Account;
  let owner: Account;
  let stranger: Account;
  let head: Account;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signedInAs("admin");
    owner = await t.signedInAs("user");
    stranger = await t.signedInAs("user");
    head = await t.signedInAs("organization_head");
  });
  afterAll(() => t.close());

  const putRemarks = (id: string, cookie: string | undefined, remarks: string) =>
    t.request(`/api/tasks/${id}/remarks`, { method: "PUT", cookie, json: { remarks } });
  const upload = (id: string, cookie: string | undefined, file: File) => {
    const body = new FormData();
    body.append("file", file);
    return t.request(`/api/tasks/${id}/response-file`, { method: "POST", cookie, body });
  };
  const removeFile = (id: string, cookie: string | undefined) =>
    t.request(`/api/tasks/${id}/response-file`, { method: "DELETE", cookie });

  it("answers in the assignee's own language, successes and refusals alike", async () => {
    const reader = await t.signedInAs("user");
    const setLanguage = (language: string) =>
      t.request("/api/me/language", { method: "PUT", cookie: reader.cookie, json: { language } });
    expect((await setLanguage("ur")).status).toBeLessThan(300);
    const task = await makeTask(t.db, { assignedTo: reader.id });
    const ok = await putRemarks(task.id, reader.cookie, "مسودہ بھیج دیا گیا");
    expect((await ok.json()).message).toBe(said(PROGRESS_MESSAGES.remarksUpdated, "ur"));
    const wrong = await upload(task.id, reader.cookie, fileOf(EXE_BYTES, "reply.pdf"));
    expect((await wrong.json()).error.message).toBe(said(FILE_MESSAGES.wrongType, "ur"));
    expect(said(FILE_MESSAGES.wrongType, "ur")).not.toBe(said(FILE_MESSAGES.wrongType));
  });

  it("the assignee updates remarks; nobody else but an admin can, and nothing changes", async () => {
    const task = await makeTask(t.db, { assignedTo: owner.id });
    const ok = await putRemarks(task.id, owner.cookie, "Draft shared with the section officer");
    expect(ok.status).toBe(200);
    expect((await ok.json()).message).toBe(said(PROGRESS_MESSAGES.remarksUpdated));

    expect((await putRemarks(task.id, undefined, "x")).status).toBe(401);
    expect((await putRemarks(task.id, stranger.cookie, "x")).status).toBe(404);
    expect((await putRemarks(task.id, head.cookie, "x")).status).toBe(403);
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row.remarks).toBe("Draft shared with the section officer");

    expect((await putRemarks(task.id, admin.cookie, "Checked by admin")).status).toBe(200);
    expect((await putRemarks(task.id, owner.cookie, "x".repeat(10_001))).status).toBe(400);
  });

  it("the remarks call changes remarks only, whatever else the body carries", async () => {
    const task = await makeTask(t.db, { assignedTo: owner.id, subject: "Fixed subject" });
    const res = await t.request(`/api/tasks/${task.id}/remarks`, {
      method: "PUT",
      cookie: owner.cookie,
      json: { remarks: "ok", subject: "Hijacked", status: "completed", assignedTo: stranger.id },
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row).toMatchObject({
      subject: "Fixed subject",
      status: "in_progress",
      assignedTo: owner.id,
      remarks: "ok",
    });
  });

  it("a user reads only their own tasks and their own counters", async () => {
    const mine = await makeTask(t.db, { assignedTo: owner.id });
    const theirs = await makeTask(t.db, { assignedTo: stranger.id });
    expect((await t.request(`/api/tasks/${theirs.id}`, { cookie: owner.cookie })).status).toBe(404);
    const detail: TaskItem = await (
      await t.request(`/api/tasks/${mine.id}`, { cookie: owner.cookie })
    ).json();
    expect(detail.id).toBe(mine.id);
    const stats: TaskStats = await (
      await t.request("/api/tasks/stats", { cookie: owner.cookie })
    ).json();
    const ownCount = (await t.db.select().from(tasks).where(eq(tasks.assignedTo, owner.id))).length;
    expect(stats.total).toBe(ownCount);
  });

  it("takes one response file, checked by content, and refuses a second one", async () => {
    const task = await makeTask(t.db, { assignedTo: owner.id });
    expect((await upload(task.id, owner.cookie, fileOf(EXE_BYTES, "reply.pdf"))).status).toBe(400);
    const wrong = await upload(task.id, owner.cookie, fileOf(EXE_BYTES, "reply.pdf"));
    expect((await wrong.json()).error.message).toBe(said(FILE_MESSAGES.wrongType));

    const first = await upload(task.id, owner.cookie, fileOf(PDF_BYTES, "reply.pdf"));
    expect(first.status).toBe(201);
    const body = await first.json();
    expect(body.message).toBe(said(PROGRESS_MESSAGES.uploaded));
    expect(body.task.responseFile).toMatchObject({ fileName: "reply.pdf", uploadedBy: owner.id });
    expect(body.task.responseFileCount).toBe(1);
    const [stored] = await t.db
      .select()
      .from(taskProgressFiles)
      .where(eq(taskProgressFiles.taskId, task.id));
    expect(stored.filePath.startsWith(`${owner.id}/`)).toBe(true);
    const download = await t.request(body.task.responseFile.url);
    expect(download.headers.get("content-type")).toBe("application/pdf");

    const second = await upload(task.id, owner.cookie, fileOf(PNG_BYTES, "more.png"));
    expect(second.status).toBe(409);
    expect((await second.json()).error.message).toBe(said(PROGRESS_MESSAGES.oneFileOnly));
  });

  it("keeps one response file even when two uploads race", async () => {
    const task = await makeTask(t.db, { assignedTo: owner.id });
    const results = await Promise.all([
      upload(task.id, owner.cookie, fileOf(PDF_BYTES, "a.pdf")),
      upload(task.id, owner.cookie, fileOf(PNG_BYTES, "b.png")),
      upload(task.id, owner.cookie, fileOf(PDF_BYTES, "c.pdf")),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(
      await t.db.select().from(taskProgressFiles).where(eq(taskProgressFiles.taskId, task.id)),
    ).toHaveLength(1);
  });

  it("refuses uploads from anyone but the assignee or an admin", async () => {
    const task = await makeTask(t.db, { assignedTo: owner.id });
    expect((await upload(task.id, undefined, fileOf(PDF_BYTES, "x.pdf"))).status).toBe(401);
    expect((await upload(task.id, stranger.cookie, fileOf(PDF_BYTES, "x.pdf"))).status).toBe(404);
    expect((await upload(task.id, head.cookie, fileOf(PDF_BYTES, "x.pdf"))).status).toBe(403);
    expect(
      await t.db.select().from(taskProgressFiles).where(eq(taskProgressFiles.taskId, task.id)),
    ).toEqual([]);
  });

  it("lets the uploader or an admin delete the response file, and its link dies with it", async () => {
    const task = await makeTask(t.db, { assignedTo: owner.id });
    const uploaded = await (
      await upload(task.id, owner.cookie, fileOf(PDF_BYTES, "reply.pdf"))
    ).json();
    const url: string = uploaded.task.responseFile.url;

    expect((await removeFile(task.id, undefined)).status).toBe(401);
    expect((await removeFile(task.id, stranger.cookie)).status).toBe(404);
    expect((await removeFile(task.id, head.cookie)).status).toBe(403);
    expect((await t.request(url)).status).toBe(200);

    const res = await removeFile(task.id, owner.cookie);
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(said(PROGRESS_MESSAGES.fileDeleted));
    expect((await t.request(url)).status).toBe(404);
    expect((await removeFile(task.id, owner.cookie)).status).toBe(404);

    await upload(task.id, owner.cookie, fileOf(PNG_BYTES, "again.png"));
    expect((await removeFile(task.id, admin.cookie)).status).toBe(200);
  });

  it("organization heads cannot write anything", async () => {
    const task = await makeTask(t.db, { assignedTo: owner.id });
    const fields = {
      subject: "x",
      assignedTo: owner.id,
      assignDate: "2026-11-01",
      dueDate: "2026-11-02",
      status: "completed",
    };
    // The edit carries the task's current version: refused for the role alone.
    const edit = formOf({ ...fields, version: await taskVersion(t, admin.cookie, task.id) });
    const writes = [
      t.request("/api/tasks", { method: "POST", cookie: head.cookie, body: formOf(fields) }),
      t.request(`/api/tasks/${task.id}`, { method: "PATCH", cookie: head.cookie, body: edit }),
      t.request(`/api/tasks/${task.id}/complete`, { method: "POST", cookie: head.cookie }),
      t.request(`/api/tasks/${task.id}`, { method: "DELETE", cookie: head.cookie }),
      putRemarks(task.id, head.cookie, "x"),
      upload(task.id, head.cookie, fileOf(PDF_BYTES, "x.pdf")),
      removeFile(task.id, head.cookie),
    ];
    for (const res of await Promise.all(writes)) expect(res.status).toBe(403);
  });
});
