import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../src/server/db/schema";
import type { PendencyDashboard } from "../../src/shared/pendency";
import type { TaskItem } from "../../src/shared/tasks";
import { createTestApp, type TestApp } from "../helpers/app";
import { makeTask } from "../helpers/factories";

// Issue 31: two people of one name are told apart wherever a list or an export names them.
describe("people who share a name", () => {
  let t: TestApp;
  let cookie: string;
  let first: { id: string; userId: string };
  let second: { id: string; userId: string };
  let alone: { id: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await t.signedInAs("admin")).cookie;
    first = await t.makeUser({ fullName: "Usman Butt" });
    // Letter case and spaces aside, it is the same name on a list.
    second = await t.makeUser({ fullName: " usman BUTT" });
    alone = await t.makeUser({ fullName: "Farah Naz" });
    for (const person of [first, second, alone]) {
      await makeTask(t.db, { assignedTo: person.id, subject: `Task of ${person.userId}` });
    }
  });
  afterAll(() => t.close());

  async function taskNames(): Promise<Map<string, string>> {
    const res = await t.request("/api/tasks?pageSize=100", { cookie });
    expect(res.status).toBe(200);
    const { tasks } = (await res.json()) as { tasks: TaskItem[] };
    return new Map(tasks.map((task) => [task.assignedTo, task.assignedUserName]));
  }

  it("names each of them with their User ID in the task list, and nobody else", async () => {
    const names = await taskNames();
    expect(names.get(first.id)).toBe(`Usman Butt (${first.userId})`);
    expect(names.get(second.id)).toBe(`usman BUTT (${second.userId})`);
    expect(names.get(alone.id)).toBe("Farah Naz");
  });

  it("does the same on the Pendency page and in the tasks' Excel export", async () => {
    const res = await t.request("/api/pendency", { cookie });
    const { people } = (await res.json()) as PendencyDashboard;
    const pendencyNames = people.map((person) => person.name);
    expect(pendencyNames).toContain(`Usman Butt (${first.userId})`);
    expect(pendencyNames).toContain("Farah Naz");

    const sheetRes = await t.request("/api/exports/tasks", { cookie });
    expect(sheetRes.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await sheetRes.arrayBuffer());
    const cells: string[] = [];
    book.worksheets[0].eachRow((row) => {
      row.eachCell((cell) => cells.push(String(cell.value)));
    });
    expect(cells).toContain(`usman BUTT (${second.userId})`);
  });

  it("drops the User ID once the name is no longer shared, whatever renamed it", async () => {
    await t.db.update(user).set({ name: "Usman Butt Sr." }).where(eq(user.id, second.id));
    const names = await taskNames();
    expect(names.get(first.id)).toBe("Usman Butt");
    expect(names.get(second.id)).toBe("Usman Butt Sr.");
    const namesake = await t.makeUser({ fullName: "usman butt sr." });
    expect((await taskNames()).get(second.id)).toBe(`Usman Butt Sr. (${second.userId})`);
    await t.db.delete(user).where(eq(user.id, namesake.id));
    expect((await taskNames()).get(second.id)).toBe("Usman Butt Sr.");
  });
});
