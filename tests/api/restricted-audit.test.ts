import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deletedRestrictedTasks, dispatches } from "../../src/server/db/schema";
import type { AuditItem, AuditPage } from "../../src/shared/audit";
import { createTestApp, type TestApp } from "../helpers/app";
import { diariseAndMark, formOf } from "../helpers/factories";
import { fileOf, PDF_BYTES } from "../helpers/files";

// The Audit Log of a restricted task (made from a Confidential receipt), of that receipt and of
// the dispatch answering it: administrators read their rows, organization heads do not, in the
// list, its totals and its exports, whatever the filters.

// Wednesday 25 November 2026, noon in Karachi.
const NOON = new Date("2026-11-25T07:00:00Z");
const TODAY = "2026-11-25";

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

describe("the audit log of restricted records, per role", () => {
  let t: TestApp;
  let admin: Account;
  let head: Account;
  let clerk: Account;
  let officer: Account;
  const hidden: Record<"receipt" | "task" | "dispatch", string> = {
    receipt: "",
    task: "",
    dispatch: "",
  };
  const shown: Record<"receipt" | "task" | "dispatch", string> = {
    receipt: "",
    task: "",
    dispatch: "",
  };

  /** Diarise and Mark to the officer, then the officer's reply dispatched: the three records. */
  async function letterAndReply(subject: string, classification: "normal" | "confidential") {
    const receipt = await diariseAndMark(t, clerk.cookie, {
      receivedOn: TODAY,
      subject,
      classification,
      officerId: officer.id,
    });
    const taskId = receipt.taskId ?? "";
    // The officer's report on the task: its remarks and its response file.
    const remarks = await t.request(`/api/tasks/${taskId}/remarks`, {
      method: "PUT",
      cookie: officer.cookie,
      json: { remarks: `Examined: ${subject}` },
    });
    expect(remarks.status, await remarks.clone().text()).toBe(200);
    const form = new FormData();
    form.append("file", fileOf(PDF_BYTES, "reply draft.pdf", "application/pdf"));
    const file = await t.request(`/api/tasks/${taskId}/response-file`, {
      method: "POST",
      cookie: officer.cookie,
      body: form,
    });
    expect(file.status, await file.clone().text()).toBe(201);
    const reply = await t.request("/api/dispatches", {
      method: "POST",
      cookie: admin.cookie,
      body: formOf({
        dispatchedOn: TODAY,
        addressees: "The Registrar",
        subject: `Reply: ${subject}`,
        mode: "post",
        receiptId: receipt.id,
      }),
    });
    expect(reply.status, await reply.clone().text()).toBe(201);
    const [dispatch] = await t.db
      .select()
      .from(dispatches)
      .where(eq(dispatches.subject, `Reply: ${subject}`));
    expect(dispatch.classification).toBe(classification);
    return { receipt: receipt.id, task: taskId, dispatch: dispatch.id };
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOON });
    admin = await t.signedInAs("admin");
    head = await t.signedInAs("organization_head");
    clerk = await t.signedInClerk();
    officer = await t.signedInAs("user", { fullName: "Section Officer Acad" });
    Object.assign(hidden, await letterAndReply("Inquiry against a principal", "confidential"));
    Object.assign(shown, await letterAndReply("Affiliation of new colleges", "normal"));
  });
  afterAll(() => t.close());

  /** Every row of the log `cookie` reads with `query`, page by page, and the total it gives. */
  async function everyRow(cookie: string, query = "") {
    const rows: AuditItem[] = [];
    for (let page = 1; ; page += 1) {
      const res = await t.request(`/api/audit?page=${page}&${query}`, { cookie });
      expect(res.status, await res.clone().text()).toBe(200);
      const body = (await res.json()) as AuditPage;
      rows.push(...body.events);
      if (body.events.length < body.pageSize) return { rows, total: body.total };
    }
  }
  const isHidden = (row: Pick<AuditItem, "entityId">) =>
    Object.values(hidden).includes(row.entityId);

  const QUERIES = [
    "",
    "entity=task",
    "entity=response_file",
    "entity=receipt",
    "entity=dispatch",
    "entity=account",
    "action=created",
    `from=${TODAY}&to=${TODAY}`,
    `entity=task&from=${TODAY}&to=${TODAY}`,
  ];

  it("shows administrators every row of the restricted records, and counts them", async () => {
    const { rows, total } = await everyRow(admin.cookie);
    expect(total).toBe(rows.length);
    const about = (id: string) => rows.filter((row) => row.entityId === id);
    expect(about(hidden.receipt).map((row) => row.action)).toEqual(
      expect.arrayContaining(["created"]),
    );
    expect(about(hidden.task).map((row) => `${row.entity} ${row.action}`)).toEqual(
      expect.arrayContaining(["task created", "task remarks_updated", "response_file uploaded"]),
    );
    expect(about(hidden.dispatch).map((row) => row.action)).toEqual(["created"]);
  });

  it("hides them from an organization head in every list and total, the rest as the admin's", async () => {
    for (const query of QUERIES) {
      const theirs = await everyRow(head.cookie, query);
      const admins = await everyRow(admin.cookie, query);
      expect(theirs.rows.filter(isHidden), query).toEqual([]);
      expect(theirs.total, query).toBe(theirs.rows.length);
      expect(
        theirs.rows.map((row) => row.id),
        query,
      ).toEqual(admins.rows.filter((row) => !isHidden(row)).map((row) => row.id));
      expect(admins.total - theirs.total, query).toBe(admins.rows.filter(isHidden).length);
    }
    // The Normal letter's records stay in the head's log.
    const { rows } = await everyRow(head.cookie);
    for (const id of Object.values(shown))
      expect(
        rows.some((row) => row.entityId === id),
        id,
      ).toBe(true);
  });

  it("keeps them out of a head's CSV and Excel exports, in the administrator's", async () => {
    const csv = async (cookie: string) => {
      const res = await t.request("/api/audit/export.csv", { cookie });
      expect(res.status).toBe(200);
      return res.text();
    };
    const xlsxIds = async (cookie: string) => {
      const res = await t.request("/api/exports/audit", { cookie });
      expect(res.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await res.arrayBuffer());
      const [sheet] = workbook.worksheets;
      const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1);
      const column = header.indexOf("Record ID") + 1;
      const ids: string[] = [];
      sheet.eachRow((row, number) => {
        if (number > 1) ids.push(String(row.getCell(column).value));
      });
      return ids;
    };
    const headCsv = await csv(head.cookie);
    const adminCsv = await csv(admin.cookie);
    for (const id of Object.values(hidden)) {
      expect(headCsv).not.toContain(id);
      expect(adminCsv).toContain(id);
    }
    expect(headCsv).toContain(shown.task);
    const headIds = await xlsxIds(head.cookie);
    const adminIds = await xlsxIds(admin.cookie);
    expect(headIds.filter((id) => Object.values(hidden).includes(id))).toEqual([]);
    expect(adminIds).toEqual(expect.arrayContaining(Object.values(hidden)));
    expect(headIds).toEqual(adminIds.filter((id) => !Object.values(hidden).includes(id)));
  });

  it("keeps a restricted task's rows from the head once it is deleted, the admin's as before", async () => {
    const deleted = await t.request(`/api/tasks/${hidden.task}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    for (const query of QUERIES) {
      const theirs = await everyRow(head.cookie, query);
      const admins = await everyRow(admin.cookie, query);
      expect(theirs.rows.filter(isHidden), query).toEqual([]);
      expect(theirs.total, query).toBe(theirs.rows.length);
      expect(admins.total - theirs.total, query).toBe(admins.rows.filter(isHidden).length);
    }
    const { rows } = await everyRow(admin.cookie, "entity=task&action=deleted");
    expect(rows.map((row) => row.entityId)).toContain(hidden.task);
    const csv = await t.request("/api/audit/export.csv", { cookie: head.cookie });
    expect(await csv.text()).not.toContain(hidden.task);
    // Its history: the head is told it is not found, the admin reads it to the deletion.
    const headHistory = await t.request(`/api/tasks/${hidden.task}/history`, {
      cookie: head.cookie,
    });
    expect(headHistory.status).toBe(404);
    const adminHistory = await t.request(`/api/tasks/${hidden.task}/history`, {
      cookie: admin.cookie,
    });
    expect(adminHistory.status).toBe(200);
    const { events } = (await adminHistory.json()) as { events: AuditItem[] };
    expect(events[0].action).toBe("deleted");
  });

  it("finds, from the trail, a restricted task deleted before deletions were kept (migration 0034)", async () => {
    await t.db.delete(deletedRestrictedTasks);
    const migration = readFileSync("drizzle/0034_deleted_restricted_tasks.sql", "utf8");
    const backfill = migration.split("--> statement-breakpoint").at(-1) ?? "";
    await t.db.execute(sql.raw(backfill));
    const kept = await t.db.select().from(deletedRestrictedTasks);
    expect(kept.map((row) => row.id)).toEqual([hidden.task]);
    const theirs = await everyRow(head.cookie, "entity=task");
    expect(theirs.rows.filter(isHidden)).toEqual([]);
  });
});
