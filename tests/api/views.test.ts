import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savedViews } from "../../src/server/db/schema";
import { said } from "../../src/shared/i18n/server-instance";
import {
  type CreateViewInput,
  type PinnedView,
  SAVED_VIEW_MESSAGES,
  type SavedView,
  type SavedViewsOfList,
} from "../../src/shared/views";
import { createTestApp, type TestApp } from "../helpers/app";

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

describe("saved views", () => {
  let t: TestApp;
  let admin: Account;
  let otherAdmin: Account;
  let head: Account;
  let user: Account;
  let otherUser: Account;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signedInAs("admin");
    otherAdmin = await t.signedInAs("admin");
    head = await t.signedInAs("organization_head");
    user = await t.signedInAs("user");
    otherUser = await t.signedInAs("user");
  });
  afterAll(() => t.close());

  const send = (path: string, method: string, who: Account | null, json?: unknown) =>
    t.request(path, { method, cookie: who?.cookie, json });

  async function create(who: Account, input: CreateViewInput): Promise<SavedView> {
    const res = await send("/api/views", "POST", who, input);
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { view: SavedView }).view;
  }

  async function listOf(who: Account, list: string): Promise<SavedView[]> {
    const res = await send(`/api/views?list=${list}`, "GET", who);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as SavedViewsOfList;
    expect(answer.canShare).toBe(who.role === "admin");
    return answer.views;
  }

  async function pinnedOf(who: Account): Promise<PinnedView[]> {
    const res = await send("/api/views/pinned", "GET", who);
    expect(res.status).toBe(200);
    return ((await res.json()) as { views: PinnedView[] }).views;
  }

  const errorOf = async (res: Response) =>
    ((await res.json()) as { error: { message: string } }).error.message;

  it("saves the filters without the page, and lists them for their owner only", async () => {
    const view = await create(user, {
      list: "engagementChart",
      name: "  Cabinet meetings  ",
      query: "?venue=Cabinet+Room&page=3",
    });
    expect(view).toMatchObject({
      name: "Cabinet meetings",
      query: "venue=Cabinet+Room",
      shared: false,
      mine: true,
      pinned: false,
      can: { rename: true, delete: true, share: false, pin: true },
    });
    expect((await listOf(user, "engagementChart")).map((v) => v.id)).toEqual([view.id]);
    expect(await listOf(otherUser, "engagementChart")).toEqual([]);
    expect(await listOf(admin, "engagementChart")).toEqual([]);
  });

  it("another person cannot pin, rename or delete a private view: it is not there for them", async () => {
    const view = await create(user, { list: "engagementChart", name: "Mine", query: "" });
    const path = `/api/views/${view.id}`;
    for (const who of [otherUser, admin]) {
      const attempts = [
        await send(`${path}/pin`, "PUT", who),
        await send(`${path}/pin`, "DELETE", who),
        await send(path, "PATCH", who, { name: "Taken", version: view.version }),
        await send(path, "DELETE", who),
      ];
      for (const res of attempts) {
        expect(res.status).toBe(404);
        expect(await errorOf(res)).toBe(said(SAVED_VIEW_MESSAGES.notFound));
      }
    }
    const [row] = await t.db.select().from(savedViews).where(eq(savedViews.id, view.id));
    expect(row.name).toBe("Mine");
  });

  it("an admin's shared view reaches heads on a list heads open, not users on one they cannot", async () => {
    const decisions = await create(admin, {
      list: "decisions",
      name: "Overdue decisions",
      query: "status=overdue",
      shared: true,
    });
    const tasks = await create(admin, {
      list: "manageTasks",
      name: "Late work",
      query: "status=overdue",
      shared: true,
    });
    const seen = await listOf(head, "decisions");
    expect(seen.map((v) => v.id)).toEqual([decisions.id]);
    expect(seen[0]).toMatchObject({
      mine: false,
      shared: true,
      can: { rename: false, delete: false, share: false, pin: true },
    });
    // A user opens neither list: asking for one is refused, and a shared view is not found.
    const refused = await send("/api/views?list=decisions", "GET", user);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe(said(SAVED_VIEW_MESSAGES.listForbidden));
    expect((await send(`/api/views/${tasks.id}/pin`, "PUT", user)).status).toBe(404);
    expect((await send(`/api/views/${tasks.id}/pin`, "PUT", head)).status).toBe(404);
    // Another admin may delete a shared view, but not change it.
    expect((await listOf(otherAdmin, "manageTasks"))[0].can).toEqual({
      rename: false,
      delete: true,
      share: false,
      pin: true,
    });
    const renamed = await send(`/api/views/${decisions.id}`, "PATCH", head, {
      name: "Mine now",
      version: decisions.version,
    });
    expect(renamed.status).toBe(403);
    expect(await errorOf(renamed)).toBe(said(SAVED_VIEW_MESSAGES.ownerOnly));
    expect((await send(`/api/views/${decisions.id}`, "DELETE", head)).status).toBe(403);
    expect(
      (await send(`/api/views/${tasks.id}`, "PATCH", otherAdmin, { query: "", version: 1 })).status,
    ).toBe(403);
    expect((await send(`/api/views/${tasks.id}`, "DELETE", otherAdmin)).status).toBe(200);
    expect(await listOf(admin, "manageTasks")).toEqual([]);
  });

  it("only an admin shares a view, and only on a list they may open", async () => {
    for (const who of [head, user]) {
      const res = await send("/api/views", "POST", who, {
        list: "engagementChart",
        name: "For everyone",
        query: "",
        shared: true,
      });
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toBe(said(SAVED_VIEW_MESSAGES.shareForbidden));
    }
    const own = await create(head, { list: "auditLog", name: "Mine to share", query: "" });
    const shared = await send(`/api/views/${own.id}`, "PATCH", head, {
      shared: true,
      version: own.version,
    });
    expect(shared.status).toBe(403);
    const notOpenable = await send("/api/views", "POST", head, {
      list: "manageUsers",
      name: "Users",
      query: "",
    });
    expect(notOpenable.status).toBe(403);
    expect(await errorOf(notOpenable)).toBe(said(SAVED_VIEW_MESSAGES.listForbidden));
  });

  it("a second view of the same list under the same name is a conflict", async () => {
    await create(head, { list: "decisions", name: "Pending", query: "status=pending" });
    const again = await send("/api/views", "POST", head, {
      list: "decisions",
      name: " Pending ",
      query: "status=overdue",
    });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(said(SAVED_VIEW_MESSAGES.duplicateName));
    // The same name on another list, or another person's, is fine.
    await create(head, { list: "auditLog", name: "Pending", query: "" });
    await create(admin, { list: "decisions", name: "Pending", query: "" });
    const other = await create(head, { list: "decisions", name: "Other", query: "" });
    const renamed = await send(`/api/views/${other.id}`, "PATCH", head, {
      name: "Pending",
      version: other.version,
    });
    expect(renamed.status).toBe(409);
  });

  it("the owner renames a view and saves new filters in it", async () => {
    const view = await create(user, { list: "engagementChart", name: "Old", query: "a=1" });
    const res = await send(`/api/views/${view.id}`, "PATCH", user, {
      name: "New",
      query: "status=Held&page=2",
      version: view.version,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { view: SavedView }).view).toMatchObject({
      name: "New",
      query: "status=Held",
      version: view.version + 1,
    });
  });

  it("pins and unpins views, and lists them for the sidebar with where they open", async () => {
    const shared = await create(admin, {
      list: "auditLog",
      name: "Deletions",
      query: "action=deleted",
      shared: true,
    });
    const own = await create(head, { list: "engagementChart", name: "Week", query: "range=week" });
    for (const id of [shared.id, own.id]) {
      expect((await send(`/api/views/${id}/pin`, "PUT", head)).status).toBe(200);
    }
    // Pinning twice changes nothing.
    expect((await send(`/api/views/${own.id}/pin`, "PUT", head)).status).toBe(200);
    const pinned = await pinnedOf(head);
    expect(pinned.map((v) => [v.name, v.href, v.pinned])).toEqual([
      ["Deletions", "/organization/audit-log?action=deleted", true],
      ["Week", "/organization/engagement-chart?range=week", true],
    ]);
    expect(await pinnedOf(admin)).toEqual([]);
    expect((await send(`/api/views/${own.id}/pin`, "DELETE", head)).status).toBe(200);
    expect((await pinnedOf(head)).map((v) => v.id)).toEqual([shared.id]);
    // Unshared, it leaves the sidebars of everyone but its owner.
    expect((await send(`/api/views/${shared.id}/pin`, "PUT", admin)).status).toBe(200);
    const unshared = await send(`/api/views/${shared.id}`, "PATCH", admin, {
      shared: false,
      version: shared.version,
    });
    expect(unshared.status).toBe(200);
    expect(await pinnedOf(head)).toEqual([]);
    expect((await pinnedOf(admin)).map((v) => v.href)).toEqual(["/admin/audit-log?action=deleted"]);
  });

  it("deleting an account deletes its views and their pins", async () => {
    const leaver = await t.signedInAs("admin");
    const view = await create(leaver, {
      list: "engagementChart",
      name: "Leaving",
      query: "",
      shared: true,
    });
    expect((await send(`/api/views/${view.id}/pin`, "PUT", user)).status).toBe(200);
    expect((await send(`/api/admin/users/${leaver.id}`, "DELETE", admin)).status).toBe(200);
    expect(await t.db.select().from(savedViews).where(eq(savedViews.id, view.id))).toEqual([]);
    expect((await pinnedOf(user)).map((v) => v.id)).not.toContain(view.id);
  });

  it("anonymous callers are asked to sign in", async () => {
    const requests: [string, string][] = [
      ["/api/views?list=decisions", "GET"],
      ["/api/views/pinned", "GET"],
      ["/api/views", "POST"],
      [`/api/views/${crypto.randomUUID()}`, "PATCH"],
      [`/api/views/${crypto.randomUUID()}`, "DELETE"],
      [`/api/views/${crypto.randomUUID()}/pin`, "PUT"],
      [`/api/views/${crypto.randomUUID()}/pin`, "DELETE"],
    ];
    for (const [path, method] of requests) {
      const json = method === "GET" ? undefined : {};
      expect((await send(path, method, null, json)).status).toBe(401);
    }
  });

  it("refuses bad input with its reason, and a malformed id as not found", async () => {
    const cases: [unknown, string][] = [
      [{ list: "nowhere", name: "X", query: "" }, SAVED_VIEW_MESSAGES.invalidList],
      [{ list: "decisions", name: "   ", query: "" }, SAVED_VIEW_MESSAGES.nameRequired],
      [{ list: "decisions", name: "x".repeat(81), query: "" }, SAVED_VIEW_MESSAGES.nameTooLong],
      [
        { list: "decisions", name: "A", query: "q=".padEnd(2001, "x") },
        SAVED_VIEW_MESSAGES.queryTooLong,
      ],
      // Within 2,000 characters as typed, but not once encoded.
      [
        { list: "decisions", name: "A", query: `q=${"ب".repeat(400)}` },
        SAVED_VIEW_MESSAGES.queryTooLong,
      ],
      [
        { list: "decisions", name: "A", query: "", shared: "yes" },
        SAVED_VIEW_MESSAGES.invalidShared,
      ],
    ];
    for (const [input, reason] of cases) {
      const res = await send("/api/views", "POST", admin, input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(await errorOf(res)).toBe(said(reason));
    }
    const control = await send("/api/views", "POST", admin, {
      list: "decisions",
      name: "Tab\tname",
      query: "",
    });
    expect(control.status).toBe(400);
    expect((await send("/api/views?list=", "GET", admin)).status).toBe(400);
    for (const method of ["PATCH", "DELETE"]) {
      const res = await send("/api/views/not-a-uuid", method, admin, { name: "A", version: 1 });
      expect(res.status).toBe(404);
    }
    expect((await send("/api/views/not-a-uuid/pin", "PUT", admin)).status).toBe(404);
    expect((await send(`/api/views/${crypto.randomUUID()}`, "DELETE", admin)).status).toBe(404);
  });
});

/**
 * Every route of /api/views for every role, on a fresh view per attempt: the owner, another
 * person of the same role, an organization head and administrators, on a user's private view
 * and on views an admin shared. The `can` each caller is sent must be the routes' own answer.
 */
describe("saved views: every route, for every role", () => {
  let t: TestApp;
  let owner: Account;
  let otherUser: Account;
  let head: Account;
  let admin: Account;
  let otherAdmin: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signedInAs("user");
    otherUser = await t.signedInAs("user");
    head = await t.signedInAs("organization_head");
    admin = await t.signedInAs("admin");
    otherAdmin = await t.signedInAs("admin");
  });
  afterAll(() => t.close());

  const send = (path: string, method: string, who: Account | null, json?: unknown) =>
    t.request(path, { method, cookie: who?.cookie, json });

  const errorOf = async (res: Response) =>
    ((await res.json()) as { error: { message: string } }).error.message;

  /** A route's answer: done, or refused with the reason it gives. */
  type Answer = "ok" | "notFound" | "ownerOnly" | "shareForbidden" | "listForbidden";

  async function answerOf(res: Response, okStatus = 200): Promise<Answer> {
    if (res.status === okStatus) return "ok";
    const text = await errorOf(res);
    const reasons = ["notFound", "ownerOnly", "shareForbidden", "listForbidden"] as const;
    const reason = reasons.find((key) => said(SAVED_VIEW_MESSAGES[key]) === text);
    const expectedStatus = reason === "notFound" ? 404 : 403;
    expect(res.status, text).toBe(expectedStatus);
    if (!reason) throw new Error(`unexpected answer ${res.status}: ${text}`);
    return reason;
  }

  async function create(who: Account, input: CreateViewInput): Promise<SavedView> {
    const res = await send("/api/views", "POST", who, input);
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { view: SavedView }).view;
  }

  type Route = "rename" | "share" | "pin" | "unpin" | "delete";
  const ROUTES: Record<Route, (view: SavedView, who: Account) => Promise<Response>> = {
    rename: (view, who) =>
      send(`/api/views/${view.id}`, "PATCH", who, {
        name: `Renamed ${crypto.randomUUID()}`,
        version: view.version,
      }),
    share: (view, who) =>
      send(`/api/views/${view.id}`, "PATCH", who, { shared: true, version: view.version }),
    pin: (view, who) => send(`/api/views/${view.id}/pin`, "PUT", who),
    unpin: (view, who) => send(`/api/views/${view.id}/pin`, "DELETE", who),
    delete: (view, who) => send(`/api/views/${view.id}`, "DELETE", who),
  };
  const ROUTE_NAMES = Object.keys(ROUTES) as Route[];

  type Kind = {
    name: string;
    make: () => Promise<SavedView>;
    expected: [who: () => Account, label: string, answers: Record<Route, Answer>][];
  };
  const unseen: Record<Route, Answer> = {
    rename: "notFound",
    share: "notFound",
    pin: "notFound",
    unpin: "notFound",
    delete: "notFound",
  };
  const pinOnly: Record<Route, Answer> = {
    rename: "ownerOnly",
    share: "ownerOnly",
    pin: "ok",
    unpin: "ok",
    delete: "ownerOnly",
  };
  const everything: Record<Route, Answer> = {
    rename: "ok",
    share: "ok",
    pin: "ok",
    unpin: "ok",
    delete: "ok",
  };
  const named = () => `View ${crypto.randomUUID()}`;
  const KINDS: Kind[] = [
    {
      name: "a user's private view",
      make: () => create(owner, { list: "engagementChart", name: named(), query: "" }),
      expected: [
        [() => owner, "its owner", { ...everything, share: "shareForbidden" }],
        [() => otherUser, "another user", unseen],
        [() => head, "an organization head", unseen],
        [() => admin, "an admin", unseen],
      ],
    },
    {
      name: "an admin's shared view of a list every role opens",
      make: () =>
        create(admin, { list: "engagementChart", name: named(), query: "", shared: true }),
      expected: [
        [() => admin, "its owner", everything],
        [() => otherAdmin, "another admin", { ...pinOnly, delete: "ok" }],
        [() => head, "an organization head", pinOnly],
        [() => owner, "a user", pinOnly],
      ],
    },
    {
      name: "an admin's shared view of a list only admins open",
      make: () => create(admin, { list: "manageTasks", name: named(), query: "", shared: true }),
      expected: [
        [() => admin, "its owner", everything],
        [() => otherAdmin, "another admin", { ...pinOnly, delete: "ok" }],
        [() => head, "an organization head", unseen],
        [() => owner, "a user", unseen],
      ],
    },
  ];

  for (const kind of KINDS) {
    for (const [whoOf, label, answers] of kind.expected) {
      it(`${label} on ${kind.name}: ${ROUTE_NAMES.map((r) => `${r} ${answers[r]}`).join(", ")}`, async () => {
        const who = whoOf();
        for (const route of ROUTE_NAMES) {
          const view = await kind.make();
          const answer = await answerOf(await ROUTES[route](view, who));
          expect(answer, route).toBe(answers[route]);
        }
        // What the list sends the caller is what the routes just answered.
        const view = await kind.make();
        const listed = await send(`/api/views?list=${view.list}`, "GET", who);
        if (answers.pin === "notFound") {
          if (listed.status === 200) {
            const { views } = (await listed.json()) as SavedViewsOfList;
            expect(views.map((v) => v.id)).not.toContain(view.id);
          } else expect(await answerOf(listed)).toBe("listForbidden");
          return;
        }
        expect(listed.status).toBe(200);
        const { views } = (await listed.json()) as SavedViewsOfList;
        const seen = views.find((v) => v.id === view.id);
        expect(seen?.can).toEqual({
          rename: answers.rename === "ok",
          delete: answers.delete === "ok",
          share: answers.share === "ok",
          pin: answers.pin === "ok",
        });
      });
    }
  }

  it.each([
    { role: "user", opens: "engagementChart", refused: "decisions" },
    { role: "organization_head", opens: "decisions", refused: "manageTasks" },
    { role: "admin", opens: "manageUsers", refused: null },
  ] as const)(
    "$role lists and saves views only of the lists it opens, and shares only as an admin",
    async ({ role, opens, refused }) => {
      const who = role === "user" ? owner : role === "organization_head" ? head : admin;
      const listed = await send(`/api/views?list=${opens}`, "GET", who);
      expect(listed.status).toBe(200);
      expect(((await listed.json()) as SavedViewsOfList).canShare).toBe(role === "admin");
      expect(
        await answerOf(
          await send("/api/views", "POST", who, { list: opens, name: named(), query: "" }),
          201,
        ),
      ).toBe("ok");
      expect(
        await answerOf(
          await send("/api/views", "POST", who, {
            list: opens,
            name: named(),
            query: "",
            shared: true,
          }),
          201,
        ),
      ).toBe(role === "admin" ? "ok" : "shareForbidden");
      if (refused) {
        expect(await answerOf(await send(`/api/views?list=${refused}`, "GET", who))).toBe(
          "listForbidden",
        );
        expect(
          await answerOf(
            await send("/api/views", "POST", who, { list: refused, name: named(), query: "" }),
            201,
          ),
        ).toBe("listForbidden");
      }
    },
  );

  it("each role's sidebar holds only the views it pinned and still sees", async () => {
    const mine = await create(owner, { list: "engagementChart", name: named(), query: "" });
    const everyone = await create(admin, {
      list: "engagementChart",
      name: named(),
      query: "",
      shared: true,
    });
    const adminsOnly = await create(admin, {
      list: "manageTasks",
      name: named(),
      query: "",
      shared: true,
    });
    for (const who of [owner, otherUser, head, admin, otherAdmin]) {
      for (const view of [mine, everyone, adminsOnly]) {
        await send(`/api/views/${view.id}/pin`, "PUT", who);
      }
      const res = await send("/api/views/pinned", "GET", who);
      expect(res.status).toBe(200);
      const ours = [mine.id, everyone.id, adminsOnly.id];
      // Earlier tests here left pins of their own: only this test's three are asked about.
      const ids = ((await res.json()) as { views: PinnedView[] }).views
        .map((v) => v.id)
        .filter((id) => ours.includes(id));
      const expected = [
        ...(who === owner ? [mine.id] : []),
        everyone.id,
        ...(who.role === "admin" ? [adminsOnly.id] : []),
      ];
      expect(ids.sort()).toEqual(expected.sort());
    }
    expect((await send("/api/views/pinned", "GET", null)).status).toBe(401);
  });
});
