import { desc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks } from "../../src/server/db/schema";
import { preparePage, taskRows } from "../../src/server/tasks/rows";
import { addDays, todayIn } from "../../src/shared/dates";
import { createTestApp, type TestApp } from "../helpers/app";
import { formOf, makeTask } from "../helpers/factories";
import { fileOf, PDF_BYTES, PNG_BYTES } from "../helpers/files";

describe("a list page's rows", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("are the rows drizzle's own mapping gives, with the page's total", async () => {
    const admin = await t.signedInAs("admin");
    const worker = await t.signedInAs("user");
    const today = todayIn("Asia/Karachi");
    const created = await t.request("/api/tasks", {
      method: "POST",
      cookie: admin.cookie,
      body: formOf({
        subject: "Compile the enrolment figures",
        description: "For the provincial review",
        assignedTo: worker.id,
        assignDate: today,
        dueDate: addDays(today, 7),
        taskType: "Request",
        attachment: fileOf(PDF_BYTES, "brief.pdf", "application/pdf"),
      }),
    });
    const { id } = await created.json();
    const body = new FormData();
    body.append("file", fileOf(PNG_BYTES, "reply.png", "image/png"));
    const uploaded = await t.request(`/api/tasks/${id}/response-file`, {
      method: "POST",
      cookie: worker.cookie,
      body,
    });
    expect(uploaded.status).toBe(201);
    // No description, remarks, attachment or response file: nulls, and a missing join.
    await makeTask(t.db, { assignedTo: admin.id });

    const order = [desc(tasks.createdAt), desc(tasks.id)];
    const expected = await taskRows(t.db)
      .selectRows()
      .orderBy(...order);
    expect(expected.some((row) => row.file !== null && row.task.attachmentPath !== null)).toBe(
      true,
    );
    expect(expected.some((row) => row.file === null && row.task.description === null)).toBe(true);

    const page = preparePage(t.db, sql<number>`${7}::int`, (query) => query.orderBy(...order));
    expect(await page.execute()).toEqual(expected.map((row) => ({ ...row, total: 7 })));
  });
});
