import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskMovement } from "../../src/shared/markings";
import { createTestApp, type TestApp } from "../helpers/app";
import { formOf } from "../helpers/factories";

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
    const res = await t.request("/api/tasks", {
      method: "POST",
      cookie: admin.cookie,
      body: formOf({
        subject: "Revision of the college fee structure",
        assignedTo: secretary.id,
        assignDate: "2026-11-25",
        dueDate: "2026-12-10",
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    taskId = ((await res.json()) as { id: string }).id;
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
