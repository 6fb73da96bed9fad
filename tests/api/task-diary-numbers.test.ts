import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks } from "../../src/server/db/schema";
import type { ReceiptItem } from "../../src/shared/dak";
import type { TaskItem, TaskPage } from "../../src/shared/tasks";
import { createTestApp, type TestApp } from "../helpers/app";
import { formOf, makeTask } from "../helpers/factories";

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

/** Wednesday 25 November 2026, 10:00 in Karachi: the office's today is 2026-11-25. */
const NOW = new Date("2026-11-25T05:00:00Z");

// The task list's Diary No. column (issue 35): each task carries its receipt's number and id,
// but only to a reader who may read that receipt (as GET /api/receipts/:id and the header's
// search decide), so a Confidential or Secret number never reaches anyone else.
describe("the diary number on the task list", () => {
  let t: TestApp;
  let admin: Account;
  let head: Account;
  let officer: Account;
  let other: Account;
  let clerk: Account;
  let unique = 0;
  /** Receipts by name, each with the task that carries it. */
  const receipts: Record<string, ReceiptItem & { taskId: string }> = {};
  let plainTaskId: string;

  async function diarise(extra: Record<string, string>): Promise<ReceiptItem> {
    unique += 1;
    const res = await t.request("/api/receipts", {
      method: "POST",
      cookie: admin.cookie,
      body: formOf({
        receivedOn: "2026-11-24",
        mode: "post",
        senderName: "Registrar",
        subject: `Affiliation of colleges ${unique}`,
        category: "General",
        ...extra,
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { receipt: ReceiptItem }).receipt;
  }

  /** A receipt diarised and marked to `to`: the task it makes carries it. */
  async function marked(name: string, to: Account, classification = "normal") {
    const receipt = await diarise({
      classification,
      markTo: to.id,
      markPurpose: "action",
      markDueDate: "2026-11-30",
    });
    if (!receipt.task) throw new Error("marking made no task");
    receipts[name] = { ...receipt, taskId: receipt.task.id };
  }

  /** A receipt linked to a task made without one. */
  async function linked(name: string, to: Account) {
    const receipt = await diarise({});
    const task = await makeTask(t.db, { assignedTo: to.id, subject: `Task for ${name}` });
    const res = await t.request(`/api/receipts/${receipt.id}/link`, {
      method: "POST",
      cookie: admin.cookie,
      json: { taskId: task.id },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    receipts[name] = { ...receipt, taskId: task.id };
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    admin = await t.signedInAs("admin");
    head = await t.signedInAs("organization_head");
    officer = await t.signedInAs("user");
    other = await t.signedInAs("user");
    clerk = await t.signedInClerk();
    await marked("normal", officer);
    await marked("confidential", officer, "confidential");
    await marked("secret", officer, "secret");
    await linked("linked", other);
    await marked("clerk's", clerk);
    plainTaskId = (await makeTask(t.db, { assignedTo: other.id, subject: "No letter" })).id;
  });
  afterAll(() => t.close());

  async function listOf(account: Account): Promise<TaskItem[]> {
    const res = await t.request("/api/tasks?pageSize=100", { cookie: account.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as TaskPage).tasks;
  }

  /** Each listed task's diary number (null: none shown), by task id. */
  async function numbersOf(account: Account): Promise<Map<string, string | null>> {
    const list = await listOf(account);
    return new Map(list.map((task) => [task.id, task.receipt?.diaryNumber ?? null]));
  }

  const numberOf = (name: string) => receipts[name].diaryNumber;
  const taskOf = (name: string) => receipts[name].taskId;

  it("answers anonymous callers 401", async () => {
    expect((await t.request("/api/tasks")).status).toBe(401);
  });

  it("gives an administrator every task's number and receipt, Confidential and Secret ones too", async () => {
    const list = await listOf(admin);
    for (const name of Object.keys(receipts)) {
      const task = list.find((one) => one.id === taskOf(name));
      expect(task?.receipt, name).toEqual({ id: receipts[name].id, diaryNumber: numberOf(name) });
    }
    expect(list.find((one) => one.id === plainTaskId)?.receipt).toBeNull();
  });

  it("gives the officer the numbers of the receipts marked to them, Confidential and Secret included", async () => {
    const numbers = await numbersOf(officer);
    expect(numbers.get(taskOf("normal"))).toBe(numberOf("normal"));
    expect(numbers.get(taskOf("confidential"))).toBe(numberOf("confidential"));
    expect(numbers.get(taskOf("secret"))).toBe(numberOf("secret"));
    expect(numbers.has(taskOf("linked"))).toBe(false);
  });

  it("gives another user the numbers of their own tasks only", async () => {
    const numbers = await numbersOf(other);
    expect([...numbers.keys()].sort()).toEqual([taskOf("linked"), plainTaskId].sort());
    expect(numbers.get(taskOf("linked"))).toBe(numberOf("linked"));
    expect(numbers.get(plainTaskId)).toBeNull();
  });

  it("gives an organization head the Normal numbers, and no restricted task", async () => {
    const numbers = await numbersOf(head);
    expect(numbers.get(taskOf("normal"))).toBe(numberOf("normal"));
    expect(numbers.get(taskOf("linked"))).toBe(numberOf("linked"));
    expect(numbers.has(taskOf("confidential"))).toBe(false);
    expect(numbers.has(taskOf("secret"))).toBe(false);
  });

  it("hides a Confidential number from an organization head even on a task they may read", async () => {
    // Not a state the app makes (a Confidential receipt restricts its task), but the number's
    // rule is the receipt's own, not the task's flag.
    await marked("unflagged", officer, "confidential");
    await t.db
      .update(tasks)
      .set({ restricted: false })
      .where(eq(tasks.id, taskOf("unflagged")));
    const numbers = await numbersOf(head);
    expect(numbers.has(taskOf("unflagged"))).toBe(true);
    expect(numbers.get(taskOf("unflagged"))).toBeNull();
    const one = await t.request(`/api/tasks/${taskOf("unflagged")}`, { cookie: head.cookie });
    expect(((await one.json()) as TaskItem).receipt).toBeNull();
    expect((await numbersOf(admin)).get(taskOf("unflagged"))).toBe(numberOf("unflagged"));
  });

  it("follows a restricted task to its new assignee, who may open its receipt", async () => {
    await marked("moved", officer, "secret");
    const res = await t.request("/api/tasks/bulk", {
      method: "POST",
      cookie: admin.cookie,
      json: {
        selection: { by: "ids", ids: [taskOf("moved")] },
        action: { kind: "reassign", assignedTo: other.id },
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await numbersOf(other)).get(taskOf("moved"))).toBe(numberOf("moved"));
    expect((await numbersOf(officer)).has(taskOf("moved"))).toBe(false);
  });

  it("shows a number exactly where its reader may open the receipt", async () => {
    for (const account of [admin, head, officer, other, clerk]) {
      const list = await listOf(account);
      for (const name of Object.keys(receipts)) {
        const task = list.find((one) => one.id === taskOf(name));
        if (!task) continue;
        const opened = await t.request(`/api/receipts/${receipts[name].id}`, {
          cookie: account.cookie,
        });
        expect(task.receipt !== null, `${account.role} ${name}`).toBe(opened.status === 200);
      }
    }
  });

  it("carries the number on one task as on the list", async () => {
    const res = await t.request(`/api/tasks/${taskOf("confidential")}`, {
      cookie: officer.cookie,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as TaskItem).receipt).toEqual({
      id: receipts.confidential.id,
      diaryNumber: numberOf("confidential"),
    });
  });

  async function exportedNumbers(account: Account): Promise<Map<string, unknown>> {
    const res = await t.request("/api/exports/tasks", { cookie: account.cookie });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const [sheet] = workbook.worksheets;
    const headings = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1);
    const column = headings.indexOf("Diary No.") + 1;
    expect(column).toBeGreaterThan(0);
    const numbers = new Map<string, unknown>();
    sheet.eachRow((row, index) => {
      if (index > 1) numbers.set(String(row.getCell(1).value), row.getCell(column).value);
    });
    return numbers;
  }

  it("puts the numbers its reader may read in the Excel export's Diary No. column", async () => {
    const forAdmin = await exportedNumbers(admin);
    expect(forAdmin.get(receipts.confidential.subject)).toBe(numberOf("confidential"));
    expect(forAdmin.get("Task for linked")).toBe(numberOf("linked"));
    expect(forAdmin.get("No letter")).toBeNull();
    const forHead = await exportedNumbers(head);
    expect(forHead.get(receipts.normal.subject)).toBe(numberOf("normal"));
    expect(forHead.has(receipts.confidential.subject)).toBe(false);
    expect(forHead.get(receipts.unflagged.subject)).toBeNull();
  });
});
