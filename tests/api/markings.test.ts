import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskMovement } from "../../src/shared/markings";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTaskAs } from "../helpers/factories";

// A file's movement (issue 36): marked down a chain for comments, pulled back before it was
// opened, answered back up, marked for information and closed as seen; per role.

const NOON = new Date("2026-11-25T07:00:00Z");

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

describe("marking a task onward, per role", () => {
  let t: TestApp;
  let admin: Account;
  let head: Account;
  let secretary: Account;
  let deputy: Account;
  let officer: Account;
  let stranger: Account;
  let taskId = "";

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOON });
    admin = await t.signedInAs("admin");
    head = await t.signedInAs("organization_head");
    secretary = await t.signedInAs("user", { fullName: "Secretary HED" });
    deputy = await t.signedInAs("user", { fullName: "Deputy Secretary Admin" });
    officer = await t.signedInAs("user", { fullName: "Section Officer General" });
    stranger = await t.signedInAs("user", { fullName: "Unrelated Clerk" });
    taskId = await createTaskAs(t, admin.cookie, {
      subject: "Revision of the college fee structure",
      assignedTo: secretary.id,
      assignDate: "2026-11-25",
      dueDate: "2026-12-10",
    });
  });
  afterAll(() => t.close());

  async function post(cookie: string, action: string, json: unknown = {}) {
    return t.request(`/api/tasks/${taskId}/${action}`, { method: "POST", cookie, json });
  }
  async function movement(cookie: string) {
    const res = await t.request(`/api/tasks/${taskId}/movement`, { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as TaskMovement;
  }
  async function expectStatus(res: Response, status: number) {
    expect(res.status, await res.clone().text()).toBe(status);
  }

  it("starts with the assignment, read by the holder, heads and admins, not by others", async () => {
    const { custody, markings } = await movement(secretary.cookie);
    expect(markings.map((m) => [m.kind, m.to.name, m.purpose])).toEqual([
      ["assigned", "Secretary HED", "action"],
    ]);
    expect(custody.can.markOnward).toBe(true);
    await movement(head.cookie);
    await movement(admin.cookie);
    await expectStatus(
      await t.request(`/api/tasks/${taskId}/movement`, { cookie: stranger.cookie }),
      404,
    );
    await expectStatus(await t.request(`/api/tasks/${taskId}/movement`, {}), 401);
  });

  it("refuses a marking by whoever does not hold it, and bad input, changing nothing", async () => {
    await expectStatus(
      await post(head.cookie, "mark", { to: deputy.id, purpose: "comments" }),
      403,
    );
    await expectStatus(
      await post(deputy.cookie, "mark", { to: officer.id, purpose: "comments" }),
      404,
    );
    await expectStatus(
      await post(secretary.cookie, "mark", { to: deputy.id, purpose: "lunch" }),
      400,
    );
    await expectStatus(await post(secretary.cookie, "mark", { to: 42, purpose: "comments" }), 400);
    await expectStatus(
      await post(secretary.cookie, "mark", { to: head.id, purpose: "comments" }),
      400,
    );
    await expectStatus(
      await post(secretary.cookie, "mark", { to: secretary.id, purpose: "action" }),
      400,
    );
    expect((await movement(admin.cookie)).markings).toHaveLength(1);
  });

  it("moves down for comments; work for comments goes on only for comments, approval or signature", async () => {
    await expectStatus(
      await post(secretary.cookie, "mark", {
        to: deputy.id,
        purpose: "comments",
        remark: "Please examine and put up",
      }),
      200,
    );
    const { custody } = await movement(deputy.cookie);
    expect(custody).toMatchObject({
      holderId: deputy.id,
      purpose: "comments",
      markedBy: secretary.id,
    });
    expect(custody.can.answer).toEqual(["returned_with_comments"]);
    // The previous holder still reads it, and may pull it back until it is opened.
    expect((await movement(secretary.cookie)).custody.can.pullBack).toBe(true);
    await expectStatus(
      await post(deputy.cookie, "mark", { to: officer.id, purpose: "action" }),
      400,
    );
    await expectStatus(
      await post(deputy.cookie, "mark", { to: officer.id, purpose: "comments" }),
      200,
    );
  });

  it("lets only the sender pull back, with a reason, until it is opened", async () => {
    await expectStatus(await post(secretary.cookie, "pull-back", { reason: "Wrong desk" }), 403);
    await expectStatus(await post(deputy.cookie, "pull-back", { reason: "  " }), 400);
    await expectStatus(await post(deputy.cookie, "pull-back", { reason: "Wrong desk" }), 200);
    const back = await movement(deputy.cookie);
    expect(back.custody).toMatchObject({
      holderId: deputy.id,
      purpose: "comments",
      markedBy: secretary.id,
    });
    expect(back.markings.at(-2)?.pullBackReason).toBe("Wrong desk");
    await expectStatus(
      await post(deputy.cookie, "mark", { to: officer.id, purpose: "comments" }),
      200,
    );
    await expectStatus(await post(officer.cookie, "open"), 200);
    const opened = await movement(deputy.cookie);
    expect(opened.markings.at(-1)?.openedAt).not.toBeNull();
    expect(opened.custody.can.pullBack).toBe(false);
    await expectStatus(await post(deputy.cookie, "pull-back", { reason: "Too late" }), 409);
  });

  it("comes back up as each answers, to the state each marker had", async () => {
    await expectStatus(await post(officer.cookie, "answer", { outcome: "approved" }), 400);
    await expectStatus(
      await post(deputy.cookie, "answer", { outcome: "returned_with_comments" }),
      403,
    );
    await expectStatus(
      await post(officer.cookie, "answer", {
        outcome: "returned_with_comments",
        remark: "Para 4 of the rules applies",
      }),
      200,
    );
    expect((await movement(deputy.cookie)).custody).toMatchObject({
      holderId: deputy.id,
      purpose: "comments",
      markedBy: secretary.id,
    });
    await expectStatus(
      await post(deputy.cookie, "answer", { outcome: "returned_with_comments" }),
      200,
    );
    const top = await movement(secretary.cookie);
    expect(top.custody).toMatchObject({
      holderId: secretary.id,
      purpose: "action",
      markedBy: admin.id,
    });
    expect(top.markings.map((m) => `${m.kind}:${m.to.name}`)).toEqual([
      "assigned:Secretary HED",
      "marked:Deputy Secretary Admin",
      "marked:Section Officer General",
      "pulled_back:Deputy Secretary Admin",
      "marked:Section Officer General",
      "returned:Deputy Secretary Admin",
      "returned:Secretary HED",
    ]);
    expect(top.markings.every((m, i, all) => i < all.length - 1 === (m.endedAt !== null))).toBe(
      true,
    );
  });

  it("is closed as seen by the one it was marked to for information, and by nobody else", async () => {
    await expectStatus(await post(secretary.cookie, "close-as-seen"), 400);
    await expectStatus(
      await post(secretary.cookie, "mark", { to: officer.id, purpose: "information" }),
      200,
    );
    await expectStatus(await post(secretary.cookie, "close-as-seen"), 403);
    await expectStatus(await post(officer.cookie, "close-as-seen", { remark: "Seen" }), 200);
    const task = await t.request(`/api/tasks/${taskId}`, { cookie: admin.cookie });
    expect(((await task.json()) as { status: string }).status).toBe("completed");
    await expectStatus(
      await post(officer.cookie, "mark", { to: deputy.id, purpose: "action" }),
      409,
    );
  });

  it("keeps every move in the task's history", async () => {
    const res = await t.request(`/api/tasks/${taskId}/history`, { cookie: admin.cookie });
    const { events } = (await res.json()) as { events: { action: string }[] };
    const actions = events.map((event) => event.action).reverse();
    expect(actions).toEqual(
      expect.arrayContaining([
        "created",
        "marked",
        "pulled_back",
        "opened",
        "returned",
        "completed",
      ]),
    );
  });
});

describe("a route: SO → DS → AS → Secretary, for approval", () => {
  let t: TestApp;
  let admin: Account;
  let head: Account;
  let so: Account;
  let ds: Account;
  let as: Account;
  let secretary: Account;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOON });
    admin = await t.signedInAs("admin");
    head = await t.signedInAs("organization_head");
    so = await t.signedInAs("user", { fullName: "Section Officer Colleges" });
    ds = await t.signedInAs("user", { fullName: "Deputy Secretary Colleges" });
    as = await t.signedInAs("user", { fullName: "Additional Secretary Colleges" });
    secretary = await t.signedInAs("user", { fullName: "Secretary HED" });
  });
  afterAll(() => t.close());

  const taskFor = (holder: Account, subject: string) =>
    createTaskAs(t, admin.cookie, {
      subject,
      assignedTo: holder.id,
      assignDate: "2026-11-25",
      dueDate: "2026-12-10",
    });
  const post = (cookie: string, id: string, action: string, json: unknown = {}) =>
    t.request(`/api/tasks/${id}/${action}`, { method: "POST", cookie, json });
  async function custodyOf(id: string) {
    const res = await t.request(`/api/tasks/${id}/movement`, { cookie: admin.cookie });
    return (await res.json()) as TaskMovement;
  }
  async function noticeKinds(person: Account) {
    const res = await t.request("/api/notifications", { cookie: person.cookie });
    const page = (await res.json()) as { notifications: { kind: string }[] };
    return page.notifications.map((notice) => notice.kind);
  }

  it("refuses a route for necessary action, one naming a person twice or one who takes no tasks", async () => {
    const id = await taskFor(so, "A route refused");
    for (const [json, status] of [
      [{ to: ds.id, purpose: "action", route: [as.id] }, 400],
      [{ to: ds.id, purpose: "approval", route: [as.id, as.id] }, 400],
      [{ to: ds.id, purpose: "approval", route: [ds.id] }, 400],
      [{ to: ds.id, purpose: "approval", route: [so.id] }, 400],
      [{ to: ds.id, purpose: "approval", route: [head.id] }, 400],
      [{ to: ds.id, purpose: "approval", route: "as" }, 400],
      [{ to: ds.id, purpose: "approval", route: Array(10).fill(as.id) }, 400],
    ] as const) {
      const res = await post(so.cookie, id, "mark", json);
      expect(res.status, JSON.stringify(json)).toBe(status);
    }
    expect((await custodyOf(id)).markings).toHaveLength(1);
  });

  it("moves up step by step as each approves, and the final word comes back to the issuer", async () => {
    const id = await taskFor(so, "Regularisation of contract lecturers");
    const marked = await post(so.cookie, id, "mark", {
      to: ds.id,
      purpose: "approval",
      remark: "Note put up for approval",
      route: [as.id, secretary.id],
    });
    expect(marked.status, await marked.clone().text()).toBe(200);
    expect((await custodyOf(id)).markings.at(-1)?.route.map((step) => step.name)).toEqual([
      "Additional Secretary Colleges",
      "Secretary HED",
    ]);
    // Before it reaches the Additional Secretary, it is not theirs to read, let alone answer.
    expect((await post(as.cookie, id, "answer", { outcome: "approved" })).status).toBe(404);
    expect((await post(ds.cookie, id, "answer", { outcome: "approved" })).status).toBe(200);
    expect((await custodyOf(id)).custody).toMatchObject({
      holderId: as.id,
      purpose: "approval",
      markedBy: so.id,
    });
    const changes = await post(as.cookie, id, "answer", {
      outcome: "approved_with_changes",
      remark: "Limit it to this session",
    });
    expect(changes.status).toBe(200);
    expect((await custodyOf(id)).custody.holderId).toBe(secretary.id);
    expect((await post(secretary.cookie, id, "answer", { outcome: "approved" })).status).toBe(200);
    const { custody, markings } = await custodyOf(id);
    expect(custody).toMatchObject({ holderId: so.id, purpose: "action", markedBy: admin.id });
    expect(markings.map((m) => [m.kind, m.to.name, m.outcome])).toEqual([
      ["assigned", "Section Officer Colleges", null],
      ["marked", "Deputy Secretary Colleges", null],
      ["marked", "Additional Secretary Colleges", "approved"],
      ["marked", "Secretary HED", "approved_with_changes"],
      ["returned", "Section Officer Colleges", "approved"],
    ]);
    // The final word reaches the issuer and the steps it took on the way.
    expect(await noticeKinds(so)).toContain("task_returned");
    expect(await noticeKinds(ds)).toContain("task_returned");
    expect(await noticeKinds(as)).toContain("task_returned");
  });

  it("comes straight back to the issuer when a step returns it with comments", async () => {
    const id = await taskFor(so, "Upgradation of a college library");
    await post(so.cookie, id, "mark", { to: ds.id, purpose: "approval", route: [as.id] });
    const back = await post(ds.cookie, id, "answer", {
      outcome: "returned_with_comments",
      remark: "Cost it first",
    });
    expect(back.status).toBe(200);
    expect((await custodyOf(id)).custody).toMatchObject({ holderId: so.id, purpose: "action" });
  });
});
