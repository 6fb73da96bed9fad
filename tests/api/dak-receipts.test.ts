import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/server/db/client";
import { COUNTERS, type Counter, differingSql } from "../../src/server/db/counters";
import {
  auditEvents,
  notifications,
  receiptScans,
  receipts,
  registerCounters,
  tasks,
  user,
} from "../../src/server/db/schema";
import type { DomainEvent } from "../../src/server/events/bus";
import { createSignedLinks } from "../../src/server/files/signed-links";
import { canHear } from "../../src/server/live/audience";
import type { OfficeSettingsItem } from "../../src/shared/calendar";
import {
  DAK_MESSAGES,
  type DakSettings,
  DEFAULT_DAK_SETTINGS,
  type ReceiptItem,
  type ReceiptPage,
  type SearchHit,
  type TaskLetters,
} from "../../src/shared/dak";
import { FILE_MESSAGES } from "../../src/shared/files";
import { said } from "../../src/shared/i18n/server-instance";
import type { TaskPage } from "../../src/shared/tasks";
import type { CurrentUser } from "../../src/shared/users";
import { createTestApp, type TestApp } from "../helpers/app";
import { formOf, makeTask } from "../helpers/factories";
import { fileOf, PDF_BYTES, PNG_BYTES } from "../helpers/files";

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

/** Wednesday 25 November 2026, 10:00 in Karachi: the office's today is 2026-11-25. */
const NOW = new Date("2026-11-25T05:00:00Z");
const TODAY = "2026-11-25";
const TOMORROW = "2026-11-26";

/** tests/helpers/app.ts's authSecret: links are forged with it to ask as another holder. */
const TEST_AUTH_SECRET = "test-secret-test-secret-test-secret-0123";

const scanPdf = () => fileOf(PDF_BYTES, "letter page 1.pdf", "application/pdf");
const scanPng = () => fileOf(PNG_BYTES, "letter page 2.png", "image/png");

describe("the diary register (receipts)", () => {
  let now = NOW;
  let t: TestApp;
  let admin: Account;
  let head: Account;
  let officer: Account;
  let other: Account;
  let clerk: Account;
  const heard: DomainEvent[] = [];
  let unique = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    admin = await t.signedInAs("admin");
    head = await t.signedInAs("organization_head");
    officer = await t.signedInAs("user", { fullName: "Section Officer Acad" });
    other = await t.signedInAs("user");
    clerk = await t.signedInClerk();
    t.events.subscribe((event) => heard.push(event));
  });
  afterAll(() => t.close());

  /** A receipt's fields as the Diarise form sends them, its subject made unique. */
  function fields(extra: Record<string, string | File | undefined> = {}) {
    unique += 1;
    return {
      receivedOn: TODAY,
      mode: "post",
      senderName: "Registrar",
      senderOrganisation: "University of the Punjab",
      letterNumber: `UP/REG/${1000 + unique}`,
      letterDate: "2026-11-20",
      subject: `Affiliation of new colleges ${unique}`,
      category: "General",
      ...extra,
    };
  }

  function post(cookie: string | undefined, values: Record<string, string | File | undefined>) {
    const form = formOf(values);
    return t.request("/api/receipts", { method: "POST", cookie, body: form });
  }
  function postWithScans(
    cookie: string,
    values: Record<string, string | undefined>,
    scans: File[],
  ) {
    const form = formOf(values);
    for (const scan of scans) form.append("scans", scan);
    return t.request("/api/receipts", { method: "POST", cookie, body: form });
  }
  async function diarised(
    values: Record<string, string | File | undefined> = fields(),
    cookie = admin.cookie,
  ): Promise<ReceiptItem> {
    const res = await post(cookie, values);
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { receipt: ReceiptItem }).receipt;
  }
  /** Diarise and Mark's extra fields: to `to`, for action, due in five days. */
  const marking = (to: string) => ({
    markTo: to,
    markPurpose: "action",
    markRemark: "Please examine and put up",
    markDueDate: "2026-11-30",
  });
  const errorOf = async (res: Response) => (await res.json()).error.message;
  const read = (id: string, cookie: string | undefined) =>
    t.request(`/api/receipts/${id}`, { cookie });
  async function list(cookie: string, query = ""): Promise<ReceiptPage> {
    const res = await t.request(`/api/receipts?${query}`, { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as ReceiptPage;
  }
  async function exported(cookie: string): Promise<ReceiptItem[]> {
    const res = await t.request("/api/receipts/export", { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { receipts: ReceiptItem[] }).receipts;
  }
  async function searched(cookie: string, q: string): Promise<SearchHit[]> {
    const res = await t.request(`/api/search?q=${encodeURIComponent(q)}`, { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { hits: SearchHit[] }).hits;
  }
  const json = (path: string, cookie: string | undefined, body: unknown, method = "POST") =>
    t.request(path, { method, cookie, json: body });
  const countOf = async (
    table:
      | typeof receipts
      | typeof receiptScans
      | typeof tasks
      | typeof notifications
      | typeof auditEvents,
  ) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
  async function storedScans() {
    let n = 0;
    for await (const _object of t.storage.list("receipt-scans")) n += 1;
    return n;
  }
  /** Every row and file a register write could leave behind, and the counters' state. */
  const stored = async () => ({
    receipts: await countOf(receipts),
    scans: await countOf(receiptScans),
    tasks: await countOf(tasks),
    notifications: await countOf(notifications),
    audit: await countOf(auditEvents),
    files: await storedScans(),
    counters: await t.db
      .select()
      .from(registerCounters)
      .orderBy(registerCounters.register, registerCounters.scope, registerCounters.year),
  });
  const rowOf = async (id: string) =>
    (await t.db.select().from(receipts).where(eq(receipts.id, id)))[0];
  async function me(cookie: string): Promise<CurrentUser> {
    const res = await t.request("/api/me", { cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as CurrentUser;
  }
  async function putDak(dak: DakSettings) {
    const current = (await (
      await t.request("/api/office/settings", { cookie: admin.cookie })
    ).json()) as OfficeSettingsItem;
    const { version, ...settings } = current;
    const res = await json(
      "/api/office/settings",
      admin.cookie,
      { ...settings, dak, version },
      "PUT",
    );
    expect(res.status, await res.clone().text()).toBe(200);
  }

  it("answers anonymous callers 401 on every receipt route", async () => {
    const receipt = await diarised();
    const id = receipt.id;
    const task = await makeTask(t.db, { assignedTo: officer.id });
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/receipts"],
      ["GET", "/api/receipts/export"],
      ["GET", `/api/receipts/for-task/${task.id}`],
      ["GET", `/api/receipts/${id}`],
      ["POST", "/api/receipts"],
      ["PATCH", `/api/receipts/${id}`, { ...fields(), reason: "typo", version: 1 }],
      ["POST", `/api/receipts/${id}/mark`, { to: officer.id, purpose: "action", dueDate: TODAY }],
      ["POST", `/api/receipts/${id}/link`, { taskId: task.id }],
      ["POST", `/api/receipts/${id}/close`, { reason: "Filed" }],
    ];
    const before = await stored();
    for (const [method, path, body] of routes) {
      const res =
        method === "POST" && path === "/api/receipts"
          ? await post(undefined, fields())
          : await t.request(path, { method, json: body });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect(await stored()).toEqual(before);
    expect((await rowOf(id)).status).toBe("pending");
  });

  it("lets admins and the R&I clerk diarise, and refuses users and organization heads with nothing written", async () => {
    const byAdmin = await diarised(fields(), admin.cookie);
    const byClerk = await diarised(fields(), clerk.cookie);
    expect(byAdmin.diarisedBy?.id).toBe(admin.id);
    expect(byClerk.diarisedBy?.id).toBe(clerk.id);
    expect(byClerk.status).toBe("pending");
    expect(byClerk.can).toEqual({
      amend: true,
      mark: true,
      link: true,
      close: true,
      dispatch: true,
    });

    const before = await stored();
    for (const account of [officer, other, head]) {
      const res = await postWithScans(account.cookie, fields(), [scanPdf()]);
      expect(res.status, account.role).toBe(403);
      expect(await errorOf(res)).toBe(said("common:error.forbidden"));
    }
    expect(await stored()).toEqual(before);
  });

  it("lets every signed-in account read the officers to mark to, and the registers' settings", async () => {
    const cases: [string, string | undefined, number, number][] = [
      // who, cookie, GET /api/users/assignable, GET /api/receipts/settings
      ["anonymous", undefined, 401, 401],
      // Every signed-in account reads the people pickers (a user marks files onward too).
      ["user", other.cookie, 200, 200],
      ["organization head", head.cookie, 200, 200],
      ["clerk", clerk.cookie, 200, 200],
      ["admin", admin.cookie, 200, 200],
    ];
    for (const [who, cookie, assignable, settings] of cases) {
      const officers = await t.request("/api/users/assignable", { cookie });
      expect(officers.status, who).toBe(assignable);
      if (assignable === 200) {
        const ids = ((await officers.json()) as { id: string }[]).map((one) => one.id);
        expect(ids, who).toContain(officer.id);
      }
      const read = await t.request("/api/receipts/settings", { cookie });
      expect(read.status, who).toBe(settings);
      if (settings === 200)
        expect(await read.json(), who).toMatchObject({
          categories: expect.arrayContaining(["General"]),
        });
    }
  });

  it("gives and takes the Receipt and Issue duty through Edit Account, at once", async () => {
    const person = await t.signedInAs("user", { fullName: "Future Clerk" });
    const duty = async (receiptIssueDuty: boolean) => {
      const [row] = await t.db
        .select({ version: user.version })
        .from(user)
        .where(eq(user.id, person.id));
      const res = await json(
        `/api/admin/users/${person.id}`,
        admin.cookie,
        { fullName: "Future Clerk", role: "user", receiptIssueDuty, version: row.version },
        "PATCH",
      );
      expect(res.status, await res.clone().text()).toBe(200);
    };
    expect((await post(person.cookie, fields())).status).toBe(403);
    await duty(true);
    expect((await me(person.cookie)).receiptIssueDuty).toBe(true);
    const res = await postWithScans(person.cookie, fields(), [scanPdf()]);
    expect(res.status, await res.clone().text()).toBe(201);
    const { receipt } = (await res.json()) as { receipt: ReceiptItem };
    expect((await t.request(receipt.scans[0].url)).status).toBe(200);
    expect((await list(person.cookie)).receipts.map((one) => one.id)).toContain(receipt.id);

    // Taken away: no diarising, no register, and the links they hold stop serving.
    await duty(false);
    expect((await post(person.cookie, fields())).status).toBe(403);
    expect((await read(receipt.id, person.cookie)).status).toBe(404);
    expect((await list(person.cookie)).receipts.map((one) => one.id)).not.toContain(receipt.id);
    expect((await t.request(receipt.scans[0].url)).status).toBe(404);
  });

  it("keeps the keepers' actions from users and organization heads: 403 and the receipt as it was", async () => {
    const receipt = await diarised();
    const task = await makeTask(t.db, { assignedTo: officer.id });
    const before = await rowOf(receipt.id);
    const audit = await countOf(auditEvents);
    for (const account of [officer, other, head]) {
      const attempts = [
        json(`/api/receipts/${receipt.id}/mark`, account.cookie, {
          to: account.id,
          purpose: "action",
          dueDate: "2026-11-30",
        }),
        json(`/api/receipts/${receipt.id}/link`, account.cookie, { taskId: task.id }),
        json(`/api/receipts/${receipt.id}/close`, account.cookie, { reason: "Filed" }),
        json(
          `/api/receipts/${receipt.id}`,
          account.cookie,
          { ...fields(), reason: "Mine now", version: receipt.version },
          "PATCH",
        ),
      ];
      for (const res of await Promise.all(attempts)) expect(res.status, account.role).toBe(403);
    }
    expect(await rowOf(receipt.id)).toEqual(before);
    expect(await countOf(auditEvents)).toBe(audit);
  });

  it("shows Normal receipts to heads read-only, and to a user only those marked to them", async () => {
    const pending = await diarised(fields(), clerk.cookie);
    const marked = await diarised(fields(marking(officer.id)), clerk.cookie);
    const toOther = await diarised(fields(marking(other.id)), clerk.cookie);
    const ids = [pending.id, marked.id, toOther.id];
    const listedIds = async (cookie: string) =>
      (await list(cookie)).receipts.map((one) => one.id).filter((id) => ids.includes(id));

    // Keepers and heads: the whole register.
    for (const cookie of [admin.cookie, clerk.cookie, head.cookie])
      expect((await listedIds(cookie)).sort()).toEqual([...ids].sort());
    const asHead = (await list(head.cookie)).receipts;
    expect(asHead.length).toBeGreaterThan(0);
    for (const one of asHead)
      expect(one.can).toEqual({
        amend: false,
        mark: false,
        link: false,
        close: false,
        dispatch: false,
      });
    const headRead = await read(pending.id, head.cookie);
    expect(headRead.status).toBe(200);
    expect(((await headRead.json()) as ReceiptItem).can.mark).toBe(false);
    const clerkRead = (await (await read(pending.id, clerk.cookie)).json()) as ReceiptItem;
    expect(clerkRead.can.mark).toBe(true);

    // A user: what is marked to them only, everywhere.
    const officerList = (await list(officer.cookie)).receipts;
    expect(officerList.map((one) => one.id)).toContain(marked.id);
    for (const one of officerList) expect(one.markedTo?.id).toBe(officer.id);
    expect((await list(officer.cookie)).total).toBe(officerList.length);
    expect(await listedIds(officer.cookie)).toEqual([marked.id]);
    expect(await listedIds(other.cookie)).toEqual([toOther.id]);
    for (const one of await exported(officer.cookie)) expect(one.markedTo?.id).toBe(officer.id);

    const officerRead = await read(marked.id, officer.cookie);
    expect(officerRead.status).toBe(200);
    expect(((await officerRead.json()) as ReceiptItem).can).toMatchObject({
      amend: false,
      mark: false,
    });
    for (const id of [pending.id, toOther.id]) {
      const res = await read(id, officer.cookie);
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toBe(said(DAK_MESSAGES.receiptNotFound));
    }
    expect((await read(marked.id, other.cookie)).status).toBe(404);
    // An id that names nothing is the same 404.
    expect((await read(crypto.randomUUID(), admin.cookie)).status).toBe(404);
    expect((await read("not-a-uuid", admin.cookie)).status).toBe(404);
  });

  it("diarises two scans (PDF and PNG) whose links serve the officer and nobody else", async () => {
    const res = await postWithScans(clerk.cookie, fields(marking(officer.id)), [
      scanPdf(),
      scanPng(),
    ]);
    expect(res.status, await res.clone().text()).toBe(201);
    const { receipt } = (await res.json()) as { receipt: ReceiptItem };
    expect(receipt.scans.map((scan) => scan.fileName).sort()).toEqual([
      "letter page 1.pdf",
      "letter page 2.png",
    ]);
    expect(await countOf(receiptScans)).toBeGreaterThanOrEqual(2);

    // The officer's own read gives links that download the pages as they were sent.
    const asOfficer = (await (await read(receipt.id, officer.cookie)).json()) as ReceiptItem;
    const byName = (name: string) => {
      const scan = asOfficer.scans.find((one) => one.fileName === name);
      if (!scan) throw new Error(`no scan ${name}`);
      return scan;
    };
    const pdf = byName("letter page 1.pdf");
    const png = byName("letter page 2.png");
    expect(pdf.url).toMatch(/^\/api\/files\//);
    const pdfRes = await t.request(pdf.url);
    expect(pdfRes.status).toBe(200);
    expect(pdfRes.headers.get("Content-Type")).toBe("application/pdf");
    expect(Buffer.from(await pdfRes.arrayBuffer())).toEqual(PDF_BYTES);
    const pngRes = await t.request(png.url);
    expect(pngRes.status).toBe(200);
    expect(pngRes.headers.get("Content-Type")).toBe("image/png");
    expect(Buffer.from(await pngRes.arrayBuffer())).toEqual(PNG_BYTES);

    // The task made from it shows the scans to its officer (GET /api/receipts/for-task/:id).
    const letters = await t.request(`/api/receipts/for-task/${receipt.task?.id}`, {
      cookie: officer.cookie,
    });
    expect(letters.status).toBe(200);
    const shown = ((await letters.json()) as TaskLetters).receipt;
    expect(shown?.id).toBe(receipt.id);
    expect(shown?.scans).toHaveLength(2);

    // Another user reads no receipt and so gets no link; one issued in their name is refused.
    expect((await read(receipt.id, other.cookie)).status).toBe(404);
    const otherLetters = (await (
      await t.request(`/api/receipts/for-task/${receipt.task?.id}`, { cookie: other.cookie })
    ).json()) as TaskLetters;
    expect(otherLetters.receipt).toBeNull();
    const [scan] = await t.db
      .select()
      .from(receiptScans)
      .where(and(eq(receiptScans.receiptId, receipt.id), eq(receiptScans.position, 0)));
    const links = createSignedLinks(TEST_AUTH_SECRET);
    const linkFor = (holderId: string) =>
      links.create(
        {
          bucket: "receipt-scans",
          key: scan.filePath,
          fileName: scan.fileName,
          mimeType: scan.fileType,
          recordId: receipt.id,
          holderId,
        },
        60,
      );
    expect((await t.request(linkFor(officer.id))).status).toBe(200);
    expect((await t.request(linkFor(other.id))).status).toBe(404);

    // A head's link dies the moment the receipt becomes Confidential.
    const headLink = ((await (await read(receipt.id, head.cookie)).json()) as ReceiptItem).scans[0]
      .url;
    expect((await t.request(headLink)).status).toBe(200);
    const amend = await json(
      `/api/receipts/${receipt.id}`,
      admin.cookie,
      {
        ...fields(),
        subject: receipt.subject,
        classification: "confidential",
        reason: "Marked confidential by the Secretary",
        version: asOfficer.version,
      },
      "PATCH",
    );
    expect(amend.status, await amend.clone().text()).toBe(200);
    expect((await t.request(headLink)).status).toBe(404);
    expect((await t.request(pdf.url)).status).toBe(200);
  });

  it("keeps a receipt's scanned pages in the order they were sent", async () => {
    // A large first page and a small second one: the second is received first.
    const big = fileOf(
      Buffer.concat([PDF_BYTES, Buffer.alloc(8 * 1024 * 1024, 0x20)]),
      "page 1.pdf",
      "application/pdf",
    );
    const res = await postWithScans(clerk.cookie, fields(), [
      big,
      fileOf(PNG_BYTES, "page 2.png", "image/png"),
      fileOf(PDF_BYTES, "page 3.pdf", "application/pdf"),
    ]);
    expect(res.status, await res.clone().text()).toBe(201);
    const { receipt } = (await res.json()) as { receipt: ReceiptItem };
    expect(receipt.scans.map((scan) => scan.fileName)).toEqual([
      "page 1.pdf",
      "page 2.png",
      "page 3.pdf",
    ]);
  });

  it("Diarise and Mark makes the officer's task with the receipt's subject and tells them", async () => {
    heard.length = 0;
    const values = fields(marking(officer.id));
    const res = await post(clerk.cookie, values);
    expect(res.status, await res.clone().text()).toBe(201);
    const body = (await res.json()) as { receipt: ReceiptItem; message: string };
    const { receipt } = body;
    expect(body.message).toContain(receipt.diaryNumber);
    expect(receipt.status).toBe("marked");
    expect(receipt.markedTo?.id).toBe(officer.id);
    expect(receipt.markPurpose).toBe("action");
    expect(receipt.markRemark).toBe("Please examine and put up");
    expect(receipt.task?.subject).toBe(values.subject);
    expect(receipt.can).toMatchObject({ mark: false, link: false, close: false, dispatch: true });

    const [task] = await t.db
      .select()
      .from(tasks)
      .where(eq(tasks.id, receipt.task?.id ?? ""));
    expect(task).toMatchObject({
      subject: values.subject,
      assignedTo: officer.id,
      dueDate: "2026-11-30",
      assignDate: TODAY,
      restricted: false,
    });
    expect(task.description).toContain(receipt.diaryNumber);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.entityId, task.id)));
    expect(told.map((one) => [one.userId, one.kind])).toEqual([[officer.id, "task_assigned"]]);
    const taskRes = await t.request(`/api/tasks/${task.id}`, { cookie: officer.cookie });
    expect(taskRes.status).toBe(200);
    expect(heard).toContainEqual(
      expect.objectContaining({ entity: "receipt", id: receipt.id, action: "created" }),
    );
    expect(heard).toContainEqual(
      expect.objectContaining({ entity: "task", id: task.id, action: "created" }),
    );
    // A Normal receipt's events: its keepers, heads and its officer hear them; no other user.
    const receiptEvents = heard.filter((event) => event.id === receipt.id);
    expect(receiptEvents.length).toBeGreaterThan(0);
    for (const [account, hears] of [
      [admin, true],
      [clerk, true],
      [head, true],
      [officer, true],
      [other, false],
    ] as const) {
      const holder = await me(account.cookie);
      for (const event of receiptEvents) expect(canHear(holder, event), account.userId).toBe(hears);
    }
  });

  it("marks, links, closes and amends by the register's rules, each on the audit trail", async () => {
    // Mark: once; a marked receipt is not marked, linked or closed again.
    const first = await diarised(fields(), clerk.cookie);
    const markRes = await json(`/api/receipts/${first.id}/mark`, clerk.cookie, {
      to: officer.id,
      purpose: "comments",
      dueDate: "2026-11-28",
    });
    expect(markRes.status, await markRes.clone().text()).toBe(200);
    const markedReceipt = ((await markRes.json()) as { receipt: ReceiptItem }).receipt;
    expect(markedReceipt).toMatchObject({
      status: "marked",
      markedTo: { id: officer.id },
      markPurpose: "comments",
      diaryNumber: first.diaryNumber,
    });
    expect(markedReceipt.task?.subject).toBe(first.subject);
    const task = await makeTask(t.db, { assignedTo: other.id });
    for (const res of [
      await json(`/api/receipts/${first.id}/mark`, clerk.cookie, {
        to: other.id,
        purpose: "action",
        dueDate: "2026-11-28",
      }),
      await json(`/api/receipts/${first.id}/link`, clerk.cookie, { taskId: task.id }),
      await json(`/api/receipts/${first.id}/close`, clerk.cookie, { reason: "Filed" }),
    ]) {
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toBe(said(DAK_MESSAGES.alreadyMarked));
    }

    // Close: a reason is required; a closed receipt is neither closed, marked nor linked.
    const second = await diarised(fields(), clerk.cookie);
    for (const reason of [undefined, "", "   "]) {
      const res = await json(`/api/receipts/${second.id}/close`, clerk.cookie, { reason });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(said(DAK_MESSAGES.reasonRequired));
    }
    expect((await rowOf(second.id)).status).toBe("pending");
    const closeRes = await json(`/api/receipts/${second.id}/close`, clerk.cookie, {
      reason: "Filed: no action needed",
    });
    expect(closeRes.status, await closeRes.clone().text()).toBe(200);
    expect(((await closeRes.json()) as { receipt: ReceiptItem }).receipt).toMatchObject({
      status: "closed",
      closeReason: "Filed: no action needed",
      can: { mark: false, link: false, close: false, dispatch: false, amend: true },
    });
    for (const res of [
      await json(`/api/receipts/${second.id}/close`, clerk.cookie, { reason: "Again" }),
      await json(`/api/receipts/${second.id}/mark`, clerk.cookie, {
        to: other.id,
        purpose: "action",
        dueDate: "2026-11-28",
      }),
      await json(`/api/receipts/${second.id}/link`, clerk.cookie, { taskId: task.id }),
    ]) {
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toBe(said(DAK_MESSAGES.alreadyClosed));
    }

    // Link: to a task that exists and carries no receipt yet; its holder becomes the officer.
    const third = await diarised(fields(), clerk.cookie);
    const missing = await json(`/api/receipts/${third.id}/link`, clerk.cookie, {
      taskId: crypto.randomUUID(),
    });
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toBe(said(DAK_MESSAGES.taskNotFound));
    const linkRes = await json(`/api/receipts/${third.id}/link`, clerk.cookie, { taskId: task.id });
    expect(linkRes.status, await linkRes.clone().text()).toBe(200);
    expect(((await linkRes.json()) as { receipt: ReceiptItem }).receipt).toMatchObject({
      status: "marked",
      markedTo: { id: other.id },
      task: { id: task.id },
    });
    const fourth = await diarised(fields(), clerk.cookie);
    const taken = await json(`/api/receipts/${fourth.id}/link`, clerk.cookie, { taskId: task.id });
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toBe(said(DAK_MESSAGES.taskHasReceipt));
    expect((await rowOf(fourth.id)).status).toBe("pending");

    // Amend: with a reason, on the version opened; the number never changes.
    const opened = (await (await read(fourth.id, clerk.cookie)).json()) as ReceiptItem;
    const correction = {
      ...fields(),
      subject: "Affiliation of new colleges (corrected)",
      diaryNumber: "HED-1999-99999",
    };
    const noReason = await json(
      `/api/receipts/${fourth.id}`,
      clerk.cookie,
      { ...correction, version: opened.version },
      "PATCH",
    );
    expect(noReason.status).toBe(400);
    expect(await errorOf(noReason)).toBe(said(DAK_MESSAGES.reasonRequired));
    const amendRes = await json(
      `/api/receipts/${fourth.id}`,
      clerk.cookie,
      { ...correction, reason: "Subject misread", version: opened.version },
      "PATCH",
    );
    expect(amendRes.status, await amendRes.clone().text()).toBe(200);
    const amended = ((await amendRes.json()) as { receipt: ReceiptItem }).receipt;
    expect(amended.subject).toBe("Affiliation of new colleges (corrected)");
    expect(amended.diaryNumber).toBe(fourth.diaryNumber);
    expect(amended.version).toBeGreaterThan(opened.version);
    // A second save on the version first opened is refused: somebody changed it meanwhile.
    const stale = await json(
      `/api/receipts/${fourth.id}`,
      admin.cookie,
      { ...correction, subject: "Something else", reason: "Late edit", version: opened.version },
      "PATCH",
    );
    expect(stale.status).toBe(409);
    expect((await rowOf(fourth.id)).subject).toBe("Affiliation of new colleges (corrected)");
    expect((await rowOf(fourth.id)).diaryNumber).toBe(fourth.diaryNumber);

    const trail = async (id: string) =>
      await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, "receipt"), eq(auditEvents.entityId, id)))
        .orderBy(auditEvents.id);
    expect((await trail(first.id)).map((one) => one.action)).toEqual(["created", "marked"]);
    expect((await trail(second.id)).map((one) => one.action)).toEqual(["created", "closed"]);
    expect((await trail(third.id)).map((one) => one.action)).toEqual(["created", "linked"]);
    const fourthTrail = await trail(fourth.id);
    expect(fourthTrail.map((one) => one.action)).toEqual(["created", "amended"]);
    expect(fourthTrail[0].actorId).toBe(clerk.id);
    expect(fourthTrail[0].changes.diaryNumber).toEqual({
      before: null,
      after: fourth.diaryNumber,
    });
    expect(fourthTrail[1].changes).toMatchObject({
      subject: { before: fourth.subject, after: "Affiliation of new colleges (corrected)" },
      reason: { after: "Subject misread" },
    });
    expect(fourthTrail[1].changes).not.toHaveProperty("diaryNumber");
    const closedTrail = await trail(second.id);
    expect(closedTrail[1].changes).toMatchObject({
      status: { before: "pending", after: "closed" },
      closeReason: { before: null, after: "Filed: no action needed" },
    });
  });

  it("refuses bad input of every shape with its message, writing nothing", async () => {
    const tooMany = Array.from({ length: 6 }, (_, i) =>
      fileOf(PDF_BYTES, `page ${i}.pdf`, "application/pdf"),
    );
    const disguised = fileOf(
      Buffer.from("Dear Sir, this is plain text pretending to be a PDF."),
      "letter.pdf",
      "application/pdf",
    );
    const cases: [string, Record<string, string | undefined>, File[], string][] = [
      ["no subject", { subject: undefined }, [], DAK_MESSAGES.subjectRequired],
      ["a blank subject", { subject: "   " }, [], DAK_MESSAGES.subjectRequired],
      ["no sender", { senderName: undefined }, [], DAK_MESSAGES.senderRequired],
      ["no category", { category: undefined }, [], DAK_MESSAGES.categoryRequired],
      ["an unknown category", { category: "Gossip" }, [], DAK_MESSAGES.unknownCategory],
      ["a date received tomorrow", { receivedOn: TOMORROW }, [], DAK_MESSAGES.receivedInFuture],
      ["a date that is none", { receivedOn: "2026-02-30" }, [], DAK_MESSAGES.invalidDate],
      ["a letter after its receipt", { letterDate: TOMORROW }, [], DAK_MESSAGES.letterAfterReceipt],
      ["a bad mode", { mode: "pigeon" }, [], DAK_MESSAGES.invalidMode],
      [
        "a bad classification",
        { classification: "top_secret" },
        [],
        DAK_MESSAGES.invalidClassification,
      ],
      ["a section the office has not", { section: "Acad" }, [], DAK_MESSAGES.unknownSection],
      ["six scans", {}, tooMany, DAK_MESSAGES.tooManyScans],
      ["a text file named .pdf", {}, [scanPng(), disguised], FILE_MESSAGES.wrongType],
      [
        "a marking without purpose",
        { ...marking(officer.id), markPurpose: undefined },
        [scanPdf()],
        DAK_MESSAGES.invalidPurpose,
      ],
      [
        "a marking without due date",
        { ...marking(officer.id), markDueDate: undefined },
        [scanPdf()],
        DAK_MESSAGES.dueDateRequired,
      ],
      [
        "a marking due yesterday",
        { ...marking(officer.id), markDueDate: "2026-11-24" },
        [scanPdf()],
        DAK_MESSAGES.dueBeforeToday,
      ],
      [
        "a marking to nobody",
        { ...marking("no-such-account") },
        [scanPdf(), scanPng()],
        DAK_MESSAGES.invalidMarkTo,
      ],
    ];
    const before = await stored();
    for (const [name, extra, scans, expected] of cases) {
      const res = await postWithScans(clerk.cookie, { ...fields(), ...extra }, scans);
      expect(res.status, name).toBe(400);
      expect(await errorOf(res), name).toBe(said(expected as Parameters<typeof said>[0]));
    }
    expect(await stored()).toEqual(before);
  });

  it("hides Confidential and Secret receipts from all but admins and their officer", async () => {
    heard.length = 0;
    const before = await countOf(notifications);
    const stats = async (cookie: string) =>
      await (await t.request("/api/tasks/stats", { cookie })).json();
    const statsBefore = {
      head: await stats(head.cookie),
      other: await stats(other.cookie),
      admin: await stats(admin.cookie),
    };
    const confidential = await post(
      clerk.cookie,
      fields({
        ...marking(officer.id),
        classification: "confidential",
        subject: "Inquiry against Principal Zubaida",
        letterNumber: "CS/CONF/77",
      }),
    );
    expect(confidential.status, await confidential.clone().text()).toBe(201);
    const secret = await post(
      clerk.cookie,
      fields({ classification: "secret", subject: "Cabinet note Quetzal", letterNumber: "SEC/9" }),
    );
    expect(secret.status, await secret.clone().text()).toBe(201);
    // The clerk learns the numbers they wrote on the letters, and nothing they may not read.
    for (const answered of [
      ((await confidential.json()) as { receipt: ReceiptItem }).receipt,
      ((await secret.json()) as { receipt: ReceiptItem }).receipt,
    ]) {
      expect(answered.diaryNumber).toMatch(/^HED-2026-\d{5}$/);
      expect(answered).toMatchObject({
        task: null,
        scans: [],
        can: { amend: false, mark: false, link: false, close: false, dispatch: false },
      });
    }
    const [conf] = await t.db
      .select()
      .from(receipts)
      .where(eq(receipts.subject, "Inquiry against Principal Zubaida"));
    const [sec] = await t.db
      .select()
      .from(receipts)
      .where(eq(receipts.subject, "Cabinet note Quetzal"));
    expect(conf.classification).toBe("confidential");
    expect(sec.classification).toBe("secret");
    const hidden = [conf.id, sec.id];

    // The task made from it is restricted, and only its officer is told.
    const [task] = await t.db
      .select()
      .from(tasks)
      .where(eq(tasks.id, conf.taskId ?? ""));
    expect(task.restricted).toBe(true);
    expect(task.assignedTo).toBe(officer.id);
    expect(await countOf(notifications)).toBe(before + 1);
    // Nor is it counted on anybody else's cards: an admin's count moves, a head's does not.
    expect(await stats(head.cookie)).toEqual(statsBefore.head);
    expect(await stats(other.cookie)).toEqual(statsBefore.other);
    expect(await stats(admin.cookie)).not.toEqual(statsBefore.admin);
    expect(
      await t.db.select().from(notifications).where(eq(notifications.entityId, task.id)),
    ).toEqual([expect.objectContaining({ userId: officer.id })]);

    for (const [name, account] of [
      ["head", head],
      ["clerk", clerk],
      ["other", other],
    ] as const) {
      const ids = (await list(account.cookie)).receipts.map((one) => one.id);
      expect(
        ids.filter((id) => hidden.includes(id)),
        name,
      ).toEqual([]);
      for (const filter of ["classification=confidential", "classification=secret"]) {
        const page = await list(account.cookie, filter);
        expect(
          page.receipts.map((one) => one.id).filter((id) => hidden.includes(id)),
          name,
        ).toEqual([]);
        expect(page.total, `${name} ${filter}`).toBe(page.receipts.length);
      }
      expect((await list(account.cookie, "classification=confidential")).total, name).toBe(0);
      expect(
        (await exported(account.cookie)).map((one) => one.id).filter((id) => hidden.includes(id)),
        name,
      ).toEqual([]);
      for (const id of hidden) expect((await read(id, account.cookie)).status, name).toBe(404);
      for (const q of [
        "Zubaida",
        "Quetzal",
        "CS/CONF/77",
        "SEC/9",
        conf.diaryNumber,
        sec.diaryNumber,
      ])
        expect(
          (await searched(account.cookie, q)).filter(
            (hit) => hidden.includes(hit.id) || hit.id === task.id,
          ),
          `${name} ${q}`,
        ).toEqual([]);
      const letters = await t.request(`/api/receipts/for-task/${task.id}`, {
        cookie: account.cookie,
      });
      expect(letters.status).toBe(200);
      expect(((await letters.json()) as TaskLetters).receipt, name).toBeNull();
      // Neither the task made from it.
      expect((await t.request(`/api/tasks/${task.id}`, { cookie: account.cookie })).status).toBe(
        404,
      );
      const taskList = (await (
        await t.request("/api/tasks?pageSize=1000", { cookie: account.cookie })
      ).json()) as TaskPage;
      expect(
        taskList.tasks.map((one) => one.id),
        name,
      ).not.toContain(task.id);
      // And no live event of either reaches them.
      const holder = await me(account.cookie);
      const theirs = heard.filter(
        (event) => (hidden.includes(event.id) || event.id === task.id) && canHear(holder, event),
      );
      expect(theirs, name).toEqual([]);
    }

    // Admins read both; the officer the one marked to them.
    const adminIds = (await list(admin.cookie)).receipts.map((one) => one.id);
    expect(adminIds).toEqual(expect.arrayContaining(hidden));
    expect((await exported(admin.cookie)).map((one) => one.id)).toEqual(
      expect.arrayContaining(hidden),
    );
    for (const id of hidden) expect((await read(id, admin.cookie)).status).toBe(200);
    expect((await searched(admin.cookie, "Quetzal")).map((hit) => hit.id)).toContain(sec.id);
    expect((await list(officer.cookie)).receipts.map((one) => one.id)).toContain(conf.id);
    expect((await list(officer.cookie)).receipts.map((one) => one.id)).not.toContain(sec.id);
    expect((await read(conf.id, officer.cookie)).status).toBe(200);
    expect((await read(sec.id, officer.cookie)).status).toBe(404);
    expect((await searched(officer.cookie, "Zubaida")).map((hit) => hit.id)).toEqual(
      expect.arrayContaining([conf.id, task.id]),
    );
    expect((await t.request(`/api/tasks/${task.id}`, { cookie: officer.cookie })).status).toBe(200);
    const adminHolder = await me(admin.cookie);
    const officerHolder = await me(officer.cookie);
    expect(
      heard.filter((event) => event.id === conf.id && canHear(officerHolder, event)),
    ).not.toEqual([]);
    expect(heard.filter((event) => event.id === sec.id && canHear(adminHolder, event))).not.toEqual(
      [],
    );
    expect(heard.filter((event) => event.id === sec.id && canHear(officerHolder, event))).toEqual(
      [],
    );
  });

  it("lets the clerk make a receipt Secret, answering the amendment and then hiding it", async () => {
    const receipt = await diarised(fields(), clerk.cookie);
    const res = await json(
      `/api/receipts/${receipt.id}`,
      clerk.cookie,
      {
        ...fields(),
        subject: receipt.subject,
        classification: "secret",
        reason: "The Secretary's instruction",
        version: receipt.version,
      },
      "PATCH",
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const amended = ((await res.json()) as { receipt: ReceiptItem }).receipt;
    expect(amended.diaryNumber).toBe(receipt.diaryNumber);
    expect(amended.classification).toBe("secret");
    expect(amended.can.amend).toBe(false);
    expect((await rowOf(receipt.id)).classification).toBe("secret");
    for (const cookie of [clerk.cookie, head.cookie])
      expect((await read(receipt.id, cookie)).status).toBe(404);
    expect((await read(receipt.id, admin.cookie)).status).toBe(200);
  });

  it("takes an amendment that changes nothing as no change: no record, no new version", async () => {
    const values = fields();
    const receipt = await diarised(values, clerk.cookie);
    const audit = await countOf(auditEvents);
    const same = await json(
      `/api/receipts/${receipt.id}`,
      clerk.cookie,
      { ...values, reason: "Checked", version: receipt.version },
      "PATCH",
    );
    expect(same.status, await same.clone().text()).toBe(200);
    expect(((await same.json()) as { receipt: ReceiptItem }).receipt.version).toBe(receipt.version);
    expect(await countOf(auditEvents)).toBe(audit);
    // Whoever opened it before that save still saves a real correction.
    const real = await json(
      `/api/receipts/${receipt.id}`,
      admin.cookie,
      { ...values, remarks: "Original on file", reason: "Remark added", version: receipt.version },
      "PATCH",
    );
    expect(real.status, await real.clone().text()).toBe(200);
    expect(await countOf(auditEvents)).toBe(audit + 1);
  });

  it("filters the register by dates, category, mode, classification, status and words", async () => {
    const a = await diarised(
      fields({
        receivedOn: "2026-11-02",
        letterDate: "",
        mode: "courier",
        category: "RTI",
        subject: "Filter Alpha",
      }),
    );
    const b = await diarised(
      fields({ receivedOn: "2026-11-03", letterDate: "2026-11-01", category: "RTI" }),
    );
    const c = await diarised(fields({ receivedOn: "2026-11-04", letterDate: "", mode: "courier" }));
    await json(`/api/receipts/${b.id}/close`, admin.cookie, { reason: "Filed" });
    const ids = [a.id, b.id, c.id];
    const found = async (query: string) =>
      (await list(head.cookie, query)).receipts
        .map((one) => one.id)
        .filter((id) => ids.includes(id));
    expect(await found("from=2026-11-03&to=2026-11-04")).toEqual([c.id, b.id]);
    expect(await found("category=RTI")).toEqual([b.id, a.id]);
    expect(await found("mode=courier")).toEqual([c.id, a.id]);
    expect(await found("status=closed")).toEqual([b.id]);
    expect(await found("status=pending&mode=courier&to=2026-11-02")).toEqual([a.id]);
    expect(await found("classification=normal&q=filter%20alpha")).toEqual([a.id]);
    expect(await found(`q=${encodeURIComponent(c.letterNumber ?? "")}`)).toEqual([c.id]);
    expect(await found(`q=${encodeURIComponent(b.diaryNumber)}`)).toEqual([b.id]);
    const page = await list(head.cookie, "category=RTI&from=2026-11-02&to=2026-11-03");
    expect(page.total).toBe(page.receipts.length);
    expect(page.total).toBe(2);
    for (const [query, expected] of [
      ["from=2026-11-04&to=2026-11-03", DAK_MESSAGES.rangeReversed],
      ["status=lost", DAK_MESSAGES.invalidStatus],
      ["mode=pigeon", DAK_MESSAGES.invalidMode],
      ["classification=top", DAK_MESSAGES.invalidClassification],
      ["page=0", DAK_MESSAGES.invalidPage],
    ] as const) {
      const res = await t.request(`/api/receipts?${query}`, { cookie: head.cookie });
      expect(res.status, query).toBe(400);
      expect(await errorOf(res), query).toBe(said(expected));
    }
  });

  it("keeps a category as the office spells it, so the register's filter finds it", async () => {
    const receipt = await diarised(fields({ category: "court CASE" }), clerk.cookie);
    expect(receipt.category).toBe("Court Case");
    const page = await list(head.cookie, "category=Court%20Case");
    expect(page.receipts.map((one) => one.id)).toContain(receipt.id);
    for (const one of page.receipts) expect(one.category).toBe("Court Case");
  });

  it("restarts the running number with a new year", async () => {
    const thisYear = await diarised();
    const match = /^HED-2026-(\d{5})$/.exec(thisYear.diaryNumber);
    expect(match, thisYear.diaryNumber).not.toBeNull();
    const seq = Number(match?.[1]);
    expect(seq).toBeGreaterThan(1);
    try {
      // 2 January 2027 in Karachi.
      now = new Date("2027-01-02T05:00:00Z");
      const first = await diarised(fields({ receivedOn: "2026-12-31", letterDate: "2026-12-30" }));
      const second = await diarised(fields({ receivedOn: "2027-01-02" }));
      expect([first.diaryNumber, second.diaryNumber]).toEqual(["HED-2027-00001", "HED-2027-00002"]);
    } finally {
      now = NOW;
    }
    const back = await diarised();
    expect(back.diaryNumber).toBe(`HED-2026-${String(seq + 1).padStart(5, "0")}`);
  });

  it("numbers per section when the template names {section}, and then requires one", async () => {
    await putDak({
      ...DEFAULT_DAK_SETTINGS,
      diaryTemplate: "HED-{section}-{yyyy}-{seq:3}",
      sections: ["Acad", "Admin"],
    });
    try {
      const before = await stored();
      for (const section of [undefined, ""]) {
        const res = await post(clerk.cookie, fields({ section }));
        expect(res.status).toBe(400);
        expect(await errorOf(res)).toBe(said(DAK_MESSAGES.sectionRequired));
      }
      const unknown = await post(clerk.cookie, fields({ section: "Colleges" }));
      expect(unknown.status).toBe(400);
      expect(await errorOf(unknown)).toBe(said(DAK_MESSAGES.unknownSection));
      expect(await stored()).toEqual(before);

      const numbers = [];
      for (const section of ["Acad", "Admin", "Acad", "acad", "Admin", "ACAD"])
        numbers.push((await diarised(fields({ section }), clerk.cookie)).diaryNumber);
      expect(numbers).toEqual([
        "HED-Acad-2026-001",
        "HED-Admin-2026-001",
        "HED-Acad-2026-002",
        "HED-Acad-2026-003",
        "HED-Admin-2026-002",
        "HED-Acad-2026-004",
      ]);
    } finally {
      await putDak(DEFAULT_DAK_SETTINGS);
    }
    // Back on the office's template without sections, the year's one sequence continues.
    expect((await diarised()).diaryNumber).toMatch(/^HED-2026-\d{5}$/);
  });
  it("keeps each reader's register total and pages equal to the receipts they may read", async () => {
    // Beyond the counters' keys: a Confidential receipt linked to another user's task (carried
    // by it, marked to nobody), and one marked to the officer whose task then went to that
    // user (marked to one, carried by the other).
    const carried = await diarised(fields({ classification: "confidential" }));
    const othersTask = await makeTask(t.db, { assignedTo: other.id });
    const linked = await json(`/api/receipts/${carried.id}/link`, admin.cookie, {
      taskId: othersTask.id,
    });
    expect(linked.status, await linked.clone().text()).toBe(200);
    const handedOver = await diarised(fields({ classification: "secret", ...marking(officer.id) }));
    await t.db
      .update(tasks)
      .set({ assignedTo: other.id })
      .where(eq(tasks.id, handedOver.task?.id ?? ""));

    const [{ differing }] = rowsOf<{ differing: number }>(
      await t.db.execute(
        sql.raw(differingSql(COUNTERS.find((c) => c.table === "receipt_counts") as Counter)),
      ),
    );
    expect(differing).toBe(0);

    const queries = [
      "",
      "status=pending",
      "status=marked",
      "status=closed",
      "classification=normal",
      "classification=confidential",
      "classification=secret",
      "status=marked&classification=secret",
      "category=General",
    ];
    for (const account of [admin, head, clerk, officer, other]) {
      for (const query of queries) {
        const res = await t.request(`/api/receipts/export?${query}`, { cookie: account.cookie });
        const every = ((await res.json()) as { receipts: ReceiptItem[] }).receipts;
        const first = await list(account.cookie, query);
        expect(first.total, `${account.userId} ${query}`).toBe(every.length);
        const paged = [...first.receipts];
        for (let page = 2; (page - 1) * first.pageSize < first.total; page++)
          paged.push(...(await list(account.cookie, `${query}&page=${page}`)).receipts);
        expect(paged.map((r) => r.diaryNumber)).toEqual(every.map((r) => r.diaryNumber));
      }
    }
    const ofOther = (await exported(other.cookie)).map((r) => r.id);
    expect(ofOther).toEqual(expect.arrayContaining([carried.id, handedOver.id]));
    expect((await exported(officer.cookie)).map((r) => r.id)).toContain(handedOver.id);
    expect((await exported(head.cookie)).map((r) => r.id)).not.toContain(carried.id);
  });
});
