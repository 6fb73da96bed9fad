import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuditEvent, recordAudit } from "../../src/server/audit/record";
import { auditChain, auditEvents } from "../../src/server/db/schema";
import type {
  AuditAction,
  AuditChainStatus,
  AuditEntity,
  AuditPage,
  TaskHistory,
} from "../../src/shared/audit";
import { createTestApp, type TestApp } from "../helpers/app";
import { makeTask } from "../helpers/factories";

// The app's "now": rows the app writes itself land on this day, far from the seeded ones.
const NOW = new Date("2026-11-22T07:00:00Z");

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

/** A person's events, as the write side records them. */
const by = (account: { id: string }, name: string) => ({ id: account.id, name });

describe("the audit log (read side)", () => {
  let t: TestApp;
  let admin: Account;
  let head: Account;
  let user: Account;
  let other: Account;
  let taskId: string;
  let taskSubject: string;
  const PAGER = { id: "pager-actor", name: "Pager Person" };
  /** Seeded rows' ids by name. */
  const ids: Record<string, number> = {};

  /** Records `events` at `at`; answers the first one's id (the others follow it). */
  async function seed(at: string, events: AuditEvent[]): Promise<number> {
    return t.db.transaction(async (tx) => {
      const [head] = await tx.select().from(auditChain).where(eq(auditChain.id, 1));
      await recordAudit(tx, new Date(at), events);
      return head.lastId + 1;
    });
  }

  async function get<T>(path: string, cookie?: string): Promise<{ status: number; body: T }> {
    const res = await t.request(path, { cookie });
    return { status: res.status, body: (await res.json()) as T };
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW, runJobs: false });
    admin = await t.signedInAs("admin");
    head = await t.signedInAs("organization_head");
    user = await t.signedInAs("user");
    other = await t.signedInAs("user");
    const task = await makeTask(t.db, { assignedTo: user.id, subject: "Compile the budget note" });
    taskId = task.id;
    taskSubject = task.subject;
    const otherTask = await makeTask(t.db, { assignedTo: other.id });

    // Karachi is UTC+5: the office day 2025-03-10 runs from 2025-03-09T19:00Z to 2025-03-10T19:00Z.
    ids.dayBefore = await seed("2025-03-09T18:59:59Z", [
      {
        actor: by(admin, "Administrator"),
        entity: "task",
        entityId: taskId,
        action: "created",
        changes: { subject: { before: null, after: "Prepare the budget note" } },
      },
    ]);
    ids.dayStart = await seed("2025-03-09T19:00:00Z", [
      {
        actor: by(admin, "Administrator"),
        entity: "task",
        entityId: taskId,
        action: "updated",
        changes: { dueDate: { before: "2026-11-25", after: "2026-12-02" } },
        reason: "awaiting the Finance reply",
      },
    ]);
    ids.dayEnd = await seed("2025-03-10T18:59:00Z", [
      {
        actor: by(user, '=Asma, "the" Assignee'),
        entity: "response_file",
        entityId: taskId,
        action: "uploaded",
        changes: { responseFile: { before: null, after: "report.pdf" } },
        reason: '=HYPERLINK("http://evil.example","x")',
      },
    ]);
    ids.dayAfter = await seed("2025-03-10T19:00:00Z", [
      {
        actor: { rule: "escalation_rule" },
        entity: "task",
        entityId: taskId,
        action: "escalated",
        changes: { status: { before: "delayed", after: "super_delayed" } },
      },
    ]);
    ids.otherTask = await seed("2025-03-11T10:00:00Z", [
      {
        actor: by(admin, "Administrator"),
        entity: "task",
        entityId: otherTask.id,
        action: "deleted",
        changes: { subject: { before: "Another", after: null } },
      },
      {
        actor: by(admin, "Administrator"),
        entity: "holiday",
        entityId: "2025-03-23",
        action: "created",
        changes: { date: { before: null, after: "2025-03-23" } },
      },
    ]);
    // 120 rows by one person, for paging, on 2024-01-15.
    await seed(
      "2024-01-15T06:00:00Z",
      Array.from({ length: 120 }, (_, i) => ({
        actor: PAGER,
        entity: "engagement" as const,
        entityId: `engagement-${i}`,
        action: "updated" as const,
        changes: { venue: { before: "Cabinet Room", after: "Committee Room" } },
      })),
    );
  }, 120_000);
  afterAll(() => t?.close());

  describe("who may read it", () => {
    for (const path of ["/api/audit", "/api/audit/export.csv", "/api/audit/status"]) {
      it(`anonymous callers are asked to sign in for ${path}`, async () => {
        expect((await t.request(path)).status).toBe(401);
      });

      it(`a user is refused ${path}`, async () => {
        expect((await t.request(path, { cookie: user.cookie })).status).toBe(403);
      });

      it(`an organization head and an admin read ${path}`, async () => {
        expect((await t.request(path, { cookie: head.cookie })).status).toBe(200);
        expect((await t.request(path, { cookie: admin.cookie })).status).toBe(200);
      });
    }
  });

  describe("the list", () => {
    it("answers rows newest first with their fields and the total", async () => {
      const { status, body } = await get<AuditPage>(
        "/api/audit?from=2025-03-01&to=2025-03-31",
        admin.cookie,
      );
      expect(status).toBe(200);
      expect(body.total).toBe(6);
      expect(body.pageSize).toBe(50);
      expect(body.events.map((event) => event.id)).toEqual(
        [...body.events.map((event) => event.id)].sort((a, b) => b - a),
      );
      const moved = body.events.find((event) => event.id === ids.dayStart);
      expect(moved).toEqual({
        id: ids.dayStart,
        at: "2025-03-09T19:00:00.000Z",
        actorId: admin.id,
        actorName: "Administrator",
        actorRule: null,
        entity: "task",
        entityId: taskId,
        // The task's subject now: the event itself changed only its due date.
        recordName: taskSubject,
        action: "updated",
        changes: { dueDate: { before: "2026-11-25", after: "2026-12-02" } },
        reason: "awaiting the Finance reply",
      });
      const escalated = body.events.find((event) => event.id === ids.dayAfter);
      expect(escalated).toMatchObject({
        actorId: null,
        actorName: "escalation_rule",
        actorRule: "escalation_rule",
      });
      expect(moved).not.toHaveProperty("hash");
    });

    it("names each row's record: as it is called now, or last before it was deleted", async () => {
      const gone = randomUUID();
      const account = await t.makeUser({ fullName: "Usman Butt" });
      await seed("2024-06-01T06:00:00Z", [
        {
          actor: by(admin, "Administrator"),
          entity: "task",
          entityId: gone,
          action: "updated",
          changes: { dueDate: { before: "2024-06-10", after: "2024-06-20" } },
        },
        {
          actor: by(admin, "Administrator"),
          entity: "response_file",
          entityId: gone,
          action: "uploaded",
          changes: { responseFile: { before: null, after: "reply.pdf" } },
        },
        {
          actor: by(admin, "Administrator"),
          entity: "task",
          entityId: gone,
          action: "deleted",
          changes: {
            subject: { before: "Forward the audit para", after: null },
            dueDate: { before: "2024-06-20", after: null },
          },
        },
        {
          actor: by(admin, "Administrator"),
          entity: "account",
          entityId: account.id,
          action: "role_changed",
          changes: { role: { before: "user", after: "admin" } },
        },
        {
          actor: by(admin, "Administrator"),
          entity: "settings",
          entityId: "office",
          action: "updated",
          changes: { digestTime: { before: "08:00", after: "09:00" } },
        },
      ]);
      const { body } = await get<AuditPage>(
        "/api/audit?from=2024-06-01&to=2024-06-01",
        head.cookie,
      );
      expect(body.events.map((event) => [event.entity, event.recordName])).toEqual([
        ["settings", null],
        ["account", "Usman Butt"],
        ["task", "Forward the audit para"],
        ["response_file", "Forward the audit para"],
        ["task", "Forward the audit para"],
      ]);
    });

    it("keeps to the office day at both edges of a date range", async () => {
      const { body } = await get<AuditPage>(
        "/api/audit?from=2025-03-10&to=2025-03-10",
        admin.cookie,
      );
      expect(body.events.map((event) => event.id)).toEqual([ids.dayEnd, ids.dayStart]);
      const from = await get<AuditPage>("/api/audit?from=2025-03-11", admin.cookie);
      expect(from.body.events.map((event) => event.id)).toContain(ids.dayAfter);
      expect(from.body.events.map((event) => event.id)).not.toContain(ids.dayEnd);
      const to = await get<AuditPage>("/api/audit?from=2025-03-01&to=2025-03-09", admin.cookie);
      expect(to.body.events.map((event) => event.id)).toContain(ids.dayBefore);
      expect(to.body.events.map((event) => event.id)).not.toContain(ids.dayStart);
    });

    it("filters by record type, action and person", async () => {
      const range = "from=2025-03-01&to=2025-03-31";
      const entity = await get<AuditPage>(`/api/audit?entity=response_file&${range}`, admin.cookie);
      expect(entity.body.events.map((event) => event.id)).toEqual([ids.dayEnd]);
      const action = await get<AuditPage>(`/api/audit?action=created&${range}`, admin.cookie);
      expect(action.body.events.map((event) => event.id).sort()).toEqual(
        [ids.dayBefore, ids.otherTask + 1].sort(),
      );
      const actor = await get<AuditPage>(`/api/audit?actor=${user.id}&${range}`, head.cookie);
      expect(actor.body.events.map((event) => event.id)).toEqual([ids.dayEnd]);
      const both = await get<AuditPage>(
        `/api/audit?entity=task&action=updated&actor=${admin.id}&${range}`,
        admin.cookie,
      );
      expect(both.body.events.map((event) => event.id)).toEqual([ids.dayStart]);
    });

    it("totals without days (kept in audit_counts) agree with counting the rows", async () => {
      const queries = [
        "",
        "entity=task",
        "action=created",
        `actor=${admin.id}`,
        `actor=${PAGER.id}`,
        "entity=task&action=escalated",
      ];
      for (const query of queries) {
        const { body } = await get<AuditPage>(`/api/audit?${query}`, admin.cookie);
        const params = new URLSearchParams(query);
        const [counted] = await t.db
          .select({ n: count() })
          .from(auditEvents)
          .where(
            and(
              params.has("entity")
                ? eq(auditEvents.entity, params.get("entity") as AuditEntity)
                : undefined,
              params.has("action")
                ? eq(auditEvents.action, params.get("action") as AuditAction)
                : undefined,
              params.has("actor") ? eq(auditEvents.actorId, params.get("actor") ?? "") : undefined,
            ),
          );
        expect(body.total, query).toBe(counted.n);
        expect(body.total, query).toBeGreaterThan(0);
      }
    });

    it("pages by 50 without repeating or skipping a row", async () => {
      const pages = await Promise.all(
        [1, 2, 3, 4].map((page) =>
          get<AuditPage>(`/api/audit?actor=${PAGER.id}&page=${page}`, admin.cookie),
        ),
      );
      expect(pages.map((page) => page.body.total)).toEqual([120, 120, 120, 120]);
      expect(pages.map((page) => page.body.events.length)).toEqual([50, 50, 20, 0]);
      const seen = pages.flatMap((page) => page.body.events.map((event) => event.id));
      expect(new Set(seen).size).toBe(120);
      expect(seen).toEqual([...seen].sort((a, b) => b - a));
    });

    const BAD: [string, string][] = [
      ["entity=nope", "Choose a record type from the list"],
      ["action=exploded", "Choose an action from the list"],
      ["actor=not%20an%20id!", "Choose a person from the list"],
      ["from=2025-13-01", "Enter a valid date (YYYY-MM-DD)"],
      ["to=yesterday", "Enter a valid date (YYYY-MM-DD)"],
      ["from=2025-03-11&to=2025-03-10", "The From date must not be after the To date"],
      ["page=0", "The page must be a whole number from 1"],
      ["page=two", "The page must be a whole number from 1"],
    ];
    for (const [query, message] of BAD) {
      it(`answers ${query} with 400 and a message`, async () => {
        for (const path of ["/api/audit", "/api/audit/export.csv"]) {
          const res = await t.request(`${path}?${query}`, { cookie: admin.cookie });
          expect(res.status).toBe(400);
          expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
            message,
          );
        }
      });
    }
  });

  describe("the CSV export", () => {
    async function csvOf(query: string, cookie = admin.cookie) {
      const res = await t.request(`/api/audit/export.csv?${query}`, { cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/csv");
      expect(res.headers.get("content-disposition")).toBe(
        'attachment; filename="audit-log-2026-11-22.csv"',
      );
      // Kept as sent: Response.text() would drop the byte order mark.
      return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    }

    it("starts with a byte order mark and the header row", async () => {
      const text = await csvOf("from=2025-03-10&to=2025-03-10");
      expect(text.startsWith("\uFEFF")).toBe(true);
      const lines = text.slice(1).split("\r\n");
      expect(lines[0]).toBe("#,Time,By,Record,Name,Record ID,Action,What changed,Reason");
      expect(lines).toHaveLength(4);
      expect(lines[3]).toBe("");
    });

    it("writes each row on the office clock and neutralises formula-looking values", async () => {
      const lines = (await csvOf("entity=response_file&from=2025-03-10&to=2025-03-10")).split(
        "\r\n",
      );
      expect(
        lines[1].startsWith(
          `${ids.dayEnd},2025-03-10 23:59,"'=Asma, ""the"" Assignee",Response file,${taskSubject},${taskId},Uploaded,`,
        ),
      ).toBe(true);
      expect(lines[1]).toContain('""responseFile""');
      expect(lines[1]).toContain('""after"":""report.pdf""');
      expect(lines[1].endsWith(`,"'=HYPERLINK(""http://evil.example"",""x"")"`)).toBe(true);
    });

    it("names rules and honours the filters", async () => {
      const text = await csvOf("entity=task&action=escalated&from=2025-03-01&to=2025-03-31");
      const lines = text.split("\r\n").filter(Boolean);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(",the escalation rule,Task,");
      expect(lines[1]).toContain(",Escalated,");
    });

    it("holds every matching row, past the first page", async () => {
      const lines = (await csvOf(`actor=${PAGER.id}`)).split("\r\n").filter(Boolean);
      expect(lines).toHaveLength(121);
    });

    it("speaks the caller's language", async () => {
      const urdu = await t.signedInAs("organization_head");
      const set = await t.request("/api/me/language", {
        method: "PUT",
        cookie: urdu.cookie,
        json: { language: "ur" },
      });
      expect(set.status).toBe(200);
      const text = await csvOf("entity=holiday&from=2025-03-01&to=2025-03-31", urdu.cookie);
      const [header, row] = text.slice(1).split("\r\n");
      expect(header.split(",")).toEqual([
        "نمبر",
        "وقت",
        "منجانب",
        "ریکارڈ",
        "نام",
        "ریکارڈ نمبر",
        "کارروائی",
        "کیا تبدیل ہوا",
        "وجہ",
      ]);
      // A holiday not in the calendar now, whose record here holds no name: the name is blank.
      expect(row).toContain(",تعطیل,,2025-03-23,اندراج,");
    });
  });

  describe("the chain's status", () => {
    it("says the chain holds up to its last row", async () => {
      const { status, body } = await get<AuditChainStatus>("/api/audit/status", head.cookie);
      expect(status).toBe(200);
      expect(body.ok).toBe(true);
      if (body.ok) expect(body.lastId).toBeGreaterThanOrEqual(126);
    });
  });

  describe("a task's history", () => {
    const path = () => `/api/tasks/${taskId}/history`;

    it("shows the task's and its response file's rows, newest first", async () => {
      const { status, body } = await get<TaskHistory>(path(), admin.cookie);
      expect(status).toBe(200);
      const seeded = body.events
        .map((event) => event.id)
        .filter((id) => Object.values(ids).includes(id));
      expect(seeded).toEqual([ids.dayAfter, ids.dayEnd, ids.dayStart, ids.dayBefore]);
      expect(body.events.every((event) => event.entityId === taskId)).toBe(true);
      expect(body.events.map((event) => event.id)).toEqual(
        [...body.events.map((event) => event.id)].sort((a, b) => b - a),
      );
    });

    it("is read by the assignee and an organization head", async () => {
      expect((await t.request(path(), { cookie: user.cookie })).status).toBe(200);
      expect((await t.request(path(), { cookie: head.cookie })).status).toBe(200);
    });

    it("is not found for another user, as the task itself is", async () => {
      const res = await t.request(path(), { cookie: other.cookie });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "Task not found",
      );
    });

    it("asks anonymous callers to sign in", async () => {
      expect((await t.request(path())).status).toBe(401);
    });

    it("is not found for an id that names no task", async () => {
      const res = await t.request("/api/tasks/not-a-task/history", { cookie: admin.cookie });
      expect(res.status).toBe(404);
    });
  });
});
