import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, tasks } from "../../src/server/db/schema";
import type { DomainEvent } from "../../src/server/events/bus";
import { canHear } from "../../src/server/live/audience";
import { writeOfficeSettings } from "../../src/server/office/settings";
import { DEFAULT_OFFICE_SETTINGS } from "../../src/shared/calendar";
import type { ExtensionRequestList, TaskItem } from "../../src/shared/tasks";
import type { CurrentUser } from "../../src/shared/users";
import { createTestApp, type TestApp } from "../helpers/app";
import { diariseAndMark, formOf } from "../helpers/factories";
import { fileOf, PDF_BYTES } from "../helpers/files";

// Every change to a restricted task (made from a Confidential receipt), whoever makes it and
// however (a request, the overdue sweep, the escalation rule, a hand-over), is heard by
// administrators and its holder only: never by organization heads, the clerk who marked it or
// anyone else; nor are they told of it.

// Wednesday 25 November 2026, noon in Karachi.
const NOON = new Date("2026-11-25T07:00:00Z");
const TODAY = "2026-11-25";

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

describe("live events and notices of a restricted task", () => {
  let t: TestApp;
  let admin: Account;
  let head: Account;
  let clerk: Account;
  let officer: Account;
  let heir: Account;
  let other: Account;
  const heard: DomainEvent[] = [];
  let restricted = "";
  let normal = "";

  const diarisedAndMarked = async (subject: string, classification: "normal" | "confidential") =>
    (
      await diariseAndMark(t, clerk.cookie, {
        receivedOn: TODAY,
        subject,
        classification,
        officerId: officer.id,
      })
    ).taskId ?? "";

  /** A request that must succeed, with its JSON body or form. */
  async function ok(
    path: string,
    cookie: string,
    init: { method: string; json?: unknown; body?: FormData },
  ) {
    const res = await t.request(path, { cookie, ...init });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return res;
  }

  async function holderOf(account: Account): Promise<CurrentUser> {
    const res = await t.request("/api/me", { cookie: account.cookie });
    return (await res.json()) as CurrentUser;
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOON, runJobs: false });
    admin = await t.signedInAs("admin");
    head = await t.signedInAs("organization_head");
    clerk = await t.signedInClerk();
    officer = await t.signedInAs("user", { fullName: "Section Officer Acad" });
    heir = await t.signedInAs("user", { fullName: "Section Officer Admin" });
    other = await t.signedInAs("user");
    t.events.subscribe((event) => heard.push(event));
    restricted = await diarisedAndMarked("Inquiry against a principal", "confidential");
    normal = await diarisedAndMarked("Affiliation of new colleges", "normal");
  });
  afterAll(() => t.close());

  it("keeps every change from heads, the clerk and other users, and tells none of them", async () => {
    const task = `/api/tasks/${restricted}`;
    // The officer reports: remarks, a response file put and taken back, two extension requests.
    await ok(`${task}/remarks`, officer.cookie, { method: "PUT", json: { remarks: "Examined" } });
    const form = new FormData();
    form.append("file", fileOf(PDF_BYTES, "inquiry report.pdf", "application/pdf"));
    await ok(`${task}/response-file`, officer.cookie, { method: "POST", body: form });
    await ok(`${task}/response-file`, officer.cookie, { method: "DELETE" });
    const pendingRequest = async () => {
      const res = await t.request("/api/extension-requests?status=pending", {
        cookie: admin.cookie,
      });
      const list = (await res.json()) as ExtensionRequestList;
      return list.requests.find((request) => request.taskId === restricted)?.id ?? "";
    };
    const askFor = (dueDate: string) =>
      ok(`${task}/extension-requests`, officer.cookie, {
        method: "POST",
        json: { dueDate, reason: "Waiting for the inquiry committee" },
      });
    await askFor("2026-12-10");
    await ok(`/api/extension-requests/${await pendingRequest()}/approve`, admin.cookie, {
      method: "POST",
    });
    await askFor("2026-12-20");
    await ok(`/api/extension-requests/${await pendingRequest()}/decline`, admin.cookie, {
      method: "POST",
      json: { reason: "The committee reports next week" },
    });
    // An administrator replies, edits it, and moves it into the past in bulk: the sweep makes it
    // overdue, and the escalation rule super overdue.
    await ok(`${task}/replies`, admin.cookie, { method: "POST", json: { body: "Any news?" } });
    const opened = (await (await t.request(task, { cookie: admin.cookie })).json()) as TaskItem;
    await ok(task, admin.cookie, {
      method: "PATCH",
      body: formOf({
        subject: "Inquiry against a principal (second report)",
        description: opened.description ?? "",
        assignedTo: opened.assignedTo,
        // The letter's work began earlier than its marking.
        assignDate: "2026-11-01",
        dueDate: opened.dueDate,
        taskType: opened.taskType,
        status: opened.status,
        remarks: opened.remarks ?? "",
        version: String(opened.version),
      }),
    });
    await ok("/api/tasks/bulk", admin.cookie, {
      method: "POST",
      json: {
        selection: { by: "ids", ids: [restricted] },
        action: { kind: "dueDate", dueDate: "2026-11-02", reason: "As the inquiry was due" },
      },
    });
    await writeOfficeSettings(t.db, {
      ...DEFAULT_OFFICE_SETTINGS,
      escalation: { enabled: true, afterWorkingDays: 5 },
    });
    await t.schedules.tick();
    const [escalated] = await t.db.select().from(tasks).where(eq(tasks.id, restricted));
    expect(escalated.status).toBe("super_delayed");
    // Then it is completed, handed on with its holder's account, and deleted.
    await ok(`${task}/complete`, admin.cookie, { method: "POST" });
    await ok(`/api/admin/users/${officer.id}?handOverTo=${heir.id}`, admin.cookie, {
      method: "DELETE",
    });
    await ok(task, admin.cookie, { method: "DELETE" });

    const changes = heard.filter(
      (event) =>
        (event.entity === "task" || event.entity === "response_file") && event.id === restricted,
    );
    const actions = changes.map((event) => `${event.entity} ${event.action}`);
    // Created; remarks; file up and down; two requests and two answers; the reply; the edit;
    // the bulk move, the sweep and the escalation; the completion; the hand-over; the deletion.
    expect(actions).toEqual([
      "task created",
      "task updated",
      "response_file created",
      "response_file deleted",
      ...Array(7).fill("task updated"),
      "task updated",
      "task updated",
      "task updated",
      "task updated",
      "task deleted",
    ]);
    expect(changes.every((event) => event.entity !== "session" && event.restricted)).toBe(true);

    const hears = async (account: Account) => {
      const holder = await holderOf(account);
      return changes.filter((event) => canHear(holder, event)).length;
    };
    expect(await hears(admin)).toBe(changes.length);
    // Its new holder hears of it from the hand-over on.
    expect(await hears(heir)).toBe(2);
    for (const [name, account] of [
      ["head", head],
      ["clerk", clerk],
      ["other", other],
    ] as const)
      expect(await hears(account), name).toBe(0);

    const told = await t.db
      .select({ userId: notifications.userId, kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.entityId, restricted));
    const toldIds = told.map((notice) => notice.userId);
    for (const id of [head.id, clerk.id, other.id]) expect(toldIds).not.toContain(id);
    // The requests went to the administrators, who decide them, instead of the clerk.
    expect(told).toEqual(
      expect.arrayContaining([{ userId: admin.id, kind: "extension_requested" }]),
    );
  });

  it("still lets heads hear of a Normal receipt's task", async () => {
    const holder = await holderOf(head);
    const changes = heard.filter((event) => event.id === normal);
    // Created by the marking, handed on with its holder's account.
    expect(changes.map((event) => event.action)).toEqual(["created", "updated"]);
    expect(changes.every((event) => canHear(holder, event))).toBe(true);
  });
});
