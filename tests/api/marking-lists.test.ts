import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../src/server/db/schema";
import type { MarkingListPage } from "../../src/shared/markings";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTaskAs } from "../helpers/factories";

// "With me" and "Marked by me, pending with others" (issue 36), per role. Organization heads
// neither hold nor mark files, so both lists refuse them (403) rather than show an empty page.

const NOON = new Date("2026-11-25T07:00:00Z");
const LATER = new Date("2026-12-02T07:00:00Z");

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

describe("the marking lists, per role", () => {
  let t: TestApp;
  let now = NOON;
  let admin: Account;
  let head: Account;
  let secretary: Account;
  let deputy: Account;
  let officer: Account;
  let stranger: Account;
  let taskId = "";
  let noteId = "";

  async function createTask(subject: string, assignedTo: string) {
    return createTaskAs(t, admin.cookie, {
      subject,
      assignedTo,
      assignDate: "2026-11-25",
      dueDate: "2026-12-10",
    });
  }
  async function post(cookie: string, id: string, action: string, json: unknown = {}) {
    const res = await t.request(`/api/tasks/${id}/${action}`, { method: "POST", cookie, json });
    expect(res.status, await res.clone().text()).toBe(200);
  }
  async function list(cookie: string, path: string) {
    const res = await t.request(`/api/markings/${path}`, { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as MarkingListPage;
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    admin = await t.signedInAs("admin");
    head = await t.signedInAs("organization_head");
    secretary = await t.signedInAs("user", { fullName: "Secretary HED" });
    deputy = await t.signedInAs("user", { fullName: "Deputy Secretary Admin" });
    officer = await t.signedInAs("user", { fullName: "Section Officer General" });
    stranger = await t.signedInAs("user", { fullName: "Unrelated Clerk" });
    await t.db
      .update(user)
      .set({ designation: "Deputy Secretary (Admin)", designationUr: "ڈپٹی سیکرٹری (ایڈمن)" })
      .where(eq(user.id, deputy.id));
    await t.db
      .update(user)
      .set({ designation: "Section Officer (General)" })
      .where(eq(user.id, officer.id));
    taskId = await createTask("Revision of the college fee structure", secretary.id);
    noteId = await createTask("Circular on admissions", secretary.id);
    await post(secretary.cookie, taskId, "mark", { to: deputy.id, purpose: "comments" });
    await post(deputy.cookie, taskId, "mark", { to: officer.id, purpose: "comments" });
    await post(secretary.cookie, noteId, "mark", { to: officer.id, purpose: "information" });
  });
  afterAll(() => t.close());

  it("asks an anonymous caller to sign in, and refuses organization heads", async () => {
    for (const path of ["with-me", "marked-by-me"]) {
      expect((await t.request(`/api/markings/${path}`, {})).status).toBe(401);
      expect((await t.request(`/api/markings/${path}`, { cookie: head.cookie })).status).toBe(403);
    }
  });

  it("shows the holder what is with them, from whom, by purpose", async () => {
    const page = await list(officer.cookie, "with-me");
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    // Both came at the same (frozen) moment: their order is the task ids'.
    expect(page.items.map((item) => [item.subject, item.purpose, item.person.name]).sort()).toEqual(
      [
        ["Circular on admissions", "information", "Secretary HED"],
        ["Revision of the college fee structure", "comments", "Deputy Secretary Admin"],
      ],
    );
    expect(page.items.find((item) => item.taskId === taskId)).toMatchObject({
      opened: false,
      daysHeld: 0,
      person: { id: deputy.id, designation: "Deputy Secretary (Admin)" },
    });
    const forComments = await list(officer.cookie, "with-me?purpose=comments");
    expect(forComments.items.map((item) => item.taskId)).toEqual([taskId]);
    expect((await list(officer.cookie, "with-me?purpose=approval")).total).toBe(0);
    // Designations come in the reader's own language.
    async function speak(language: "en" | "ur") {
      const res = await t.request("/api/me/language", {
        method: "PUT",
        cookie: officer.cookie,
        json: { language },
      });
      expect(res.status).toBe(200);
    }
    await speak("ur");
    const ur = await list(officer.cookie, "with-me");
    expect(ur.items.find((item) => item.taskId === taskId)?.person.designation).toBe(
      "ڈپٹی سیکرٹری (ایڈمن)",
    );
    await speak("en");
  });

  it("refuses a purpose or page that is not one", async () => {
    for (const query of ["with-me?purpose=lunch", "with-me?page=0", "marked-by-me?page=x"]) {
      const res = await t.request(`/api/markings/${query}`, { cookie: officer.cookie });
      expect(res.status, query).toBe(400);
    }
  });

  it("shows the sender what is pending with others, with whom and for how many working days", async () => {
    now = LATER;
    const page = await list(deputy.cookie, "marked-by-me");
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      taskId,
      purpose: "comments",
      person: { id: officer.id, name: "Section Officer General" },
      opened: false,
    });
    // Wednesday to the next Wednesday: five working days (Saturday and Sunday are off).
    expect(page.items[0].daysHeld).toBe(5);
    await post(officer.cookie, taskId, "open");
    expect((await list(deputy.cookie, "marked-by-me")).items[0].opened).toBe(true);
    // The one who marked last waits for it; the secretary's marking now answers to the deputy.
    expect((await list(secretary.cookie, "marked-by-me")).items.map((item) => item.taskId)).toEqual(
      [noteId],
    );
  });

  it("shows another user nothing of files they never held", async () => {
    expect((await list(stranger.cookie, "with-me")).total).toBe(0);
    expect((await list(stranger.cookie, "marked-by-me")).total).toBe(0);
  });

  it("shows an admin what they gave others until it moves on, and holds nothing for them", async () => {
    const given = await createTask("Audit para 12", stranger.id);
    const marked = await list(admin.cookie, "marked-by-me");
    expect(marked.items.map((item) => [item.taskId, item.person.name])).toEqual([
      [given, "Unrelated Clerk"],
    ]);
    expect((await list(admin.cookie, "with-me")).total).toBe(0);
  });

  it("drops what is answered or closed, and moves it to the one it came back to", async () => {
    await post(officer.cookie, noteId, "close-as-seen");
    await post(officer.cookie, taskId, "answer", { outcome: "returned_with_comments" });
    expect((await list(officer.cookie, "with-me")).total).toBe(0);
    expect((await list(deputy.cookie, "marked-by-me")).total).toBe(0);
    const back = await list(deputy.cookie, "with-me");
    expect(back.items.map((item) => [item.taskId, item.person.name])).toEqual([
      [taskId, "Section Officer General"],
    ]);
    expect((await list(secretary.cookie, "marked-by-me")).items.map((i) => i.taskId)).toEqual([
      taskId,
    ]);
  });
});
