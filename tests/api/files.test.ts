import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks } from "../../src/server/db/schema";
import { todayIn } from "../../src/shared/dates";
import type { TaskItem } from "../../src/shared/tasks";
import { createTestApp, type TestApp } from "../helpers/app";
import { accountVersion, formOf, makeTask, taskVersion } from "../helpers/factories";
import { fileOf, PDF_BYTES, PNG_BYTES } from "../helpers/files";
import { STORAGE_DRIVERS, storageOn } from "../helpers/s3";

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

describe.each(STORAGE_DRIVERS)("stored files and their links, stored %s", (driver) => {
  let t: TestApp;
  let admin: Account;
  let worker: Account;
  let other: Account;
  let head: Account;
  const today = todayIn("Asia/Karachi");

  let store: Awaited<ReturnType<typeof storageOn>>;

  beforeAll(async () => {
    store = await storageOn(driver);
    t = await createTestApp({ storage: store.storage });
    admin = await t.signedInAs("admin");
    worker = await t.signedInAs("user");
    other = await t.signedInAs("user");
    head = await t.signedInAs("organization_head");
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  const fields = (assignedTo: string) => ({
    subject: "Review the affiliation file",
    assignedTo,
    assignDate: today,
    dueDate: today,
    taskType: "Task",
  });

  async function createWith(attachment: File, assignedTo = worker.id): Promise<TaskItem> {
    const res = await t.request("/api/tasks", {
      method: "POST",
      cookie: admin.cookie,
      body: formOf({ ...fields(assignedTo), attachment }),
    });
    expect(res.status).toBe(201);
    return res.json();
  }

  async function viewAs(account: Account, taskId: string): Promise<TaskItem> {
    const res = await t.request(`/api/tasks/${taskId}`, { cookie: account.cookie });
    expect(res.status).toBe(200);
    return res.json();
  }

  const download = (url: string) => t.request(url);

  it("serves PDFs and images under the sandbox policy", async () => {
    for (const file of [fileOf(PDF_BYTES, "brief.pdf"), fileOf(PNG_BYTES, "scan.png")]) {
      const task = await createWith(file);
      const res = await download(task.attachment?.url ?? "");
      expect(res.status).toBe(200);
      const policy = res.headers.get("content-security-policy") ?? "";
      expect(policy.split(";").map((part) => part.trim())).toContain("sandbox");
      expect(policy).toContain("default-src 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("names a download after the type found in its bytes, without hidden characters", async () => {
    const cases: [File, string][] = [
      // "poly\u202Efdp.jar" displays as "polyraj.pdf": the override goes, the type decides.
      [fileOf(PDF_BYTES, "poly\u202Efdp.jar"), "polyfdp.pdf"],
      [fileOf(PDF_BYTES, "poly.jar"), "poly.pdf"],
      [fileOf(PNG_BYTES, "scan\u200f\u200e.jpeg"), "scan.png"],
      [fileOf(PNG_BYTES, "  \u2067 .png"), "file.png"],
      [fileOf(PDF_BYTES, "notes"), "notes.pdf"],
    ];
    for (const [file, expected] of cases) {
      const task = await createWith(file);
      expect(task.attachment?.fileName).toBe(expected);
      const res = await download(task.attachment?.url ?? "");
      expect(res.headers.get("content-disposition")).toContain(`filename="${expected}"`);
    }
    // Control characters have no place in a part's header (RFC 7578): the upload is refused.
    const res = await t.request("/api/tasks", {
      method: "POST",
      cookie: admin.cookie,
      body: formOf({ ...fields(worker.id), attachment: fileOf(PNG_BYTES, "scan\u0000\u0007.png") }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("VALIDATION");
  });

  it("bounds a long name and keeps its letters whole", async () => {
    const task = await createWith(fileOf(PDF_BYTES, `${"ریکارڈ".repeat(80)}.pdf`));
    const name = task.attachment?.fileName ?? "";
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(150);
    expect(name.endsWith(".pdf")).toBe(true);
    expect(name).not.toContain("\ufffd");
    const res = await download(task.attachment?.url ?? "");
    expect(decodeURIComponent(res.headers.get("content-disposition")?.split("''")[1] ?? "")).toBe(
      name,
    );
  });

  it("cleans names stored before uploads were cleaned, when they are downloaded", async () => {
    const task = await createWith(fileOf(PDF_BYTES, "old.pdf"));
    await t.db
      .update(tasks)
      .set({ attachmentName: "invoice\u202Egpj.exe" })
      .where(eq(tasks.id, task.id));
    const fresh = await viewAs(admin, task.id);
    expect(fresh.attachment?.fileName).toBe("invoicegpj.pdf");
    const res = await download(fresh.attachment?.url ?? "");
    expect(res.headers.get("content-disposition")).toContain('filename="invoicegpj.pdf"');
  });

  it("a link stops working as soon as the task is reassigned away from its holder", async () => {
    const task = await createWith(fileOf(PDF_BYTES, "brief.pdf"));
    const workersLink = (await viewAs(worker, task.id)).attachment?.url ?? "";
    const headsLink = (await viewAs(head, task.id)).attachment?.url ?? "";
    expect((await download(workersLink)).status).toBe(200);

    const moved = await t.request(`/api/tasks/${task.id}`, {
      method: "PATCH",
      cookie: admin.cookie,
      body: formOf({
        ...fields(other.id),
        status: "in_progress",
        remarks: "",
        version: await taskVersion(t, admin.cookie, task.id),
      }),
    });
    expect(moved.status).toBe(200);

    expect((await download(workersLink)).status).toBe(404);
    expect((await download(headsLink)).status).toBe(200);
    expect((await download((await viewAs(other, task.id)).attachment?.url ?? "")).status).toBe(200);
  });

  it("a response file's link follows the same rule", async () => {
    const task = await makeTask(t.db, { assignedTo: worker.id });
    const form = new FormData();
    form.append("file", fileOf(PNG_BYTES, "reply.png"));
    const uploaded = await t.request(`/api/tasks/${task.id}/response-file`, {
      method: "POST",
      cookie: worker.cookie,
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const link = (await uploaded.json()).task.responseFile.url;
    expect((await download(link)).status).toBe(200);
    await t.db.update(tasks).set({ assignedTo: other.id }).where(eq(tasks.id, task.id));
    expect((await download(link)).status).toBe(404);
  });

  it("a link dies with its holder's rights: a lowered role, a deleted account", async () => {
    const task = await createWith(fileOf(PDF_BYTES, "brief.pdf"), other.id);
    const watcher = await t.signedInAs("organization_head");
    const watchersLink = (await viewAs(watcher, task.id)).attachment?.url ?? "";
    expect((await download(watchersLink)).status).toBe(200);
    const lowered = await t.request(`/api/admin/users/${watcher.id}`, {
      method: "PATCH",
      cookie: admin.cookie,
      json: {
        fullName: "Former Head",
        role: "user",
        version: await accountVersion(t, admin.cookie, watcher.id),
      },
    });
    expect(lowered.status).toBe(200);
    expect((await download(watchersLink)).status).toBe(404);

    const leaver = await t.signedInAs("admin");
    const leaversLink = (await viewAs(leaver, task.id)).attachment?.url ?? "";
    expect((await download(leaversLink)).status).toBe(200);
    const removed = await t.request(`/api/admin/users/${leaver.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(removed.status).toBe(200);
    expect((await download(leaversLink)).status).toBe(404);
  });
});
