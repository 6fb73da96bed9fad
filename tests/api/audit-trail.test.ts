import { asc, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAuditChain } from "../../src/server/audit/verify";
import { auditEvents, tasks } from "../../src/server/db/schema";
import { writeOfficeSettings } from "../../src/server/office/settings";
import type { AuditAction, AuditEntity, AuditRule } from "../../src/shared/audit";
import { DEFAULT_OFFICE_SETTINGS } from "../../src/shared/calendar";
import type { TaskItem } from "../../src/shared/tasks";
import { createTestApp, type TestApp } from "../helpers/app";
import {
  accountVersion,
  engagementVersions,
  formOf,
  holidayVersion,
  makeTask,
  settingsVersion,
  taskVersion,
} from "../helpers/factories";
import { fileOf, PDF_BYTES } from "../helpers/files";

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;
type AuditRow = typeof auditEvents.$inferSelect;

/** Wednesday 25 November 2026, 10:00 in Karachi. */
const NOW = new Date("2026-11-25T05:00:00Z");
const TODAY = "2026-11-25";

const TASK_KEYS = [
  "assignDate",
  "assignedTo",
  "attachment",
  "description",
  "dueDate",
  "remarks",
  "responseFile",
  "status",
  "subject",
  "taskType",
];
const ENGAGEMENT_KEYS = [
  "date",
  "followUpOf",
  "guests",
  "originalDate",
  "participants",
  "responsibility",
  "status",
  "statusReason",
  "subject",
  "time",
  "venue",
];
const ACCOUNT_KEYS = [
  "designation",
  "designationUr",
  "email",
  "fullName",
  "receiptIssueDuty",
  "role",
  "userId",
];

/** Passwords the writes below send: none may reach the trail in any form. */
const NEW_ACCOUNT_PASSWORD = "audited-secret-9931";
const CHANGED_PASSWORD = "changed-secret-4417";

const rowsAfter = (t: TestApp, id: number) =>
  t.db.select().from(auditEvents).where(gt(auditEvents.id, id)).orderBy(asc(auditEvents.id));

async function lastAuditId(t: TestApp): Promise<number> {
  const [row] = await t.db
    .select({ last: sql<number>`coalesce(max(${auditEvents.id}), 0)`.mapWith(Number) })
    .from(auditEvents);
  return row.last;
}

type Expected = {
  entity: AuditEntity;
  action: AuditAction;
  keys: string[];
  /** Who acted: an account of the test, or a rule. */
  actor: "admin" | "worker" | AuditRule;
};

describe("the audit trail records every write", () => {
  let t: TestApp;
  let admin: Account;
  let worker: Account;
  let heir: Awaited<ReturnType<TestApp["makeUser"]>>;
  let taskId = "";
  let engagementId = "";
  let accountId = "";

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    admin = await t.signedInAs("admin");
    worker = await t.signedInAs("user");
    heir = await t.makeUser({ fullName: "Heir Apparent" });
  });
  afterAll(() => t.close());

  const nameOf = (account: { userId: string }) => `Test ${account.userId}`;
  const taskForm = (fields: Record<string, string | File | undefined> = {}) =>
    formOf({
      subject: "Compile the enrolment figures",
      description: "For the provincial review",
      assignedTo: worker.id,
      assignDate: TODAY,
      dueDate: "2026-12-10",
      taskType: "Request",
      ...fields,
    });
  const meeting = (fields: Record<string, unknown> = {}) => ({
    date: "2026-11-26",
    time: "10:00",
    subject: "Budget review",
    venue: "Cabinet Room",
    responsibility: "Secretary HED",
    status: "Scheduled",
    participants: [worker.id],
    ...fields,
  });

  const steps: {
    name: string;
    write: () => Promise<Response>;
    status: number;
    rows: Expected[];
    check?: (rows: AuditRow[]) => void | Promise<void>;
  }[] = [
    {
      name: "creating a task records every field, the assignee by id and name, the file by name",
      write: async () => {
        const res = await t.request("/api/tasks", {
          method: "POST",
          cookie: admin.cookie,
          body: taskForm({ attachment: fileOf(PDF_BYTES, "brief.pdf", "application/pdf") }),
        });
        taskId = ((await res.clone().json()) as TaskItem).id;
        return res;
      },
      status: 201,
      rows: [{ entity: "task", action: "created", keys: TASK_KEYS, actor: "admin" }],
      check: ([row]) => {
        expect(row.entityId).toBe(taskId);
        expect(row.changes.assignedTo).toEqual({
          before: null,
          after: { id: worker.id, name: nameOf(worker) },
        });
        expect(row.changes.attachment).toEqual({ before: null, after: "brief.pdf" });
        expect(row.changes.dueDate).toEqual({ before: null, after: "2026-12-10" });
        expect(row.requestId).toBeTruthy();
      },
    },
    {
      name: "editing a task records only the fields that changed",
      write: async () =>
        t.request(`/api/tasks/${taskId}`, {
          method: "PATCH",
          cookie: admin.cookie,
          body: taskForm({
            subject: "Compile the final figures",
            dueDate: "2026-12-15",
            status: "in_progress",
            remarks: "",
            dueDateReason: "Awaiting the Finance reply",
            version: await taskVersion(t, admin.cookie, taskId),
          }),
        }),
      status: 200,
      rows: [{ entity: "task", action: "updated", keys: ["dueDate", "subject"], actor: "admin" }],
      check: ([row]) => {
        expect(row.changes.dueDate).toEqual({ before: "2026-12-10", after: "2026-12-15" });
        expect(row.reason).toBe("Awaiting the Finance reply");
      },
    },
    {
      name: "the assignee's remarks",
      write: () =>
        t.request(`/api/tasks/${taskId}/remarks`, {
          method: "PUT",
          cookie: worker.cookie,
          json: { remarks: "Draft shared" },
        }),
      status: 200,
      rows: [{ entity: "task", action: "remarks_updated", keys: ["remarks"], actor: "worker" }],
    },
    {
      name: "an admin's reply in the progress thread",
      write: () =>
        t.request(`/api/tasks/${taskId}/replies`, {
          method: "POST",
          cookie: admin.cookie,
          json: { body: "Which section holds the 2025 figures?" },
        }),
      status: 201,
      rows: [{ entity: "task", action: "replied", keys: ["reply"], actor: "admin" }],
    },
    {
      name: "the assignee asks for an extension, with the reason kept",
      write: () =>
        t.request(`/api/tasks/${taskId}/extension-requests`, {
          method: "POST",
          cookie: worker.cookie,
          json: { dueDate: "2026-12-22", reason: "The colleges report late" },
        }),
      status: 201,
      rows: [
        {
          entity: "task",
          action: "extension_requested",
          keys: ["requestedDueDate"],
          actor: "worker",
        },
      ],
      check: ([row]) => expect(row.reason).toBe("The colleges report late"),
    },
    {
      name: "an admin approves it: the due date moves, the request's reason kept",
      write: async () => {
        const list = await t.request("/api/extension-requests", { cookie: admin.cookie });
        const [request] = (await list.json()).requests;
        return t.request(`/api/extension-requests/${request.id}/approve`, {
          method: "POST",
          cookie: admin.cookie,
        });
      },
      status: 200,
      rows: [{ entity: "task", action: "extension_approved", keys: ["dueDate"], actor: "admin" }],
      check: ([row]) => {
        expect(row.changes.dueDate).toEqual({ before: "2026-12-15", after: "2026-12-22" });
        expect(row.reason).toBe("The colleges report late");
      },
    },
    {
      name: "a second request declined, with the admin's reason",
      write: async () => {
        await t.request(`/api/tasks/${taskId}/extension-requests`, {
          method: "POST",
          cookie: worker.cookie,
          json: { dueDate: "2026-12-31", reason: "Holidays" },
        });
        const list = await t.request("/api/extension-requests", { cookie: admin.cookie });
        const [request] = (await list.json()).requests;
        return t.request(`/api/extension-requests/${request.id}/decline`, {
          method: "POST",
          cookie: admin.cookie,
          json: { reason: "The review cannot wait" },
        });
      },
      status: 200,
      rows: [
        {
          entity: "task",
          action: "extension_requested",
          keys: ["requestedDueDate"],
          actor: "worker",
        },
        {
          entity: "task",
          action: "extension_declined",
          keys: ["requestedDueDate"],
          actor: "admin",
        },
      ],
      check: ([, row]) => expect(row.reason).toBe("The review cannot wait"),
    },
    {
      name: "a response file uploaded",
      write: () => {
        const body = new FormData();
        body.append("file", fileOf(PDF_BYTES, "reply.pdf", "application/pdf"));
        return t.request(`/api/tasks/${taskId}/response-file`, {
          method: "POST",
          cookie: worker.cookie,
          body,
        });
      },
      status: 201,
      rows: [
        { entity: "response_file", action: "uploaded", keys: ["responseFile"], actor: "worker" },
      ],
      check: ([row]) => {
        expect(row.entityId).toBe(taskId);
        expect(row.changes.responseFile).toEqual({ before: null, after: "reply.pdf" });
      },
    },
    {
      name: "a response file deleted",
      write: () =>
        t.request(`/api/tasks/${taskId}/response-file`, {
          method: "DELETE",
          cookie: worker.cookie,
        }),
      status: 200,
      rows: [
        { entity: "response_file", action: "deleted", keys: ["responseFile"], actor: "worker" },
      ],
    },
    {
      name: "a task marked completed",
      write: () =>
        t.request(`/api/tasks/${taskId}/complete`, { method: "POST", cookie: admin.cookie }),
      status: 200,
      rows: [{ entity: "task", action: "completed", keys: ["status"], actor: "admin" }],
      check: ([row]) =>
        expect(row.changes.status).toEqual({ before: "in_progress", after: "completed" }),
    },
    {
      name: "a deleted task keeps its whole last state",
      write: () => t.request(`/api/tasks/${taskId}`, { method: "DELETE", cookie: admin.cookie }),
      status: 200,
      rows: [{ entity: "task", action: "deleted", keys: TASK_KEYS, actor: "admin" }],
      check: ([row]) => {
        expect(row.changes.subject).toEqual({ before: "Compile the final figures", after: null });
        expect(row.changes.status).toEqual({ before: "completed", after: null });
        expect(row.changes.remarks).toEqual({ before: "Draft shared", after: null });
        expect(row.changes.attachment).toEqual({ before: "brief.pdf", after: null });
      },
    },
    {
      name: "creating an engagement, participants by id and name",
      write: async () => {
        const res = await t.request("/api/engagements", {
          method: "POST",
          cookie: admin.cookie,
          json: meeting(),
        });
        engagementId = (await res.clone().json()).id;
        return res;
      },
      status: 201,
      rows: [{ entity: "engagement", action: "created", keys: ENGAGEMENT_KEYS, actor: "admin" }],
      check: ([row]) =>
        expect(row.changes.participants).toEqual({
          before: null,
          after: [{ id: worker.id, name: nameOf(worker) }],
        }),
    },
    {
      name: "editing an engagement",
      write: async () =>
        t.request(`/api/engagements/${engagementId}`, {
          method: "PUT",
          cookie: admin.cookie,
          json: {
            ...meeting({ venue: "CS Office", participants: [worker.id, heir.id] }),
            version: (await engagementVersions(t, admin.cookie, engagementId)).version,
          },
        }),
      status: 200,
      rows: [
        {
          entity: "engagement",
          action: "updated",
          keys: ["participants", "venue"],
          actor: "admin",
        },
      ],
    },
    {
      name: "deleting an engagement",
      write: () =>
        t.request(`/api/engagements/${engagementId}`, { method: "DELETE", cookie: admin.cookie }),
      status: 200,
      rows: [{ entity: "engagement", action: "deleted", keys: ENGAGEMENT_KEYS, actor: "admin" }],
    },
    {
      name: "creating an account",
      write: async () => {
        const res = await t.request("/api/admin/users", {
          method: "POST",
          cookie: admin.cookie,
          json: {
            userId: "Audited.Person",
            password: NEW_ACCOUNT_PASSWORD,
            fullName: "Audited Person",
            role: "user",
          },
        });
        accountId = (await res.clone().json()).id;
        return res;
      },
      status: 201,
      rows: [{ entity: "account", action: "created", keys: ACCOUNT_KEYS, actor: "admin" }],
      check: ([row]) => {
        expect(row.changes.userId).toEqual({ before: null, after: "audited.person" });
        // A placeholder address is no e-mail: the trail says none, as the API does.
        expect(row.changes.email).toEqual({ before: null, after: null });
      },
    },
    {
      name: "editing an account",
      write: async () =>
        t.request(`/api/admin/users/${accountId}`, {
          method: "PATCH",
          cookie: admin.cookie,
          json: {
            fullName: "Audited Person Jr",
            email: "",
            role: "user",
            version: await accountVersion(t, admin.cookie, accountId),
          },
        }),
      status: 200,
      rows: [{ entity: "account", action: "updated", keys: ["fullName"], actor: "admin" }],
    },
    {
      name: "changing an account's role",
      write: async () =>
        t.request(`/api/admin/users/${accountId}`, {
          method: "PATCH",
          cookie: admin.cookie,
          json: {
            fullName: "Audited Person Jr",
            email: "",
            role: "admin",
            version: await accountVersion(t, admin.cookie, accountId),
          },
        }),
      status: 200,
      rows: [{ entity: "account", action: "role_changed", keys: ["role"], actor: "admin" }],
      check: ([row]) => expect(row.changes.role).toEqual({ before: "user", after: "admin" }),
    },
    {
      name: "an admin setting a password records that it changed, nothing of it",
      write: () =>
        t.request(`/api/admin/users/${accountId}/password`, {
          method: "POST",
          cookie: admin.cookie,
          json: { newPassword: CHANGED_PASSWORD },
        }),
      status: 200,
      rows: [{ entity: "account", action: "password_changed", keys: [], actor: "admin" }],
    },
    {
      name: "deleting an account hands its tasks over, each move in the task's own history",
      write: async () => {
        await makeTask(t.db, { assignedTo: accountId, createdBy: admin.id });
        return t.request(`/api/admin/users/${accountId}?handOverTo=${heir.id}`, {
          method: "DELETE",
          cookie: admin.cookie,
        });
      },
      status: 200,
      rows: [
        { entity: "task", action: "updated", keys: ["assignedTo"], actor: "admin" },
        { entity: "account", action: "deleted", keys: ACCOUNT_KEYS, actor: "admin" },
      ],
      check: ([moved, deleted]) => {
        expect(moved.changes.assignedTo).toEqual({
          before: { id: accountId, name: "Audited Person Jr" },
          after: { id: heir.id, name: "Heir Apparent" },
        });
        expect(deleted.changes.role).toEqual({ before: "admin", after: null });
      },
    },
    {
      name: "the office's settings",
      write: async () =>
        t.request("/api/office/settings", {
          method: "PUT",
          cookie: admin.cookie,
          json: {
            ...DEFAULT_OFFICE_SETTINGS,
            digestTime: "09:30",
            version: await settingsVersion(t, admin.cookie),
          },
        }),
      status: 200,
      rows: [{ entity: "settings", action: "updated", keys: ["digestTime"], actor: "admin" }],
      check: ([row]) => expect(row.changes.digestTime).toEqual({ before: "08:00", after: "09:30" }),
    },
    {
      name: "a holiday added",
      write: () =>
        t.request("/api/office/holidays", {
          method: "POST",
          cookie: admin.cookie,
          json: { date: "2030-02-05", name: "Kashmir Day" },
        }),
      status: 201,
      rows: [{ entity: "holiday", action: "created", keys: ["date", "name"], actor: "admin" }],
    },
    {
      name: "a holiday renamed",
      write: async () =>
        t.request("/api/office/holidays/2030-02-05", {
          method: "PUT",
          cookie: admin.cookie,
          json: {
            date: "2030-02-05",
            name: "Kashmir Solidarity Day",
            version: await holidayVersion(t, admin.cookie, "2030-02-05"),
          },
        }),
      status: 200,
      rows: [{ entity: "holiday", action: "updated", keys: ["name"], actor: "admin" }],
    },
    {
      name: "an import records each holiday it added or renamed",
      write: () =>
        t.request("/api/office/holidays/import", {
          method: "POST",
          cookie: admin.cookie,
          json: { text: "2030-02-05, Kashmir Solidarity Day (observed)\n2030-03-23, Pakistan Day" },
        }),
      status: 200,
      rows: [
        { entity: "holiday", action: "imported", keys: ["name"], actor: "admin" },
        { entity: "holiday", action: "imported", keys: ["date", "name"], actor: "admin" },
      ],
    },
    {
      name: "a holiday deleted",
      write: () =>
        t.request("/api/office/holidays/2030-02-05", { method: "DELETE", cookie: admin.cookie }),
      status: 200,
      rows: [{ entity: "holiday", action: "deleted", keys: ["date", "name"], actor: "admin" }],
      check: ([row]) =>
        expect(row.changes.name).toEqual({
          before: "Kashmir Solidarity Day (observed)",
          after: null,
        }),
    },
  ];

  for (const step of steps)
    it(step.name, async () => {
      const before = await lastAuditId(t);
      const res = await step.write();
      expect(res.status, await res.clone().text()).toBe(step.status);
      const rows = await rowsAfter(t, before);
      const actors = { admin, worker };
      expect(
        rows.map((row) => ({
          entity: row.entity,
          action: row.action,
          keys: Object.keys(row.changes).sort(),
          actor: row.actorRule ?? (row.actorId === admin.id ? "admin" : "worker"),
        })),
      ).toEqual(step.rows);
      for (const [row, expected] of rows.map((row, i) => [row, step.rows[i]] as const)) {
        if (expected.actor === "admin" || expected.actor === "worker") {
          expect(row.actorId).toBe(actors[expected.actor].id);
          expect(row.actorName).toBe(nameOf(actors[expected.actor]));
        }
        expect(row.at.toISOString()).toBe(NOW.toISOString());
      }
      await step.check?.(rows);
    });

  it("never writes a password, or anything of one, into the trail", async () => {
    const rows = await t.db.select().from(auditEvents);
    const text = JSON.stringify(rows);
    for (const secret of [NEW_ACCOUNT_PASSWORD, CHANGED_PASSWORD])
      expect(text).not.toContain(secret);
    const keys = rows.flatMap((row) => Object.keys(row.changes));
    expect(keys.filter((key) => /password|hash|token|path/i.test(key))).toEqual([]);
    const changed = rows.find((row) => row.action === "password_changed");
    expect(changed?.changes).toEqual({});
  });

  it("records nothing for a refused write", async () => {
    const before = await lastAuditId(t);
    const [task] = await t.db
      .insert(tasks)
      .values({
        subject: "Already done",
        assignedTo: worker.id,
        assignDate: TODAY,
        dueDate: "2026-12-01",
        status: "completed",
      })
      .returning();
    const refused: [string, RequestInit & { cookie?: string; json?: unknown }][] = [
      ["/api/tasks", { method: "POST", cookie: admin.cookie, body: taskForm({ subject: "" }) }],
      ["/api/engagements", { method: "POST", cookie: worker.cookie, json: meeting() }],
      [`/api/tasks/${task.id}/complete`, { method: "POST", cookie: admin.cookie }],
      [`/api/tasks/${task.id}`, { method: "DELETE", cookie: worker.cookie }],
      [
        "/api/office/holidays",
        { method: "POST", cookie: admin.cookie, json: { date: "2030-03-23", name: "Again" } },
      ],
      [
        `/api/admin/users/${admin.id}`,
        {
          method: "PATCH",
          cookie: admin.cookie,
          json: {
            fullName: "X",
            email: "",
            role: "user",
            version: await accountVersion(t, admin.cookie, admin.id),
          },
        },
      ],
      [`/api/admin/users/${heir.id}`, { method: "DELETE", cookie: admin.cookie }],
    ];
    for (const [path, init] of refused) {
      const res = await t.request(path, init);
      expect([400, 403, 409], `${init.method} ${path}`).toContain(res.status);
    }
    expect(await lastAuditId(t)).toBe(before);
  });

  it("verifies the whole chain, and names the first row changed behind the trigger's back", async () => {
    const count = await lastAuditId(t);
    expect(await verifyAuditChain(t.db)).toEqual({ ok: true, count, lastId: count });

    const victim = Math.ceil(count / 2);
    await t.db.execute(sql`alter table audit_events disable trigger audit_events_no_update`);
    await t.db.execute(
      sql`update audit_events set changes = '{"subject":{"before":"x","after":"y"}}' where id = ${victim}`,
    );
    await t.db.execute(sql`alter table audit_events enable trigger audit_events_no_update`);
    const result = await verifyAuditChain(t.db);
    expect(result).toMatchObject({ ok: false, brokenAt: victim, verifiedUpTo: victim - 1 });
  });
});

describe("the audit trail itself", () => {
  let t: TestApp;
  let now = new Date("2026-11-25T19:05:00Z"); // Thursday 26 November, 00:05 in Karachi.

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, runJobs: false });
  });
  afterAll(() => t.close());

  it("refuses UPDATE, DELETE and TRUNCATE of its rows", async () => {
    const worker = await t.makeUser();
    await makeTask(t.db, { assignedTo: worker.id, dueDate: "2026-11-01" });
    await t.schedules.tick();
    expect(await lastAuditId(t)).toBeGreaterThan(0);
    await expect(
      t.db.execute(sql`update audit_events set actor_name = 'someone'`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_events`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  it("keeps both of two parallel writes of one task, in order, and the chain holds", async () => {
    // The assignee's progress remarks: an admin's edits carry the version they were opened on,
    // so of two edits opened together only the first is saved (edit-conflicts.test.ts).
    const worker = await t.signedInAs("user");
    const task = await makeTask(t.db, { assignedTo: worker.id, dueDate: "2026-12-20" });
    const before = await lastAuditId(t);
    const report = (remarks: string) =>
      t.request(`/api/tasks/${task.id}/remarks`, {
        method: "PUT",
        cookie: worker.cookie,
        json: { remarks },
      });
    const answers = await Promise.all([report("First report"), report("Second report")]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    const rows = await rowsAfter(t, before);
    expect(rows.map((row) => [row.entityId, row.action])).toEqual([
      [task.id, "remarks_updated"],
      [task.id, "remarks_updated"],
    ]);
    // Each write's "before" is the state the other left: they are chained, not interleaved.
    expect(rows[0].changes.remarks.before).toBe("");
    expect(rows[1].changes.remarks.before).toBe(rows[0].changes.remarks.after);
    const [stored] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(stored.remarks).toBe(rows[1].changes.remarks.after);
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  it("records the overdue sweep and the escalation rule as the rules that moved a task", async () => {
    const worker = await t.makeUser();
    await writeOfficeSettings(t.db, {
      ...DEFAULT_OFFICE_SETTINGS,
      escalation: { enabled: true, afterWorkingDays: 3 },
    });
    const task = await makeTask(t.db, { assignedTo: worker.id, dueDate: "2026-11-10" });
    now = new Date("2026-11-26T19:05:00Z"); // Friday 27 November, 00:05 in Karachi.
    await t.schedules.tick();
    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, task.id))
      .orderBy(asc(auditEvents.id));
    expect(
      rows.map((row) => [
        row.actorRule,
        row.actorId,
        row.action,
        row.changes.status,
        row.requestId,
      ]),
    ).toEqual([
      ["overdue_sweep", null, "updated", { before: "in_progress", after: "delayed" }, null],
      ["escalation_rule", null, "escalated", { before: "delayed", after: "super_delayed" }, null],
    ]);
    expect(rows[1].at.toISOString()).toBe(now.toISOString());
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });
});
