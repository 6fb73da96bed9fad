import { and, eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  engagementAgendaItems,
  engagementDecisions,
  engagements,
  notifications,
  tasks,
  user,
} from "../../src/server/db/schema";
import { readDecisions } from "../../src/server/decisions/read";
import type { DomainEvent } from "../../src/server/events/bus";
import {
  DECISION_MESSAGES,
  DECISION_STATUSES,
  DECISIONS_PAGE_SIZE,
  type DecisionInput,
  type DecisionItem,
  type DecisionPage,
} from "../../src/shared/decisions";
import { ENGAGEMENT_MESSAGES } from "../../src/shared/engagements";
import { said } from "../../src/shared/i18n/server-instance";
import type { TaskItem } from "../../src/shared/tasks";
import type { CurrentUser } from "../../src/shared/users";
import { createTestApp, type TestApp } from "../helpers/app";
import { fieldValue } from "../helpers/fuzz";

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

/** Wednesday 25 November 2026, 10:00 in Karachi: the office's today is 2026-11-25. */
const NOW = new Date("2026-11-25T05:00:00Z");
const TODAY = "2026-11-25";

describe("meeting decisions", () => {
  let now = NOW;
  let t: TestApp;
  let admin: Account;
  let head: Account;
  let owner: Account;
  let other: Account;
  const heard: DomainEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    admin = await t.signedInAs("admin");
    head = await t.signedInAs("organization_head");
    owner = await t.signedInAs("user");
    other = await t.signedInAs("user");
    t.events.subscribe((event) => heard.push(event));
  });
  afterAll(() => t.close());

  /** A meeting written straight to the database, with its agenda's titles. */
  async function meeting(date: string, subject = "Budget review", agenda: string[] = []) {
    const [row] = await t.db
      .insert(engagements)
      .values({
        date,
        time: "10:00",
        subject,
        venue: "Cabinet Room",
        responsibility: "Secretary HED",
        status: "Held",
      })
      .returning();
    const items = agenda.length
      ? await t.db
          .insert(engagementAgendaItems)
          .values(agenda.map((title, position) => ({ engagementId: row.id, position, title })))
          .returning()
      : [];
    return { ...row, items };
  }

  const record = (engagementId: string, decisions: unknown, cookie: string | undefined) =>
    t.request(`/api/engagements/${engagementId}/decisions`, {
      method: "POST",
      cookie,
      json: { decisions },
    });
  const recorded = async (engagementId: string, decisions: DecisionInput[]) => {
    const res = await record(engagementId, decisions, admin.cookie);
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { decisions: DecisionItem[] }).decisions;
  };
  const list = async (query: string, cookie = admin.cookie) => {
    const res = await t.request(`/api/decisions?${query}`, { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as DecisionPage;
  };
  const action = (fields: Partial<DecisionInput> = {}): DecisionInput => ({
    description: "Draft the admissions policy",
    outcome: "action",
    ownerId: owner.id,
    dueDate: "2026-11-30",
    ...fields,
  });
  const errorOf = async (res: Response) => (await res.json()).error.message;
  const countOf = async (table: typeof tasks | typeof engagementDecisions | typeof notifications) =>
    (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
  /** Every row a save could write, counted. */
  const stored = async () => ({
    decisions: await countOf(engagementDecisions),
    tasks: await countOf(tasks),
    notifications: await countOf(notifications),
    audit: (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0].n,
  });
  const complete = (taskId: string) =>
    t.request(`/api/tasks/${taskId}/complete`, { method: "POST", cookie: admin.cookie });
  /**
   * The status and due date each decision keeps of its task (drizzle/0021, 0024) are its
   * task's, null with none.
   */
  async function expectTaskCopiesKept() {
    const stale = await t.db
      .select({ description: engagementDecisions.description })
      .from(engagementDecisions)
      .leftJoin(tasks, eq(tasks.id, engagementDecisions.taskId))
      .where(
        sql`(${engagementDecisions.taskStatus}, ${engagementDecisions.taskDueDate})
          is distinct from (${tasks.status}, ${tasks.dueDate})`,
      );
    expect(stale).toEqual([]);
  }

  it("records a save's decisions: each action a Request task for its owner, told and audited", async () => {
    const m = await meeting("2026-11-20", "Admissions board", ["Admissions 2027", "Hostels"]);
    heard.length = 0;
    const saved = await recorded(m.id, [
      action({ agendaItemId: m.items[0].id }),
      { description: "A new campus in Murree", outcome: "regretted", reason: "No funds this year" },
      { description: "Enrolment figures for 2026", outcome: "noted", agendaItemId: m.items[1].id },
    ]);

    expect(saved.map((one) => [one.description, one.outcome, one.status])).toEqual([
      ["Draft the admissions policy", "action", "pending"],
      ["A new campus in Murree", "regretted", "regretted"],
      ["Enrolment figures for 2026", "noted", "noted"],
    ]);
    const [first, regretted, noted] = saved;
    expect(first).toMatchObject({
      engagement: { id: m.id, subject: "Admissions board", date: "2026-11-20" },
      agendaItem: { id: m.items[0].id, title: "Admissions 2027" },
      owner: { id: owner.id },
      dueDate: "2026-11-30",
      reason: null,
      task: { status: "in_progress", dueDate: "2026-11-30", completionDate: null },
      daysOverdue: 0,
      can: { delete: true },
    });
    expect(regretted).toMatchObject({ owner: null, dueDate: null, task: null });
    expect(regretted.reason).toBe("No funds this year");
    expect(noted.agendaItem?.title).toBe("Hostels");

    // The task, as Create Task makes one: a Request, assigned today, in the owner's list.
    const taskId = first.task?.id as string;
    const task: TaskItem = await (
      await t.request(`/api/tasks/${taskId}`, { cookie: owner.cookie })
    ).json();
    expect(task).toMatchObject({
      subject: "Draft the admissions policy",
      taskType: "Request",
      assignedTo: owner.id,
      assignDate: TODAY,
      dueDate: "2026-11-30",
      status: "in_progress",
      description:
        "Decision of the meeting “Admissions board” of Nov 20, 2026, on the agenda item “Admissions 2027”.",
    });

    // Told once, in the app; the task's own "created" record and one per decision.
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.entityId, taskId)));
    expect(told.map((notice) => notice.kind)).toEqual(["task_assigned"]);
    const trail = await t.db
      .select()
      .from(auditEvents)
      .where(inArray(auditEvents.entityId, [taskId, ...saved.map((one) => one.id)]));
    expect(trail.map((event) => [event.entity, event.action]).sort()).toEqual([
      ["decision", "created"],
      ["decision", "created"],
      ["decision", "created"],
      ["task", "created"],
    ]);
    const decided = trail.find((event) => event.entityId === first.id);
    expect(decided?.changes).toMatchObject({
      description: { before: null, after: "Draft the admissions policy" },
      owner: { before: null, after: { id: owner.id } },
      dueDate: { before: null, after: "2026-11-30" },
      task: { before: null, after: taskId },
      engagement: { before: null, after: { id: m.id, name: "Admissions board" } },
    });

    // After the commit: the owner's task list and bell, and the meeting's page, hear of it.
    expect(heard).toContainEqual(
      expect.objectContaining({
        entity: "task",
        id: taskId,
        action: "created",
        assignees: [owner.id],
      }),
    );
    expect(heard).toContainEqual(
      expect.objectContaining({ entity: "notification", id: owner.id, action: "created" }),
    );
    expect(heard).toContainEqual(
      expect.objectContaining({ entity: "engagement", id: m.id, action: "updated" }),
    );
  });

  it("writes the task's description in its owner's language", async () => {
    const m = await meeting("2026-11-21", "Colleges board");
    await t.db.update(user).set({ language: "ur" }).where(eq(user.id, other.id));
    try {
      const [one] = await recorded(m.id, [action({ ownerId: other.id })]);
      const [task] = await t.db
        .select()
        .from(tasks)
        .where(eq(tasks.id, one.task?.id as string));
      expect(task.description).toBe("اجلاس “Colleges board” مورخہ 21 نومبر، 2026 کا فیصلہ۔");
    } finally {
      await t.db.update(user).set({ language: null }).where(eq(user.id, other.id));
    }
  });

  it("refuses a bad decision with a clear 400, and stores nothing of its save", async () => {
    const m = await meeting("2026-11-20", "Refusals", ["Item"]);
    const elsewhere = await meeting("2026-11-20", "Another meeting", ["Not this one"]);
    const pending = await t.makeUser();
    await t.db.update(user).set({ pendingApproval: true }).where(eq(user.id, pending.id));
    const cases: [string, Record<string, unknown>, string][] = [
      ["without an owner", { ownerId: null }, DECISION_MESSAGES.ownerRequired],
      ["without a due date", { dueDate: undefined }, DECISION_MESSAGES.dueDateRequired],
      ["due before the meeting", { dueDate: "2026-11-19" }, DECISION_MESSAGES.dueBeforeMeeting],
      ["due on no day there is", { dueDate: "0000-12-01" }, DECISION_MESSAGES.invalidDate],
      ["owned by an organization head", { ownerId: head.id }, DECISION_MESSAGES.invalidOwner],
      [
        "owned by an account awaiting approval",
        { ownerId: pending.id },
        DECISION_MESSAGES.invalidOwner,
      ],
      ["owned by nobody there is", { ownerId: "no-such-account" }, DECISION_MESSAGES.invalidOwner],
      [
        "on another meeting's agenda item",
        { agendaItemId: elsewhere.items[0].id },
        DECISION_MESSAGES.invalidAgendaItem,
      ],
      ["with no words", { description: "   " }, DECISION_MESSAGES.descriptionRequired],
      ["of no known outcome", { outcome: "maybe" }, DECISION_MESSAGES.invalidOutcome],
      [
        "regretted without a reason",
        { outcome: "regretted", reason: "" },
        DECISION_MESSAGES.reasonRequired,
      ],
    ];
    const before = await stored();
    for (const [name, fields, expected] of cases) {
      // A good decision first: it is not kept either.
      const res = await record(
        m.id,
        [action({ agendaItemId: m.items[0].id }), { ...action(), ...fields }],
        admin.cookie,
      );
      expect(res.status, name).toBe(400);
      expect(await errorOf(res), name).toBe(said(expected));
    }
    expect((await record(m.id, [], admin.cookie)).status).toBe(400);
    const tooMany = Array.from({ length: 51 }, () => action());
    expect(await errorOf(await record(m.id, tooMany, admin.cookie))).toBe(
      said(DECISION_MESSAGES.tooMany),
    );
    expect(await stored()).toEqual(before);
  });

  it("answers 404 for a meeting that does not exist", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const res = await record(missing, [action()], admin.cookie);
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toBe(said(ENGAGEMENT_MESSAGES.notFound));
    expect((await record("not-a-meeting", [action()], admin.cookie)).status).toBe(404);
  });

  it("is one transaction: a task that cannot be written undoes the whole save", async () => {
    const m = await meeting("2026-11-20", "All or nothing");
    // The second decision's task fails to insert, after the first decision and its task are in.
    await t.db.execute(sql`
      create function refuse_exploding_task() returns trigger language plpgsql as $$
      begin
        if new.subject = 'Explode' then raise exception 'refused by the test'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger refuse_exploding_task before insert on tasks
      for each row execute function refuse_exploding_task()`);
    try {
      const before = await stored();
      const res = await record(
        m.id,
        [action({ description: "Kept only with the other" }), action({ description: "Explode" })],
        admin.cookie,
      );
      expect(res.status).toBe(500);
      expect(await stored()).toEqual(before);
      const [kept] = await t.db
        .select()
        .from(tasks)
        .where(eq(tasks.subject, "Kept only with the other"));
      expect(kept).toBeUndefined();
    } finally {
      await t.db.execute(sql`drop trigger refuse_exploding_task on tasks`);
      await t.db.execute(sql`drop function refuse_exploding_task()`);
    }
    // The same save goes through once nothing refuses it.
    expect(await recorded(m.id, [action(), action({ description: "Explode" })])).toHaveLength(2);
  });

  it("lets admins write; organization heads read the Decisions page; users neither", async () => {
    const m = await meeting("2026-11-22", "Roles");
    const [made] = await recorded(m.id, [action()]);
    for (const [cookie, status] of [
      [undefined, 401],
      [owner.cookie, 403],
      [head.cookie, 403],
    ] as const) {
      expect((await record(m.id, [action()], cookie)).status).toBe(status);
      expect(
        (await t.request(`/api/decisions/${made.id}`, { method: "DELETE", cookie })).status,
      ).toBe(status);
    }
    for (const [cookie, status] of [
      [undefined, 401],
      [owner.cookie, 403],
      [head.cookie, 200],
      [admin.cookie, 200],
    ] as const) {
      expect((await t.request("/api/decisions", { cookie })).status).toBe(status);
      expect((await t.request("/api/decisions/export", { cookie })).status).toBe(status);
    }
    // What each reader may do is sent with each decision, and the routes agree with it.
    const seenByHead = (await list(`engagement=${m.id}`, head.cookie)).decisions[0];
    expect(seenByHead.can).toEqual({ delete: false });
    expect((await list(`engagement=${m.id}`)).decisions[0].can).toEqual({ delete: true });
    expect(
      (await t.request(`/api/decisions/${made.id}`, { method: "DELETE", cookie: admin.cookie }))
        .status,
    ).toBe(200);
  });

  it("computes compliance by hand: done, pending, overdue, regretted, noted", async () => {
    const m = await meeting("2026-11-10", "Compliance review");
    const saved = await recorded(m.id, [
      action({ description: "a", dueDate: "2026-11-30" }), // completed below: done
      action({ description: "b", dueDate: "2026-11-20" }), // completed late below: done
      action({ description: "c", dueDate: "2026-11-30" }), // pending
      action({ description: "d", dueDate: TODAY }), // due today: still pending
      action({ description: "e", dueDate: "2026-11-20" }), // 5 days overdue
      action({ description: "f", dueDate: "2026-11-12" }), // 13 days overdue
      { description: "g", outcome: "regretted", reason: "Not within the department's powers" },
      { description: "h", outcome: "noted" },
    ]);
    const [a, b] = saved;
    expect((await complete(a.task?.id as string)).status).toBe(200);
    expect((await complete(b.task?.id as string)).status).toBe(200);

    const page = await list(`engagement=${m.id}`);
    // Actions: a to f, six. Done: a and b (2); pending: c and d (2); overdue: e and f (2).
    // Regretted (g) and noted (h) are not actions. Rate: 2 / 6 = 33.3% -> 33.
    expect(page.compliance).toEqual({
      actionable: 6,
      done: 2,
      pending: 2,
      overdue: 2,
      regretted: 1,
      noted: 1,
      rate: 33,
    });
    expect(page.total).toBe(8);
    // The most days overdue first (f 13, e 5), then the earliest due date (b Nov 20, d Nov 25,
    // a and c Nov 30 in the order recorded), then those with none (g, h).
    expect(page.decisions.map((one) => [one.description, one.status, one.daysOverdue])).toEqual([
      ["f", "overdue", 13],
      ["e", "overdue", 5],
      ["b", "done", 0],
      ["d", "pending", 0],
      ["a", "done", 0],
      ["c", "pending", 0],
      ["g", "regretted", 0],
      ["h", "noted", 0],
    ]);
    expect(page.decisions[2].task).toMatchObject({ status: "completed", completionDate: TODAY });

    // The status filter works on the status as derived (in SQL), the same as each item's.
    for (const status of DECISION_STATUSES) {
      const only = await list(`engagement=${m.id}&status=${status}`);
      expect(
        only.decisions.map((one) => one.status),
        status,
      ).toEqual(page.decisions.filter((one) => one.status === status).map((one) => one.status));
      expect(only.total).toBe(only.decisions.length);
    }
    expect((await list(`engagement=${m.id}&status=overdue`)).compliance.rate).toBe(0);

    // The engagement page reads the same decisions, in the order recorded.
    const viewer = await meOf(head.cookie);
    const read = await readDecisions(t.db, { engagementIds: [m.id] }, { today: TODAY, viewer });
    expect(read.map((one) => one.description)).toEqual(["a", "b", "c", "d", "e", "f", "g", "h"]);
    expect(read.map((one) => one.status)).toEqual(saved.map((one) => statusIn(page, one.id)));
    expect(read.every((one) => one.can.delete === false)).toBe(true);

    // A day later d is a day overdue, and the rate is the same.
    now = new Date("2026-11-26T05:00:00Z");
    try {
      const tomorrow = await list(`engagement=${m.id}`);
      expect(tomorrow.compliance).toMatchObject({ pending: 1, overdue: 3, rate: 33 });
      expect(tomorrow.decisions.find((one) => one.description === "d")?.daysOverdue).toBe(1);
      // Completed by hand and made late by the sweep, each decision's kept status follows.
      await expectTaskCopiesKept();
      // A task's due date moved: its decision's kept due date follows, and with it the status,
      // the days overdue and the order, in SQL as in each item.
      const [, , c] = saved;
      await t.db
        .update(tasks)
        .set({ dueDate: "2026-11-21" })
        .where(eq(tasks.id, c.task?.id as string));
      await expectTaskCopiesKept();
      const moved = await list(`engagement=${m.id}&status=overdue`);
      expect(moved.decisions.map((one) => [one.description, one.daysOverdue])).toEqual([
        ["f", 14],
        ["e", 6],
        ["c", 5],
        ["d", 1],
      ]);
      const kept = await t.db
        .select({ status: engagementDecisions.taskStatus })
        .from(engagementDecisions)
        .where(eq(engagementDecisions.engagementId, m.id));
      expect(kept.map((one) => one.status).sort()).toEqual(
        [
          ...Array(2).fill("completed"),
          "delayed",
          "delayed",
          "delayed",
          "in_progress",
          null,
          null,
        ].sort(),
      );
    } finally {
      now = NOW;
    }
  });

  it("keeps a decision whose task is deleted pending or overdue by its own due date", async () => {
    const m = await meeting("2026-11-10", "Deleted tasks");
    const [late, soon] = await recorded(m.id, [
      action({ description: "Late one", dueDate: "2026-11-20" }),
      action({ description: "Soon one", dueDate: "2026-11-30" }),
    ]);
    for (const one of [late, soon])
      expect(
        (
          await t.request(`/api/tasks/${one.task?.id}`, {
            method: "DELETE",
            cookie: admin.cookie,
          })
        ).status,
      ).toBe(200);
    const page = await list(`engagement=${m.id}`);
    expect(
      page.decisions.map((one) => [one.description, one.task, one.status, one.daysOverdue]),
    ).toEqual([
      ["Late one", null, "overdue", 5],
      ["Soon one", null, "pending", 0],
    ]);
    await expectTaskCopiesKept();
  });

  it("deletes a decision and keeps its task as an ordinary task", async () => {
    const m = await meeting("2026-11-10", "Deleting");
    const [one] = await recorded(m.id, [action({ description: "Withdrawn decision" })]);
    const res = await t.request(`/api/decisions/${one.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(said(DECISION_MESSAGES.deleted));
    expect((await list(`engagement=${m.id}`)).total).toBe(0);
    const [task] = await t.db
      .select()
      .from(tasks)
      .where(eq(tasks.id, one.task?.id as string));
    expect(task.subject).toBe("Withdrawn decision");
    const [deleted] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, one.id), eq(auditEvents.action, "deleted")));
    expect(deleted).toMatchObject({ entity: "decision", actorId: admin.id });
    expect(deleted.changes).toMatchObject({
      description: { before: "Withdrawn decision", after: null },
    });

    for (const id of [one.id, "not-a-decision"]) {
      const again = await t.request(`/api/decisions/${id}`, {
        method: "DELETE",
        cookie: admin.cookie,
      });
      expect(again.status).toBe(404);
      expect(await errorOf(again)).toBe(said(DECISION_MESSAGES.notFound));
    }
  });

  it("filters by meeting, owner, status and the meetings' dates, and pages", async () => {
    const early = await meeting("2026-10-05", "Early October");
    const late = await meeting("2026-10-20", "Late October");
    await recorded(early.id, [
      action({ description: "Owner's early", dueDate: "2026-11-30" }),
      action({ description: "Other's early", ownerId: other.id, dueDate: "2026-11-01" }),
    ]);
    await recorded(late.id, [action({ description: "Owner's late", dueDate: "2026-12-15" })]);
    const names = (page: DecisionPage) => page.decisions.map((one) => one.description);

    const october = "from=2026-10-01&to=2026-10-31";
    expect(names(await list(october))).toEqual(["Other's early", "Owner's early", "Owner's late"]);
    expect(names(await list("from=2026-10-01&to=2026-10-10"))).toEqual([
      "Other's early",
      "Owner's early",
    ]);
    expect(names(await list(`${october}&owner=${owner.id}`))).toEqual([
      "Owner's early",
      "Owner's late",
    ]);
    expect(names(await list(`${october}&status=overdue`))).toEqual(["Other's early"]);
    expect(names(await list(`engagement=${late.id}`))).toEqual(["Owner's late"]);
    expect(names(await list(`${october}&engagement=&owner=&status=`))).toHaveLength(3);

    // The export: the same filters, every row, in the same order.
    const exported = await t.request(`/api/decisions/export?${october}&page=7`, {
      cookie: head.cookie,
    });
    const body = await exported.json();
    expect(body.decisions.map((one: DecisionItem) => one.description)).toEqual([
      "Other's early",
      "Owner's early",
      "Owner's late",
    ]);
    expect(body).toMatchObject({ total: 3, compliance: { actionable: 3, overdue: 1, rate: 0 } });

    for (const [query, expected] of [
      ["status=lost", DECISION_MESSAGES.invalidStatus],
      ["from=2026-10-10&to=2026-10-01", DECISION_MESSAGES.rangeReversed],
      ["engagement=42", DECISION_MESSAGES.invalidMeeting],
      ["page=0", DECISION_MESSAGES.invalidPage],
      ["from=2026-02-30", DECISION_MESSAGES.invalidDate],
      ["to=0000-01-01", DECISION_MESSAGES.invalidDate],
    ] as const) {
      const res = await t.request(`/api/decisions?${query}`, { cookie: admin.cookie });
      expect(res.status, query).toBe(400);
      expect(await errorOf(res), query).toBe(said(expected));
    }

    // Pages of DECISIONS_PAGE_SIZE; the compliance counts every match, not only the page.
    const many = await meeting("2026-09-01", "Many decisions");
    await t.db.insert(engagementDecisions).values(
      Array.from({ length: DECISIONS_PAGE_SIZE + 5 }, (_, i) => ({
        engagementId: many.id,
        description: `Noted ${i}`,
        outcome: "noted" as const,
      })),
    );
    const second = await list(`engagement=${many.id}&page=2`);
    expect(second).toMatchObject({ total: DECISIONS_PAGE_SIZE + 5, page: 2 });
    expect(names(second)).toEqual([0, 1, 2, 3, 4].map((i) => `Noted ${DECISIONS_PAGE_SIZE + i}`));
    expect(second.compliance).toMatchObject({ noted: DECISIONS_PAGE_SIZE + 5, rate: null });
    expect((await list(`engagement=${many.id}&page=9`)).decisions).toEqual([]);
  });

  it("answers no mix of odd decisions with a server error, and a refused save stores nothing", async () => {
    const m = await meeting("2026-11-20", "Odd input", ["Item one"]);
    const elsewhere = await meeting("2026-11-20", "Elsewhere", ["Item two"]);
    const pools = {
      taskIds: [],
      engagementIds: [m.id],
      accountIds: [],
      assigneeIds: [owner.id, other.id, head.id, admin.id, "nobody"],
      calendarFiles: [],
      fileTokens: [],
    };
    const odd = <T>(plausible: fc.Arbitrary<T>, field: string) =>
      fc.oneof({ arbitrary: plausible, weight: 3 }, fieldValue(field, pools));
    const decision = fc.record(
      {
        agendaItemId: odd(fc.constantFrom(m.items[0].id, elsewhere.items[0].id, null), "id"),
        description: odd(fc.constantFrom("Draft the policy", " Trimmed "), "description"),
        outcome: odd(fc.constantFrom("action", "regretted", "noted"), "outcome"),
        ownerId: odd(fc.constantFrom(owner.id, other.id, head.id), "assignedTo"),
        dueDate: odd(fc.constantFrom("2026-11-19", "2026-11-20", "2026-12-31"), "dueDate"),
        reason: odd(fc.constantFrom("No funds", ""), "reason"),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(decision, { maxLength: 3 }), async (decisions) => {
        const before = await stored();
        const res = await record(m.id, decisions, admin.cookie);
        expect(res.status, JSON.stringify(decisions)).toBeLessThan(500);
        if (res.status >= 400) expect(await stored()).toEqual(before);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 120) },
    );
  }, 120_000);

  /** The signed-in account behind a cookie, as the server knows it. */
  async function meOf(cookie: string): Promise<CurrentUser> {
    const res = await t.request("/api/me", { cookie });
    return (await res.json()) as CurrentUser;
  }
  function statusIn(page: DecisionPage, id: string) {
    return page.decisions.find((one) => one.id === id)?.status;
  }
});
