import { and, asc, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, user } from "../../src/server/db/schema";
import { message } from "../../src/shared/i18n/message";
import { said } from "../../src/shared/i18n/server-instance";
import type { PendencyDashboard } from "../../src/shared/pendency";
import type { PerformanceReport } from "../../src/shared/reports";
import { TEXT_MESSAGES } from "../../src/shared/text";
import {
  type AssignableUser,
  DESIGNATION_MAX_LENGTH,
  USER_MESSAGES,
  type UserListItem,
} from "../../src/shared/users";
import { createTestApp, type TestApp } from "../helpers/app";
import { accountVersion, makeTask } from "../helpers/factories";

// Friday 20 November 2026 in Karachi: the report's last 30 days hold makeTask's assign date.
const NOW = new Date("2026-11-20T07:00:00Z");

const SO_GENERAL = "Section Officer (General)";
const SO_GENERAL_UR = "سیکشن آفیسر (جنرل)";

describe("designations", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp["signedInAs"]>>;
  let plain: Awaited<ReturnType<TestApp["signedInAs"]>>;
  let head: Awaited<ReturnType<TestApp["signedInAs"]>>;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    admin = await t.signedInAs("admin", { email: "chief@hed.example" });
    plain = await t.signedInAs("user");
    head = await t.signedInAs("organization_head");
  });
  afterAll(() => t.close());

  const asAdmin = (path: string, init: Parameters<TestApp["request"]>[1] = {}) =>
    t.request(path, { ...init, cookie: admin.cookie });

  const stored = async (id: string) => {
    const [row] = await t.db
      .select({
        designation: user.designation,
        designationUr: user.designationUr,
        version: user.version,
      })
      .from(user)
      .where(eq(user.id, id));
    return row;
  };

  /** Gives `id` its designations through Edit User, as the admin, its other fields as they are. */
  async function designate(id: string, designation: string | null, designationUr: string | null) {
    const current = (await (await asAdmin(`/api/admin/users/${id}`)).json()) as UserListItem;
    const res = await asAdmin(`/api/admin/users/${id}`, {
      method: "PATCH",
      json: {
        email: current.email ?? "",
        fullName: current.fullName,
        role: current.role,
        designation,
        designationUr,
        version: current.version,
      },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as UserListItem;
  }

  const errorOf = async (res: Response): Promise<string> => (await res.json()).error.message;

  describe("only administrators give designations", () => {
    for (const [who, cookie, status] of [
      ["anonymous", () => undefined, 401],
      ["a user", () => plain.cookie, 403],
      ["an organization head", () => head.cookie, 403],
    ] as const) {
      it(`${who} gets ${status} creating or editing with designations, and nothing changes`, async () => {
        const target = await t.makeUser({ fullName: "Untouched Officer" });
        const before = await stored(target.id);
        const created = await t.request("/api/admin/users", {
          method: "POST",
          cookie: cookie(),
          json: {
            userId: "would_be",
            password: "would-be-1",
            fullName: "Would Be",
            designation: SO_GENERAL,
          },
        });
        expect(created.status).toBe(status);
        const edited = await t.request(`/api/admin/users/${target.id}`, {
          method: "PATCH",
          cookie: cookie(),
          json: {
            fullName: "Untouched Officer",
            role: "user",
            designation: "Deputy Secretary (Admin)",
            designationUr: "ڈپٹی سیکرٹری (ایڈمن)",
            version: before.version,
          },
        });
        expect(edited.status).toBe(status);
        expect(await stored(target.id)).toEqual(before);
        expect(await t.db.select().from(user).where(eq(user.username, "would_be"))).toEqual([]);
      });
    }
  });

  it("an admin creates an account with designations, trimmed, read back by the list and the account", async () => {
    const res = await asAdmin("/api/admin/users", {
      method: "POST",
      json: {
        userId: "so_general",
        password: "so-general-1",
        fullName: "Sana Officer",
        designation: `  ${SO_GENERAL} `,
        designationUr: ` ${SO_GENERAL_UR}  `,
      },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as UserListItem;
    expect(created).toMatchObject({ designation: SO_GENERAL, designationUr: SO_GENERAL_UR });

    const page = await (await asAdmin("/api/admin/users?search=so_general")).json();
    expect(page.users[0]).toMatchObject({ designation: SO_GENERAL, designationUr: SO_GENERAL_UR });
    const one = await (await asAdmin(`/api/admin/users/${created.id}`)).json();
    expect(one).toMatchObject({ designation: SO_GENERAL, designationUr: SO_GENERAL_UR });

    // The trail's "created" names the designations as the account's other fields.
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, created.id), eq(auditEvents.action, "created")));
    expect(event.changes).toMatchObject({
      designation: { before: null, after: SO_GENERAL },
      designationUr: { before: null, after: SO_GENERAL_UR },
    });
  });

  it("an account created without designations, or with blank ones, has none", async () => {
    for (const [userId, fields] of [
      ["no_post", {}],
      ["blank_post", { designation: "   ", designationUr: "" }],
      ["null_post", { designation: null, designationUr: null }],
    ] as const) {
      const res = await asAdmin("/api/admin/users", {
        method: "POST",
        json: { userId, password: "no-post-1", fullName: "No Post", ...fields },
      });
      expect(res.status, userId).toBe(201);
      expect(await res.json(), userId).toMatchObject({ designation: null, designationUr: null });
    }
  });

  it("Edit User changes, keeps (left out) and clears (blank) designations, each change in the trail", async () => {
    const officer = await t.makeUser({ fullName: "Bilal Officer" });
    const start = await lastAuditId();
    expect(await designate(officer.id, SO_GENERAL, SO_GENERAL_UR)).toMatchObject({
      designation: SO_GENERAL,
      designationUr: SO_GENERAL_UR,
    });

    // Left out: a client that does not know the fields keeps them as they are.
    const kept = await asAdmin(`/api/admin/users/${officer.id}`, {
      method: "PATCH",
      json: {
        fullName: "Bilal Officer",
        role: "user",
        version: await accountVersion(t, admin.cookie, officer.id),
      },
    });
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({
      designation: SO_GENERAL,
      designationUr: SO_GENERAL_UR,
    });

    expect(await designate(officer.id, "Deputy Secretary (Admin)", "")).toMatchObject({
      designation: "Deputy Secretary (Admin)",
      designationUr: null,
    });

    const changes = (
      await t.db
        .select({ changes: auditEvents.changes })
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, officer.id), gt(auditEvents.id, start)))
        .orderBy(asc(auditEvents.id))
    ).map((row) => row.changes);
    expect(changes).toContainEqual(
      expect.objectContaining({
        designation: { before: null, after: SO_GENERAL },
        designationUr: { before: null, after: SO_GENERAL_UR },
      }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({
        designation: { before: SO_GENERAL, after: "Deputy Secretary (Admin)" },
        designationUr: { before: SO_GENERAL_UR, after: null },
      }),
    );
  });

  it("an edit opened before another admin's change of designation is refused, naming them", async () => {
    const officer = await t.makeUser({ fullName: "Conflict Officer" });
    const opened = await accountVersion(t, admin.cookie, officer.id);
    const other = await t.signedInAs("admin", { fullName: "Other Admin" });
    const first = await t.request(`/api/admin/users/${officer.id}`, {
      method: "PATCH",
      cookie: other.cookie,
      json: {
        fullName: "Conflict Officer",
        role: "user",
        designation: SO_GENERAL,
        version: opened,
      },
    });
    expect(first.status).toBe(200);
    const stale = await asAdmin(`/api/admin/users/${officer.id}`, {
      method: "PATCH",
      json: {
        fullName: "Conflict Officer",
        role: "user",
        designation: "Under Secretary",
        version: opened,
      },
    });
    expect(stale.status).toBe(409);
    expect(await errorOf(stale)).toContain("Other Admin");
    expect(await stored(officer.id)).toMatchObject({ designation: SO_GENERAL });
  });

  describe("bad designations are refused and change nothing", () => {
    const tooLong = "S".repeat(DESIGNATION_MAX_LENGTH + 1);
    const cases: Array<[string, Record<string, unknown>, string | null]> = [
      [
        "too long",
        { designation: tooLong },
        said(
          message(USER_MESSAGES.designationTooLong, {
            field: "users:field.designation",
            max: DESIGNATION_MAX_LENGTH,
          }),
        ),
      ],
      [
        "too long in Urdu",
        { designationUr: "ع".repeat(DESIGNATION_MAX_LENGTH + 1) },
        said(
          message(USER_MESSAGES.designationTooLong, {
            field: "users:field.designationUr",
            max: DESIGNATION_MAX_LENGTH,
          }),
        ),
      ],
      [
        "a control character",
        { designation: "Section\u0007Officer" },
        said(message(TEXT_MESSAGES.controlCharacters, { field: "users:field.designation" })),
      ],
      [
        "a line break",
        { designationUr: "سیکشن\nآفیسر" },
        said(message(TEXT_MESSAGES.controlCharacters, { field: "users:field.designationUr" })),
      ],
      [
        "a number",
        { designation: 17 },
        said(message(USER_MESSAGES.designationNotText, { field: "users:field.designation" })),
      ],
      ["a list", { designationUr: ["Section Officer"] }, null],
      ["an object", { designation: { en: "Section Officer" } }, null],
    ];

    for (const [what, fields, refusal] of cases) {
      it(`${what}: on create and on edit`, async () => {
        const userId = `bad_${what.replace(/\W/g, "_")}`;
        const create = await asAdmin("/api/admin/users", {
          method: "POST",
          json: { userId, password: "bad-post-1", fullName: "Bad Post", ...fields },
        });
        expect(create.status).toBe(400);
        if (refusal) expect(await errorOf(create)).toBe(refusal);
        expect(await t.db.select().from(user).where(eq(user.username, userId))).toEqual([]);

        const officer = await t.makeUser({ fullName: "Steady Officer" });
        await designate(officer.id, SO_GENERAL, SO_GENERAL_UR);
        const before = await stored(officer.id);
        const edit = await asAdmin(`/api/admin/users/${officer.id}`, {
          method: "PATCH",
          json: { fullName: "Steady Officer", role: "user", version: before.version, ...fields },
        });
        expect(edit.status).toBe(400);
        if (refusal) expect(await errorOf(edit)).toBe(refusal);
        expect(await stored(officer.id)).toEqual(before);
      });
    }

    it(`accepts exactly ${DESIGNATION_MAX_LENGTH} characters`, async () => {
      const officer = await t.makeUser();
      const longest = "D".repeat(DESIGNATION_MAX_LENGTH);
      expect(await designate(officer.id, longest, null)).toMatchObject({ designation: longest });
    });
  });

  describe("the people pickers (GET /api/users/assignable)", () => {
    let colleague: Awaited<ReturnType<TestApp["makeUser"]>>;
    let boss: Awaited<ReturnType<TestApp["makeUser"]>>;

    beforeAll(async () => {
      colleague = await t.makeUser({ fullName: "Colleague", email: "colleague@hed.example" });
      await designate(colleague.id, SO_GENERAL, SO_GENERAL_UR);
      boss = await t.makeUser({ role: "organization_head", fullName: "Boss" });
    });

    const people = async (cookie: string, query = "") => {
      const res = await t.request(`/api/users/assignable${query}`, { cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as AssignableUser[];
    };

    it("are refused to anonymous callers", async () => {
      expect((await t.request("/api/users/assignable")).status).toBe(401);
    });

    it("a user and an organization head read them with designations but no e-mail addresses", async () => {
      for (const cookie of [plain.cookie, head.cookie]) {
        const list = await people(cookie);
        expect(list.find((p) => p.id === colleague.id)).toEqual({
          id: colleague.id,
          displayName: "Colleague",
          userId: colleague.userId,
          email: null,
          role: "user",
          designation: SO_GENERAL,
          designationUr: SO_GENERAL_UR,
        });
        expect(list.every((p) => p.email === null)).toBe(true);
        expect(list.some((p) => p.id === boss.id)).toBe(false);
      }
    });

    it("an admin reads them with e-mail addresses and designations", async () => {
      const list = await people(admin.cookie);
      expect(list.find((p) => p.id === colleague.id)).toMatchObject({
        email: "colleague@hed.example",
        designation: SO_GENERAL,
        designationUr: SO_GENERAL_UR,
      });
      expect(list.find((p) => p.id === admin.id)?.email).toBe("chief@hed.example");
    });

    it("the heads too (the Audit Log's people) only for admins and heads", async () => {
      for (const cookie of [admin.cookie, head.cookie]) {
        const ids = (await people(cookie, "?includeHeads=true")).map((p) => p.id);
        expect(ids).toEqual(expect.arrayContaining([boss.id, colleague.id]));
      }
      const refused = await t.request("/api/users/assignable?includeHeads=true", {
        cookie: plain.cookie,
      });
      expect(refused.status).toBe(403);
    });
  });

  it("Pendency and the performance report name each person's designations", async () => {
    const officer = await t.makeUser({ fullName: "Report Officer" });
    await designate(officer.id, SO_GENERAL, SO_GENERAL_UR);
    await makeTask(t.db, { assignedTo: officer.id });

    for (const cookie of [admin.cookie, head.cookie]) {
      const res = await t.request("/api/pendency", { cookie });
      expect(res.status).toBe(200);
      const dashboard = (await res.json()) as PendencyDashboard;
      expect(dashboard.people.find((p) => p.userId === officer.id)).toMatchObject({
        designation: SO_GENERAL,
        designationUr: SO_GENERAL_UR,
      });
    }

    const res = await asAdmin("/api/reports/performance?range=30");
    expect(res.status).toBe(200);
    const report = (await res.json()) as PerformanceReport;
    expect(report.rows.find((row) => row.userId === officer.id)).toMatchObject({
      designation: SO_GENERAL,
      designationUr: SO_GENERAL_UR,
    });
  });

  async function lastAuditId(): Promise<number> {
    const rows = await t.db.select({ id: auditEvents.id }).from(auditEvents);
    return Math.max(0, ...rows.map((row) => row.id));
  }
});
