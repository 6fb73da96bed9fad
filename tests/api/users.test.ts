import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks, user } from "../../src/server/db/schema";
import { said } from "../../src/shared/i18n/server-instance";
import type { Role } from "../../src/shared/roles";
import { PLACEHOLDER_EMAIL_DOMAIN, USER_MESSAGES } from "../../src/shared/users";
import { createTestApp, type TestApp } from "../helpers/app";
import { accountVersion, makeTask } from "../helpers/factories";

type Caller = "anonymous" | Exclude<Role, "admin">;

describe("user management", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp["signedInAs"]>>;
  const cookies = {} as Record<Caller, string | undefined>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signedInAs("admin");
    cookies.user = (await t.signedInAs("user")).cookie;
    cookies.organization_head = (await t.signedInAs("organization_head")).cookie;
  });
  afterAll(() => t.close());

  const asAdmin = (path: string, init: Parameters<TestApp["request"]>[1] = {}) =>
    t.request(path, { ...init, cookie: admin.cookie });

  describe("only administrators reach the endpoints, and nothing changes otherwise", () => {
    for (const caller of ["anonymous", "user", "organization_head"] as const) {
      const status = caller === "anonymous" ? 401 : 403;
      it(`${caller} gets ${status} from every user-management call`, async () => {
        const victim = await t.makeUser({ fullName: "Untouched Person" });
        const cookie = cookies[caller];
        const calls: Array<[string, RequestInit & { json?: unknown }]> = [
          ["/api/admin/users", { method: "GET" }],
          [
            "/api/admin/users",
            {
              method: "POST",
              json: { userId: `x${caller}`, password: "clerk-pass-1", fullName: "X" },
            },
          ],
          [
            `/api/admin/users/${victim.id}`,
            { method: "PATCH", json: { fullName: "Changed", role: "admin", version: 1 } },
          ],
          [
            `/api/admin/users/${victim.id}/password`,
            { method: "POST", json: { newPassword: "changed-1" } },
          ],
          [`/api/admin/users/${victim.id}`, { method: "DELETE" }],
        ];
        for (const [path, init] of calls) {
          const res = await t.request(path, { ...init, cookie });
          expect(res.status, `${init.method} ${path}`).toBe(status);
        }
        const [row] = await t.db.select().from(user).where(eq(user.id, victim.id));
        expect(row).toMatchObject({ name: "Untouched Person", role: "user" });
        expect((await t.signInRequest(victim.userId, victim.password)).status).toBe(200);
        expect(
          await t.db
            .select()
            .from(user)
            .where(eq(user.username, `x${caller}`)),
        ).toEqual([]);
      });
    }
  });

  it("lists accounts with a display id, searchable and paginated on the server", async () => {
    await t.makeUser({ userId: "farah_s", fullName: "Farah Siddiqui", email: "farah@hed.example" });
    await t.makeUser({ userId: "idonly", fullName: "Only An Id" });

    const byName = await (await asAdmin("/api/admin/users?search=siddiq")).json();
    expect(byName.total).toBe(1);
    expect(byName.users[0]).toMatchObject({
      userId: "farah_s",
      fullName: "Farah Siddiqui",
      email: "farah@hed.example",
      role: "user",
      displayId: "farah@hed.example",
      taskCount: 0,
    });
    expect((await (await asAdmin("/api/admin/users?search=FARAH_S")).json()).total).toBe(1);
    expect((await (await asAdmin("/api/admin/users?search=farah@hed")).json()).total).toBe(1);

    const idOnly = await (await asAdmin("/api/admin/users?search=idonly")).json();
    expect(idOnly.users[0]).toMatchObject({ email: null, displayId: "Only An Id" });

    const all = await (await asAdmin("/api/admin/users?pageSize=2&page=1")).json();
    expect(all.users).toHaveLength(2);
    expect(all.total).toBeGreaterThan(4);
    const second = await (await asAdmin("/api/admin/users?pageSize=2&page=2")).json();
    expect(second.users.map((u: { id: string }) => u.id)).not.toContain(all.users[0].id);

    expect((await asAdmin("/api/admin/users?page=0")).status).toBe(400);
    expect((await asAdmin("/api/admin/users?pageSize=1000")).status).toBe(400);
  });

  it("a search pattern's wildcard characters match literally", async () => {
    const res = await (await asAdmin("/api/admin/users?search=%25")).json();
    expect(res.total).toBe(0);
  });

  it("creates an account that signs in with its User ID, or its e-mail when given", async () => {
    const res = await asAdmin("/api/admin/users", {
      method: "POST",
      json: { userId: "Kamran", password: "kamran1", fullName: "Kamran Ali" },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      userId: "kamran",
      email: null,
      fullName: "Kamran Ali",
      role: "user",
    });
    expect((await t.signInRequest("kamran", "kamran1")).status).toBe(200);

    const head = await asAdmin("/api/admin/users", {
      method: "POST",
      json: {
        userId: "zainab",
        email: "Zainab@HED.example",
        password: "zainab1",
        fullName: "Zainab Raza",
        role: "organization_head",
      },
    });
    expect(head.status).toBe(201);
    expect(await head.json()).toMatchObject({
      email: "zainab@hed.example",
      role: "organization_head",
    });
    const cookie = await t.signIn("zainab@hed.example", "zainab1");
    expect((await (await t.request("/api/me", { cookie })).json()).role).toBe("organization_head");
  });

  it("refuses incomplete, invalid and duplicate accounts with a clear message", async () => {
    const post = (json: unknown) => asAdmin("/api/admin/users", { method: "POST", json });
    for (const json of [
      {},
      { userId: "a1b2", password: "clerk-pass-1" },
      { userId: "", password: "clerk-pass-1", fullName: "N" },
      { userId: "abc", password: "", fullName: "N" },
    ]) {
      const res = await post(json);
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(said(USER_MESSAGES.createRequired));
    }
    const short = await post({ userId: "shorty", password: "abc", fullName: "Short" });
    // SPEC.md's text, word for word, with the default minimum.
    expect((await short.json()).error.message).toBe("Password must be at least 6 characters long");
    expect(
      (await post({ userId: "bad id!", password: "clerk-pass-1", fullName: "B" })).status,
    ).toBe(400);
    expect(
      (await post({ userId: "boss", password: "clerk-pass-1", fullName: "B", role: "superuser" }))
        .status,
    ).toBe(400);

    await t.makeUser({ userId: "taken", email: "taken@hed.example" });
    const dupId = await post({ userId: "TAKEN", password: "clerk-pass-1", fullName: "Dup" });
    expect(dupId.status).toBe(409);
    expect((await dupId.json()).error.message).toBe(said(USER_MESSAGES.userIdTaken("TAKEN")));
    const dupEmail = await post({
      userId: "fresh1",
      email: "taken@hed.example",
      password: "clerk-pass-1",
      fullName: "Dup",
    });
    expect(dupEmail.status).toBe(409);
    expect((await dupEmail.json()).error.message).toBe(
      said(USER_MESSAGES.emailTaken("taken@hed.example")),
    );
  });

  it("refuses the placeholder domain as an explicit e-mail, on create and on edit", async () => {
    const squatted = `later_id@${PLACEHOLDER_EMAIL_DOMAIN}`;
    const res = await asAdmin("/api/admin/users", {
      method: "POST",
      json: { userId: "early", email: squatted, password: "clerk-pass-1", fullName: "Early" },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(said(USER_MESSAGES.placeholderEmail));
    const person = await t.makeUser({ email: "moving@hed.example" });
    const edit = await asAdmin(`/api/admin/users/${person.id}`, {
      method: "PATCH",
      json: { email: squatted.toUpperCase(), fullName: "Moving", role: "user", version: 1 },
    });
    expect(edit.status).toBe(400);
    expect(await t.db.select().from(user).where(eq(user.email, squatted))).toEqual([]);
    // The User ID that placeholder belongs to can still be created.
    const later = await asAdmin("/api/admin/users", {
      method: "POST",
      json: { userId: "later_id", password: "clerk-pass-1", fullName: "Later" },
    });
    expect(later.status).toBe(201);
  });

  it("edits the e-mail and full name, and a role change ends the user's sessions", async () => {
    const person = await t.makeUser({ fullName: "Old Name" });
    const session = await t.signIn(person.userId);

    const missing = await asAdmin(`/api/admin/users/${person.id}`, {
      method: "PATCH",
      json: { fullName: " ", role: "user", version: 1 },
    });
    expect((await missing.json()).error.message).toBe(said(USER_MESSAGES.editRequired));

    const renamed = await asAdmin(`/api/admin/users/${person.id}`, {
      method: "PATCH",
      json: { email: "new.name@hed.example", fullName: "New Name", role: "user", version: 1 },
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({
      email: "new.name@hed.example",
      fullName: "New Name",
      version: 2,
    });
    expect((await t.request("/api/me", { cookie: session })).status).toBe(200);

    const promoted = await asAdmin(`/api/admin/users/${person.id}`, {
      method: "PATCH",
      json: {
        email: "new.name@hed.example",
        fullName: "New Name",
        role: "organization_head",
        version: 2,
      },
    });
    expect(promoted.status).toBe(200);
    expect((await t.request("/api/me", { cookie: session })).status).toBe(401);
    const fresh = await t.signIn("new.name@hed.example");
    expect((await (await t.request("/api/me", { cookie: fresh })).json()).role).toBe(
      "organization_head",
    );

    expect(
      (
        await asAdmin("/api/admin/users/nobody", {
          method: "PATCH",
          json: { fullName: "X", role: "user", version: 1 },
        })
      ).status,
    ).toBe(404);
  });

  it("requires an e-mail on edit only for accounts without a User ID", async () => {
    const signUp = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { name: "Self Made", email: "self.made@hed.example", password: "self-made-1" },
    });
    expect(signUp.status).toBe(200);
    const [selfMade] = await t.db
      .select()
      .from(user)
      .where(eq(user.email, "self.made@hed.example"));
    const res = await asAdmin(`/api/admin/users/${selfMade.id}`, {
      method: "PATCH",
      json: {
        email: "",
        fullName: "Self Made",
        role: "user",
        version: await accountVersion(t, admin.cookie, selfMade.id),
      },
    });
    expect((await res.json()).error.message).toBe(said(USER_MESSAGES.editRequired));

    const idOnly = await t.makeUser({ fullName: "Id Only" });
    const ok = await asAdmin(`/api/admin/users/${idOnly.id}`, {
      method: "PATCH",
      json: { email: "", fullName: "Id Only Renamed", role: "user", version: 1 },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ email: null, fullName: "Id Only Renamed" });
  });

  it("changes a password: the old one stops working and sessions end", async () => {
    const person = await t.makeUser({ fullName: "Hina Baig" });
    const session = await t.signIn(person.userId);
    expect((await t.request("/api/me", { cookie: session })).status).toBe(200);
    const path = `/api/admin/users/${person.id}/password`;

    const empty = await asAdmin(path, { method: "POST", json: { newPassword: "" } });
    expect((await empty.json()).error.message).toBe(said(USER_MESSAGES.passwordRequired));
    const short = await asAdmin(path, { method: "POST", json: { newPassword: "12345" } });
    // SPEC.md's text, word for word, with the default minimum.
    expect((await short.json()).error.message).toBe("Password must be at least 6 characters long");

    const res = await asAdmin(path, { method: "POST", json: { newPassword: "hina-new-1" } });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe("Password changed successfully for Hina Baig");
    expect((await t.signInRequest(person.userId, person.password)).status).toBe(401);
    expect((await t.signInRequest(person.userId, "hina-new-1")).status).toBe(200);
    expect((await t.request("/api/me", { cookie: session })).status).toBe(401);
  });

  it("deletes a user only after handing their tasks to another user, in one step", async () => {
    const leaver = await t.makeUser();
    const heir = await t.makeUser();
    const head = await t.makeUser({ role: "organization_head" });
    const first = await makeTask(t.db, { assignedTo: leaver.id, createdBy: admin.id });
    const second = await makeTask(t.db, { assignedTo: leaver.id, createdBy: admin.id });
    const path = `/api/admin/users/${leaver.id}`;
    const leaverSession = await t.signIn(leaver.userId);
    expect((await t.request("/api/me", { cookie: leaverSession })).status).toBe(200);

    const listed = await (await asAdmin(`/api/admin/users?search=${leaver.userId}`)).json();
    expect(listed.users[0].taskCount).toBe(2);

    const noHeir = await asAdmin(path, { method: "DELETE" });
    expect(noHeir.status).toBe(400);
    expect((await noHeir.json()).error.message).toBe(said(USER_MESSAGES.handOverRequired));
    for (const bad of [head.id, leaver.id, "nobody"]) {
      const res = await asAdmin(`${path}?handOverTo=${bad}`, { method: "DELETE" });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(said(USER_MESSAGES.handOverInvalid));
    }
    expect(await t.db.select().from(user).where(eq(user.id, leaver.id))).toHaveLength(1);

    const res = await asAdmin(`${path}?handOverTo=${heir.id}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(said(USER_MESSAGES.deleted));
    expect(await t.db.select().from(user).where(eq(user.id, leaver.id))).toEqual([]);
    const moved = await t.db.select().from(tasks).where(eq(tasks.assignedTo, heir.id));
    expect(moved.map((task) => task.id).sort()).toEqual([first.id, second.id].sort());
    expect((await t.signInRequest(leaver.userId, leaver.password)).status).toBe(401);
    expect((await t.request("/api/me", { cookie: leaverSession })).status).toBe(401);
  });

  it("deletes a user without tasks without asking for a hand-over", async () => {
    const leaver = await t.makeUser();
    expect((await asAdmin(`/api/admin/users/${leaver.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await asAdmin(`/api/admin/users/${leaver.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("refuses self-deletion", async () => {
    const res = await asAdmin(`/api/admin/users/${admin.id}`, { method: "DELETE" });
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toBe(said(USER_MESSAGES.selfDelete));
    expect(await t.db.select().from(user).where(eq(user.id, admin.id))).toHaveLength(1);
  });

  it("shows the assignee list to every signed-in account (a user marks files onward from it)", async () => {
    expect((await t.request("/api/users/assignable")).status).toBe(401);
    expect((await t.request("/api/users/assignable", { cookie: cookies.user })).status).toBe(200);
    expect(
      (await t.request("/api/users/assignable", { cookie: cookies.organization_head })).status,
    ).toBe(200);
  });

  it("lists users and admins, never organization heads, as assignees", async () => {
    const head = await t.makeUser({ role: "organization_head" });
    const res = await asAdmin("/api/users/assignable");
    const people: Array<{ id: string; role: Role }> = await res.json();
    expect(people.some((p) => p.id === admin.id)).toBe(true);
    expect(people.some((p) => p.id === head.id)).toBe(false);
    expect(people.every((p) => p.role !== "organization_head")).toBe(true);
  });

  it("lists organization heads too when asked for everyone who acts (the Audit Log's filter)", async () => {
    const head = await t.makeUser({ role: "organization_head" });
    const worker = await t.makeUser();
    for (const cookie of [admin.cookie, cookies.organization_head]) {
      const res = await t.request("/api/users/assignable?includeHeads=true", { cookie });
      expect(res.status).toBe(200);
      const ids = ((await res.json()) as Array<{ id: string }>).map((p) => p.id);
      expect(ids).toEqual(expect.arrayContaining([admin.id, head.id, worker.id]));
    }
    const bad = await asAdmin("/api/users/assignable?includeHeads=yes");
    expect(bad.status).toBe(400);
  });
});

describe("the last administrator", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("cannot be demoted, and two admins demoting each other at once leave one admin", async () => {
    const first = await t.signedInAs("admin");
    const alone = await t.request(`/api/admin/users/${first.id}`, {
      method: "PATCH",
      cookie: first.cookie,
      json: { fullName: "First", role: "user", version: 1 },
    });
    expect(alone.status).toBe(409);
    expect((await alone.json()).error.message).toBe(said(USER_MESSAGES.lastAdminDemote));

    const second = await t.signedInAs("admin");
    const results = await Promise.all([
      t.request(`/api/admin/users/${second.id}`, {
        method: "PATCH",
        cookie: first.cookie,
        json: { fullName: "Second", role: "user", version: 1 },
      }),
      t.request(`/api/admin/users/${first.id}`, {
        method: "PATCH",
        cookie: second.cookie,
        json: { fullName: "First", role: "user", version: 1 },
      }),
    ]);
    // The loser is refused by the last-admin rule, or arrives after its own demotion
    // (403) or after its sessions ended (401), depending on timing.
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 403, 409]).toContain(statuses[1]);
    const admins = await t.db.select().from(user).where(eq(user.role, "admin"));
    expect(admins).toHaveLength(1);
  });
});
