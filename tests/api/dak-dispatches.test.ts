import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/server/db/client";
import { COUNTERS, type Counter, differingSql } from "../../src/server/db/counters";
import { auditEvents, dispatches, registerCounters, tasks } from "../../src/server/db/schema";
import type { DomainEvent } from "../../src/server/events/bus";
import { canHear } from "../../src/server/live/audience";
import type { OfficeSettingsItem } from "../../src/shared/calendar";
import {
  DAK_MESSAGES,
  type DakSettings,
  DEFAULT_DAK_SETTINGS,
  type DispatchItem,
  type DispatchPage,
  type ReceiptItem,
  type SearchHit,
  type TaskLetters,
} from "../../src/shared/dak";
import { FILE_MESSAGES } from "../../src/shared/files";
import { said } from "../../src/shared/i18n/server-instance";
import type { CurrentUser } from "../../src/shared/users";
import { createTestApp, type TestApp } from "../helpers/app";
import { formOf, makeTask } from "../helpers/factories";
import { fileOf, PDF_BYTES, PNG_BYTES } from "../helpers/files";

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

/** Wednesday 25 November 2026, 10:00 in Karachi: the office's today is 2026-11-25. */
const NOW = new Date("2026-11-25T05:00:00Z");
const TODAY = "2026-11-25";

describe("the dispatch register and the header's search", () => {
  let t: TestApp;
  let admin: Account;
  let head: Account;
  let officer: Account;
  let other: Account;
  let clerk: Account;
  const heard: DomainEvent[] = [];
  let unique = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    admin = await t.signedInAs("admin");
    head = await t.signedInAs("organization_head");
    officer = await t.signedInAs("user");
    other = await t.signedInAs("user");
    clerk = await t.signedInClerk();
    t.events.subscribe((event) => heard.push(event));
  });
  afterAll(() => t.close());

  const errorOf = async (res: Response) => (await res.json()).error.message;
  const json = (path: string, cookie: string | undefined, body: unknown, method = "POST") =>
    t.request(path, { method, cookie, json: body });

  /** A receipt diarised by the admin, marked to `markTo` when given. */
  async function receiptOf(
    extra: Record<string, string> = {},
    markTo?: string,
  ): Promise<ReceiptItem> {
    unique += 1;
    const res = await t.request("/api/receipts", {
      method: "POST",
      cookie: admin.cookie,
      body: formOf({
        receivedOn: TODAY,
        mode: "by_hand",
        senderName: "Vice Chancellor",
        letterNumber: `GCU/VC/${500 + unique}`,
        subject: `Convocation arrangements ${unique}`,
        category: "General",
        ...(markTo ? { markTo, markPurpose: "action", markDueDate: "2026-12-05" } : {}),
        ...extra,
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { receipt: ReceiptItem }).receipt;
  }
  /** A dispatch's form fields. */
  function fields(extra: Record<string, string | File | undefined> = {}) {
    unique += 1;
    return {
      dispatchedOn: TODAY,
      addressees: "The Registrar, GC University\nThe Vice Chancellor, GC University",
      subject: `Reply on convocation arrangements ${unique}`,
      mode: "registered_post",
      signedBy: "Deputy Secretary (Admn)",
      ...extra,
    };
  }
  const post = (cookie: string | undefined, values: Record<string, string | File | undefined>) =>
    t.request("/api/dispatches", { method: "POST", cookie, body: formOf(values) });
  async function dispatched(
    values: Record<string, string | File | undefined> = fields(),
    cookie = clerk.cookie,
  ): Promise<DispatchItem> {
    const res = await post(cookie, values);
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { dispatch: DispatchItem }).dispatch;
  }
  async function listed(cookie: string, query = ""): Promise<DispatchPage> {
    const res = await t.request(`/api/dispatches?${query}`, { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as DispatchPage;
  }
  async function exported(cookie: string): Promise<DispatchItem[]> {
    const res = await t.request("/api/dispatches/export", { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { dispatches: DispatchItem[] }).dispatches;
  }
  async function searched(cookie: string, q: string): Promise<SearchHit[]> {
    const res = await t.request(`/api/search?q=${encodeURIComponent(q)}`, { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { hits: SearchHit[] }).hits;
  }
  async function letters(cookie: string, taskId: string): Promise<TaskLetters> {
    const res = await t.request(`/api/receipts/for-task/${taskId}`, { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as TaskLetters;
  }
  async function uploadResponse(taskId: string, cookie: string, file: File) {
    const form = new FormData();
    form.append("file", file);
    const res = await t.request(`/api/tasks/${taskId}/response-file`, {
      method: "POST",
      cookie,
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  async function storedLetters() {
    let n = 0;
    for await (const _object of t.storage.list("dispatch-letters")) n += 1;
    return n;
  }
  const stored = async () => ({
    dispatches: (await t.db.select({ n: sql<number>`count(*)::int` }).from(dispatches))[0].n,
    audit: (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0].n,
    letters: await storedLetters(),
    counters: await t.db
      .select()
      .from(registerCounters)
      .orderBy(registerCounters.register, registerCounters.scope, registerCounters.year),
  });
  async function me(cookie: string): Promise<CurrentUser> {
    return (await (await t.request("/api/me", { cookie })).json()) as CurrentUser;
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
  const seqOf = (number: string) => Number(/(\d+)$/.exec(number)?.[1]);

  it("answers anonymous callers 401 on every dispatch and search route", async () => {
    const one = await dispatched();
    const before = await stored();
    for (const [method, path] of [
      ["GET", "/api/dispatches"],
      ["GET", "/api/dispatches/export"],
      ["GET", `/api/dispatches/${one.id}`],
      ["GET", "/api/search?q=HED"],
    ])
      expect((await t.request(path, { method })).status, path).toBe(401);
    expect((await post(undefined, fields())).status).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it("lets admins and the R&I clerk dispatch, numbered from the dispatch template; nobody else", async () => {
    const byClerk = await dispatched(fields(), clerk.cookie);
    const byAdmin = await dispatched(fields(), admin.cookie);
    expect(byClerk.dispatchNumber).toMatch(/^HED-OUT-2026-\d{5}$/);
    expect(byAdmin.dispatchNumber).toMatch(/^HED-OUT-2026-\d{5}$/);
    expect(seqOf(byAdmin.dispatchNumber)).toBe(seqOf(byClerk.dispatchNumber) + 1);
    expect(byClerk).toMatchObject({
      addressees: ["The Registrar, GC University", "The Vice Chancellor, GC University"],
      mode: "registered_post",
      signedBy: "Deputy Secretary (Admn)",
      receipt: null,
      task: null,
      letter: null,
      dispatchedBy: { id: clerk.id },
    });

    const before = await stored();
    for (const account of [officer, other, head]) {
      const res = await post(
        account.cookie,
        fields({ letter: fileOf(PDF_BYTES, "reply.pdf", "application/pdf") }),
      );
      expect(res.status, account.role).toBe(403);
      expect(await errorOf(res)).toBe(said("common:error.forbidden"));
    }
    expect(await stored()).toEqual(before);

    // Normal dispatches: their keepers and heads read them all; a user those answering theirs.
    for (const cookie of [admin.cookie, clerk.cookie, head.cookie]) {
      const ids = (await listed(cookie)).dispatches.map((one) => one.id);
      expect(ids).toEqual(expect.arrayContaining([byClerk.id, byAdmin.id]));
      expect((await t.request(`/api/dispatches/${byClerk.id}`, { cookie })).status).toBe(200);
    }
    for (const account of [officer, other]) {
      expect((await listed(account.cookie)).dispatches.map((one) => one.id)).not.toContain(
        byClerk.id,
      );
      const res = await t.request(`/api/dispatches/${byClerk.id}`, { cookie: account.cookie });
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toBe(said(DAK_MESSAGES.dispatchNotFound));
    }

    // The office's own template numbers the next one, the year's sequence running on.
    await putDak({ ...DEFAULT_DAK_SETTINGS, dispatchTemplate: "OUT/{yy}/{seq:3}" });
    try {
      const next = await dispatched();
      expect(next.dispatchNumber).toBe(
        `OUT/26/${String(seqOf(byAdmin.dispatchNumber) + 1).padStart(3, "0")}`,
      );
    } finally {
      await putDak(DEFAULT_DAK_SETTINGS);
    }
  });

  it("refuses bad dispatches with their messages, writing nothing", async () => {
    const task = await makeTask(t.db, { assignedTo: officer.id });
    await uploadResponse(task.id, officer.cookie, fileOf(PNG_BYTES, "reply.png", "image/png"));
    const bare = await makeTask(t.db, { assignedTo: officer.id });
    const cases: [string, Record<string, string | File | undefined>, string][] = [
      ["no addressees", { addressees: undefined }, DAK_MESSAGES.addresseeRequired],
      ["blank addressees", { addressees: " \n \n" }, DAK_MESSAGES.addresseeRequired],
      [
        "51 addressees",
        { addressees: Array.from({ length: 51 }, (_, i) => `Principal ${i}`).join("\n") },
        DAK_MESSAGES.tooManyAddressees,
      ],
      ["no subject", { subject: undefined }, DAK_MESSAGES.subjectRequired],
      ["a bad mode", { mode: "fax" }, DAK_MESSAGES.invalidMode],
      ["tomorrow", { dispatchedOn: "2026-11-26" }, DAK_MESSAGES.dispatchedInFuture],
      ["a section the office has not", { section: "Acad" }, DAK_MESSAGES.unknownSection],
      ["a receipt that is none", { receiptId: crypto.randomUUID() }, DAK_MESSAGES.receiptNotFound],
      ["a task that is none", { taskId: crypto.randomUUID() }, DAK_MESSAGES.taskNotFound],
      [
        "a PNG as the letter",
        { letter: fileOf(PNG_BYTES, "reply.png", "image/png") },
        DAK_MESSAGES.letterNotPdf,
      ],
      [
        "text named .pdf as the letter",
        { letter: fileOf(Buffer.from("not a pdf at all"), "reply.pdf", "application/pdf") },
        FILE_MESSAGES.wrongType,
      ],
      [
        "a response file that is not a PDF",
        { taskId: task.id, useResponseFile: "true" },
        DAK_MESSAGES.letterNotPdf,
      ],
      [
        "a task without a response file",
        { taskId: bare.id, useResponseFile: "true" },
        DAK_MESSAGES.noResponseFile,
      ],
      ["a response file with no task", { useResponseFile: "true" }, DAK_MESSAGES.noResponseFile],
      [
        "a good letter for a task that is none",
        {
          taskId: crypto.randomUUID(),
          letter: fileOf(PDF_BYTES, "reply.pdf", "application/pdf"),
        },
        DAK_MESSAGES.taskNotFound,
      ],
    ];
    const before = await stored();
    for (const [name, extra, expected] of cases) {
      const res = await post(clerk.cookie, { ...fields(), ...extra });
      expect(res.status, name).toBe(400);
      expect(await errorOf(res), name).toBe(said(expected as Parameters<typeof said>[0]));
    }
    expect(await stored()).toEqual(before);
  });

  it("Dispatch Reply copies the task's PDF response file, linked to the task and its receipt", async () => {
    const receipt = await receiptOf({}, officer.id);
    const taskId = receipt.task?.id ?? "";
    await uploadResponse(
      taskId,
      officer.cookie,
      fileOf(PDF_BYTES, "Reply to GCU.pdf", "application/pdf"),
    );
    heard.length = 0;
    const reply = await dispatched(fields({ taskId, useResponseFile: "true" }), clerk.cookie);
    expect(reply.receipt).toEqual({ id: receipt.id, diaryNumber: receipt.diaryNumber });
    expect(reply.task).toEqual({ id: taskId, subject: receipt.subject });
    expect(reply.letter?.fileName).toBe("Reply to GCU.pdf");
    const download = await t.request(reply.letter?.url ?? "");
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF_BYTES);
    expect(heard).toContainEqual(
      expect.objectContaining({ entity: "dispatch", id: reply.id, assignees: [officer.id] }),
    );

    // A receipt alone names its task too.
    const byReceipt = await dispatched(
      fields({ receiptId: receipt.id, letter: fileOf(PDF_BYTES, "second.pdf", "application/pdf") }),
    );
    expect(byReceipt.task?.id).toBe(taskId);
    expect(byReceipt.receipt?.id).toBe(receipt.id);
    // And its task's response file, for Dispatch Reply from the receipt.
    const fromReceipt = await dispatched(
      fields({ receiptId: receipt.id, useResponseFile: "true" }),
    );
    expect(fromReceipt.task?.id).toBe(taskId);
    expect(fromReceipt.letter?.fileName).toBe("Reply to GCU.pdf");

    // The task's page: its receipt and its dispatches, for its officer and for a head.
    for (const cookie of [officer.cookie, head.cookie, clerk.cookie]) {
      const shown = await letters(cookie, taskId);
      expect(shown.receipt?.id).toBe(receipt.id);
      expect(shown.dispatches.map((one) => one.id).sort()).toEqual(
        [reply.id, byReceipt.id, fromReceipt.id].sort(),
      );
    }
    // The officer reads the replies to their task; another user neither them nor the letter.
    const mine = await t.request(`/api/dispatches/${reply.id}`, { cookie: officer.cookie });
    expect(mine.status).toBe(200);
    const officerLink = ((await mine.json()) as DispatchItem).letter?.url ?? "";
    expect((await t.request(officerLink)).status).toBe(200);
    expect((await listed(officer.cookie)).dispatches.map((one) => one.id)).toEqual(
      expect.arrayContaining([reply.id, byReceipt.id]),
    );
    expect((await t.request(`/api/dispatches/${reply.id}`, { cookie: other.cookie })).status).toBe(
      404,
    );
    expect(await letters(other.cookie, taskId)).toEqual({ receipt: null, dispatches: [] });

    // An audit record names the dispatch by its number and the receipt it answers.
    const [record] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, reply.id));
    expect(record).toMatchObject({ entity: "dispatch", action: "created", actorId: clerk.id });
    expect(record.changes).toMatchObject({
      dispatchNumber: { after: reply.dispatchNumber },
      receipt: { after: { id: receipt.id, name: receipt.diaryNumber } },
      letter: { after: "Reply to GCU.pdf" },
    });
  });

  it("hides a reply to a Confidential receipt from heads, the clerk and other users", async () => {
    const receipt = await receiptOf(
      { classification: "confidential", subject: "Complaint against Principal Xenophon" },
      officer.id,
    );
    const taskId = receipt.task?.id ?? "";
    const [task] = await t.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(task.restricted).toBe(true);
    await uploadResponse(
      taskId,
      officer.cookie,
      fileOf(PDF_BYTES, "Confidential reply.pdf", "application/pdf"),
    );

    // The clerk reads neither the receipt nor its task, so cannot answer them.
    const before = await stored();
    for (const extra of [{ taskId }, { receiptId: receipt.id }]) {
      const res = await post(clerk.cookie, { ...fields(), ...extra, useResponseFile: "true" });
      expect(res.status).toBe(400);
    }
    expect(await stored()).toEqual(before);

    heard.length = 0;
    const reply = await dispatched(
      fields({ taskId, useResponseFile: "true", subject: "Reply on Xenophon" }),
      admin.cookie,
    );
    expect(reply.receipt?.id).toBe(receipt.id);
    const [row] = await t.db.select().from(dispatches).where(eq(dispatches.id, reply.id));
    expect(row.classification).toBe("confidential");

    for (const [name, account] of [
      ["head", head],
      ["clerk", clerk],
      ["other", other],
    ] as const) {
      expect(
        (await listed(account.cookie)).dispatches.map((one) => one.id),
        name,
      ).not.toContain(reply.id);
      expect(
        (await exported(account.cookie)).map((one) => one.id),
        name,
      ).not.toContain(reply.id);
      expect(
        (await t.request(`/api/dispatches/${reply.id}`, { cookie: account.cookie })).status,
        name,
      ).toBe(404);
      for (const q of [reply.dispatchNumber, "Xenophon", receipt.diaryNumber])
        expect(
          (await searched(account.cookie, q)).filter((hit) =>
            [reply.id, receipt.id, taskId].includes(hit.id),
          ),
          `${name} ${q}`,
        ).toEqual([]);
      expect(await letters(account.cookie, taskId), name).toEqual({
        receipt: null,
        dispatches: [],
      });
      const holder = await me(account.cookie);
      expect(
        heard.filter((event) => event.id === reply.id && canHear(holder, event)),
        name,
      ).toEqual([]);
    }
    // Admins and the officer read it.
    for (const cookie of [admin.cookie, officer.cookie]) {
      expect((await t.request(`/api/dispatches/${reply.id}`, { cookie })).status).toBe(200);
      expect((await searched(cookie, reply.dispatchNumber)).map((hit) => hit.id)).toContain(
        reply.id,
      );
      expect((await letters(cookie, taskId)).dispatches.map((one) => one.id)).toEqual([reply.id]);
    }
    const officerHolder = await me(officer.cookie);
    expect(
      heard.filter((event) => event.id === reply.id && canHear(officerHolder, event)),
    ).not.toEqual([]);
  });

  it("hides the replies already sent once their receipt is made Confidential", async () => {
    const receipt = await receiptOf({ subject: "Transfer of lecturer Ygritte" }, officer.id);
    const taskId = receipt.task?.id ?? "";
    const reply = await dispatched(fields({ receiptId: receipt.id, subject: "Reply on Ygritte" }));
    const earlier = await dispatched(fields({ taskId, subject: "Interim reply on Ygritte" }));
    const replies = [reply.id, earlier.id];
    for (const cookie of [head.cookie, clerk.cookie])
      expect((await listed(cookie)).dispatches.map((one) => one.id)).toEqual(
        expect.arrayContaining(replies),
      );
    const res = await json(
      `/api/receipts/${receipt.id}`,
      admin.cookie,
      {
        receivedOn: TODAY,
        mode: "by_hand",
        senderName: "Vice Chancellor",
        subject: receipt.subject,
        category: "General",
        classification: "confidential",
        reason: "A personnel matter",
        version: receipt.version,
      },
      "PATCH",
    );
    expect(res.status, await res.clone().text()).toBe(200);

    for (const [name, account] of [
      ["head", head],
      ["clerk", clerk],
    ] as const) {
      const ids = (await listed(account.cookie)).dispatches.map((one) => one.id);
      expect(
        ids.filter((id) => replies.includes(id)),
        name,
      ).toEqual([]);
      for (const id of replies)
        expect(
          (await t.request(`/api/dispatches/${id}`, { cookie: account.cookie })).status,
          name,
        ).toBe(404);
      expect(
        (await searched(account.cookie, "Ygritte")).filter((hit) =>
          [...replies, receipt.id, taskId].includes(hit.id),
        ),
        name,
      ).toEqual([]);
    }
    for (const cookie of [admin.cookie, officer.cookie])
      expect((await letters(cookie, taskId)).dispatches.map((one) => one.id).sort()).toEqual(
        [...replies].sort(),
      );
  });

  it("finds receipts, dispatches and tasks by their numbers, within what the caller may read", async () => {
    const receipt = await receiptOf({ letterNumber: "PU/ACAD/4471-Q" }, officer.id);
    const unmarked = await receiptOf({ letterNumber: "PU/ACAD/4472-Q" });
    const dispatch = await dispatched(fields({ receiptId: receipt.id }));
    const taskId = receipt.task?.id ?? "";
    const part = receipt.diaryNumber.slice(-7); // "6-000NN": part of the number only
    const kinds = (hits: SearchHit[], id: string) =>
      hits.filter((hit) => hit.id === id).map((hit) => hit.kind);

    const byPart = await searched(clerk.cookie, part);
    expect(kinds(byPart, receipt.id)).toEqual(["receipt"]);
    // The task made from it is found by its receipt's number, which the hit carries (by
    // those who read the task: not the clerk, who keeps the registers, not the tasks).
    expect(kinds(byPart, taskId)).toEqual([]);
    const headByPart = await searched(head.cookie, part);
    expect(kinds(headByPart, receipt.id)).toEqual(["receipt"]);
    expect(headByPart.find((hit) => hit.id === taskId)).toMatchObject({
      kind: "task",
      number: receipt.diaryNumber,
    });
    // A letter number by its end or its start (decision 033: numbers match at either end).
    expect(kinds(await searched(clerk.cookie, "4471-q"), receipt.id)).toEqual(["receipt"]);
    expect(kinds(await searched(clerk.cookie, "pu/acad/4471"), receipt.id)).toEqual(["receipt"]);
    expect(kinds(await searched(head.cookie, "PU/ACAD/4471-Q"), receipt.id)).toEqual(["receipt"]);
    const byDispatch = await searched(head.cookie, dispatch.dispatchNumber);
    expect(byDispatch.find((hit) => hit.id === dispatch.id)).toMatchObject({
      kind: "dispatch",
      number: dispatch.dispatchNumber,
    });

    // The officer finds what is theirs; another user nothing of it.
    const officerHits = await searched(officer.cookie, receipt.diaryNumber);
    expect(officerHits.map((hit) => hit.id)).toEqual(expect.arrayContaining([receipt.id, taskId]));
    expect(kinds(await searched(officer.cookie, "PU/ACAD/4472-Q"), unmarked.id)).toEqual([]);
    for (const q of [receipt.diaryNumber, "PU/ACAD/447", dispatch.dispatchNumber]) {
      const hits = await searched(other.cookie, q);
      for (const id of [receipt.id, unmarked.id, dispatch.id, taskId])
        expect(kinds(hits, id), q).toEqual([]);
    }

    // Wildcards are taken literally: "%%" and "__" match no number or subject here.
    for (const q of ["%%", "__"]) expect(await searched(admin.cookie, q), q).toEqual([]);

    for (const q of ["", "a", " b "]) {
      const res = await t.request(`/api/search?q=${encodeURIComponent(q)}`, {
        cookie: admin.cookie,
      });
      expect(res.status, q).toBe(400);
      expect(await errorOf(res)).toBe(said(DAK_MESSAGES.queryTooShort));
    }
    const none = await t.request("/api/search", { cookie: admin.cookie });
    expect(none.status).toBe(400);
    expect(await errorOf(none)).toBe(said(DAK_MESSAGES.queryTooShort));
  });
  it("keeps each reader's register total and pages equal to the dispatches they may read", async () => {
    // Enough to page: Normal replies, a restricted reply to the officer's Confidential receipt
    // and one to a Confidential receipt linked to the other user's task.
    for (let n = 0; n < 27; n++) await dispatched();
    const theirs = await receiptOf({ classification: "confidential" }, officer.id);
    await dispatched(fields({ receiptId: theirs.id }), admin.cookie);
    const linked = await receiptOf({ classification: "secret" });
    const othersTask = await makeTask(t.db, { assignedTo: other.id });
    const link = await json(`/api/receipts/${linked.id}/link`, admin.cookie, {
      taskId: othersTask.id,
    });
    expect(link.status, await link.clone().text()).toBe(200);
    await dispatched(fields({ taskId: othersTask.id }), admin.cookie);

    const [{ differing }] = rowsOf<{ differing: number }>(
      await t.db.execute(
        sql.raw(differingSql(COUNTERS.find((c) => c.table === "dispatch_counts") as Counter)),
      ),
    );
    expect(differing).toBe(0);
    for (const account of [admin, head, clerk, officer, other]) {
      for (const query of ["", "mode=registered_post", `from=${TODAY}&to=${TODAY}`]) {
        const res = await t.request(`/api/dispatches/export?${query}`, { cookie: account.cookie });
        const every = ((await res.json()) as { dispatches: DispatchItem[] }).dispatches;
        const first = await listed(account.cookie, query);
        expect(first.total, `${account.userId} ${query}`).toBe(every.length);
        const paged = [...first.dispatches];
        for (let page = 2; (page - 1) * first.pageSize < first.total; page++)
          paged.push(...(await listed(account.cookie, `${query}&page=${page}`)).dispatches);
        expect(paged.map((one) => one.dispatchNumber)).toEqual(
          every.map((one) => one.dispatchNumber),
        );
      }
    }
    expect((await exported(officer.cookie)).length).toBeGreaterThan(0);
    expect((await exported(other.cookie)).length).toBeGreaterThan(0);
  });
});
