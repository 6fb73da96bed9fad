import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "../../src/server/audit/record";
import { taskMarkings, tasks, user } from "../../src/server/db/schema";
import type { MarkPurpose } from "../../src/shared/dak";
import type { MarkingKind, MarkingOutcome } from "../../src/shared/markings";
import type { NoteSheet, NoteSheetVerification } from "../../src/shared/notesheet";
import { createTestApp, type TestApp } from "../helpers/app";
import { makeTask } from "../helpers/factories";

// A task's note sheet (issue 36): its movement and progress thread as numbered paragraphs, with
// a code naming the audit trail's row for the task and a digest of the paragraphs then; and the
// check of a printout's code at /api/verify/:code, per role, on both engines.

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

const ACTION_OF: Record<MarkingKind, "created" | "marked" | "returned" | "pulled_back"> = {
  assigned: "created",
  marked: "marked",
  returned: "returned",
  pulled_back: "pulled_back",
};

describe("the note sheet and the check of its printout", () => {
  let t: TestApp;
  // Each step a minute after the last, so each paragraph has its own time.
  let now = new Date("2026-11-25T05:00:00Z");
  const tick = () => {
    now = new Date(now.getTime() + 60_000);
    return now;
  };
  let admin: Account;
  let head: Account;
  let officer: Account;
  let deputy: Account;
  let assistant: Account;
  let stranger: Account;
  let taskId = "";
  let restrictedId = "";
  let firstSheet: NoteSheet;

  const name = (account: Account) => `Test ${account.userId}`;

  /**
   * A holding of the task, as the marking service records it: the holding now ends (with the
   * reason of a pull back), the new one begins, the task moves to its holder, and the trail
   * gets the task's row, all at one time in one transaction.
   */
  async function hold(
    id: string,
    holding: {
      kind: MarkingKind;
      from: Account;
      to: Account;
      purpose?: MarkPurpose;
      remark?: string;
      outcome?: MarkingOutcome;
      pullBackReason?: string;
    },
  ) {
    const at = tick();
    await t.db.transaction(async (tx) => {
      await tx
        .update(taskMarkings)
        .set({ endedAt: at, pullBackReason: holding.pullBackReason ?? null })
        .where(and(eq(taskMarkings.taskId, id), isNull(taskMarkings.endedAt)));
      await tx.insert(taskMarkings).values({
        taskId: id,
        kind: holding.kind,
        fromId: holding.from.id,
        fromName: name(holding.from),
        toId: holding.to.id,
        toName: name(holding.to),
        purpose: holding.purpose ?? "action",
        issuerId: holding.from.id,
        remark: holding.remark ?? null,
        outcome: holding.outcome ?? null,
        markedAt: at,
      });
      await tx.update(tasks).set({ assignedTo: holding.to.id }).where(eq(tasks.id, id));
      await recordAudit(tx, at, [
        {
          actor: { id: holding.from.id, name: name(holding.from) },
          entity: "task",
          entityId: id,
          action: ACTION_OF[holding.kind],
          changes: { assignedTo: { before: holding.from.id, after: holding.to.id } },
        },
      ]);
    });
  }

  /** The holder's progress update, through the route (a thread entry and its audit row). */
  async function report(id: string, account: Account, remarks: string) {
    tick();
    const res = await t.request(`/api/tasks/${id}/remarks`, {
      method: "PUT",
      cookie: account.cookie,
      json: { remarks },
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  async function noteSheetOf(id: string, account: Account, language = "en") {
    return t.request(`/api/tasks/${id}/note-sheet`, {
      cookie: account.cookie,
      headers: { "Accept-Language": language },
    });
  }

  async function sheet(id: string, account: Account, language = "en"): Promise<NoteSheet> {
    const res = await noteSheetOf(id, account, language);
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json();
  }

  async function verify(code: string, account: Account): Promise<NoteSheetVerification> {
    const res = await t.request(`/api/verify/${code}`, { cookie: account.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json();
  }

  /** The code with one part replaced: a printout whose paragraphs or hash were changed. */
  function withPart(code: string, part: "hash" | "digest", value: string): string {
    const [position, hash, digest] = [
      code.slice(0, code.indexOf("-")),
      code.slice(code.indexOf("-") + 1, code.indexOf("-") + 65),
      code.slice(code.indexOf("-") + 66),
    ];
    return part === "hash" ? `${position}-${value}-${digest}` : `${position}-${hash}-${value}`;
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now, runJobs: false });
    admin = await t.signedInAs("admin");
    head = await t.signedInAs("organization_head");
    officer = await t.signedInAs("user");
    deputy = await t.signedInAs("user");
    assistant = await t.signedInAs("user");
    stranger = await t.signedInAs("user");
    await t.db
      .update(user)
      .set({ designation: "Section Officer (General)", designationUr: "سیکشن آفیسر (جنرل)" })
      .where(eq(user.id, officer.id));
    // No Urdu designation: Urdu pages show the English one.
    await t.db
      .update(user)
      .set({ designation: "Deputy Secretary (Admin)" })
      .where(eq(user.id, deputy.id));

    // Assigned to the officer, who reports, marks it up for approval and gets it back approved
    // with changes; then marks it for comments and pulls it back before it is opened.
    const task = await makeTask(t.db, {
      assignedTo: admin.id,
      createdBy: admin.id,
      subject: "Revision of the college fee structure",
    });
    taskId = task.id;
    await hold(taskId, { kind: "assigned", from: admin, to: officer, remark: "Please examine" });
    await report(taskId, officer, "Examined; the draft notification is placed below.");
    await hold(taskId, {
      kind: "marked",
      from: officer,
      to: deputy,
      purpose: "approval",
      remark: "Submitted for approval.",
    });
    await hold(taskId, {
      kind: "returned",
      from: deputy,
      to: officer,
      purpose: "approval",
      outcome: "approved_with_changes",
      remark: "Approved, with the fee for evening classes kept as it is.",
    });
    await hold(taskId, { kind: "marked", from: officer, to: assistant, purpose: "comments" });
    await hold(taskId, {
      kind: "pulled_back",
      from: assistant,
      to: officer,
      purpose: "action",
      pullBackReason: "Marked by mistake",
    });

    // A restricted task (from a Confidential receipt): only its holder and admins read it.
    const restricted = await makeTask(t.db, { assignedTo: admin.id, createdBy: admin.id });
    restrictedId = restricted.id;
    await t.db.update(tasks).set({ restricted: true }).where(eq(tasks.id, restrictedId));
    await hold(restrictedId, { kind: "assigned", from: admin, to: officer });

    firstSheet = await sheet(taskId, officer);
  });

  afterAll(async () => {
    await t?.close();
  });

  it("numbers the movement and the thread's paragraphs in time order, each with name, designation and date", () => {
    expect(firstSheet.heading).toMatchObject({
      taskId,
      subject: "Revision of the college fee structure",
      diaryNumber: null,
      assignDate: "2026-11-01",
      dueDate: "2026-12-01",
    });
    const officerBy = { name: name(officer), designation: "Section Officer (General)" };
    expect(firstSheet.paragraphs).toEqual([
      {
        number: 1,
        kind: "assigned",
        at: expect.any(String),
        by: { name: name(admin), designation: null },
        to: name(officer),
        purpose: "action",
        remark: "Please examine",
      },
      {
        number: 2,
        kind: "progress",
        at: expect.any(String),
        by: officerBy,
        body: "Examined; the draft notification is placed below.",
      },
      {
        number: 3,
        kind: "marked",
        at: expect.any(String),
        by: officerBy,
        to: name(deputy),
        purpose: "approval",
        remark: "Submitted for approval.",
      },
      {
        number: 4,
        kind: "returned",
        at: expect.any(String),
        by: { name: name(deputy), designation: "Deputy Secretary (Admin)" },
        to: name(officer),
        outcome: "approved_with_changes",
        remark: "Approved, with the fee for evening classes kept as it is.",
      },
      {
        number: 5,
        kind: "marked",
        at: expect.any(String),
        by: officerBy,
        to: name(assistant),
        purpose: "comments",
        remark: null,
      },
      {
        number: 6,
        kind: "pulled_back",
        at: expect.any(String),
        by: officerBy,
        from: name(assistant),
        reason: "Marked by mistake",
      },
    ]);
    const times = firstSheet.paragraphs.map((paragraph) => paragraph.at);
    expect([...times].sort()).toEqual(times);
    expect(firstSheet.code).toMatch(/^[1-9][0-9]*-[0-9a-f]{64}-[A-Za-z0-9_-]{16}$/);
  });

  it("gives designations in Urdu on Urdu pages, the English one where there is no Urdu", async () => {
    const urdu = await sheet(taskId, officer, "ur");
    expect(urdu.paragraphs[1].by.designation).toBe("سیکشن آفیسر (جنرل)");
    expect(urdu.paragraphs[3].by.designation).toBe("Deputy Secretary (Admin)");
    // The code does not depend on the reader's language.
    expect(urdu.code).toBe(firstSheet.code);
  });

  it("answers 401 to anonymous callers", async () => {
    expect((await t.request(`/api/tasks/${taskId}/note-sheet`)).status).toBe(401);
    expect((await t.request(`/api/verify/${firstSheet.code}`)).status).toBe(401);
  });

  it("the holder's code verifies, with the paragraphs as recorded", async () => {
    const answer = await verify(firstSheet.code ?? "", officer);
    expect(answer).toMatchObject({ matches: true, reason: null, heading: firstSheet.heading });
    expect(answer.paragraphs).toEqual(firstSheet.paragraphs);
  });

  it("an administrator and an organization head read the note sheet of a task that is not restricted", async () => {
    expect((await sheet(taskId, admin)).code).toBe(firstSheet.code);
    expect((await sheet(taskId, head)).code).toBe(firstSheet.code);
    expect((await verify(firstSheet.code ?? "", head)).matches).toBe(true);
    expect((await verify(firstSheet.code ?? "", admin)).matches).toBe(true);
  });

  it("another user's task is not found, its note sheet and its code alike", async () => {
    const res = await noteSheetOf(taskId, stranger);
    expect(res.status).toBe(404);
    const check = await t.request(`/api/verify/${firstSheet.code}`, { cookie: stranger.cookie });
    expect(check.status).toBe(404);
  });

  it("a restricted task's note sheet is hidden from organization heads, not from its holder or admins", async () => {
    const held = await sheet(restrictedId, officer);
    expect((await sheet(restrictedId, admin)).code).toBe(held.code);
    expect((await noteSheetOf(restrictedId, head)).status).toBe(404);
    const check = await t.request(`/api/verify/${held.code}`, { cookie: head.cookie });
    expect(check.status).toBe(404);
    expect((await verify(held.code ?? "", admin)).matches).toBe(true);
  });

  it("a tampered paragraph (another digest) does not verify", async () => {
    const code = firstSheet.code ?? "";
    const digest = code.slice(-16);
    const other = `${digest[0] === "A" ? "B" : "A"}${digest.slice(1)}`;
    const answer = await verify(withPart(code, "digest", other), officer);
    expect(answer).toMatchObject({ matches: false, reason: "content_differs" });
    expect(answer.paragraphs).toEqual(firstSheet.paragraphs);
  });

  it("a forged hash does not verify", async () => {
    const answer = await verify(withPart(firstSheet.code ?? "", "hash", "f".repeat(64)), officer);
    expect(answer).toMatchObject({ matches: false, reason: "hash_differs" });
  });

  it("a position with no task's record is unknown", async () => {
    const code = firstSheet.code ?? "";
    const answer = await verify(`9${"0".repeat(12)}${code.slice(code.indexOf("-"))}`, officer);
    expect(answer).toEqual({
      matches: false,
      reason: "unknown_position",
      position: 9e12,
      recordedAt: null,
      heading: null,
      paragraphs: [],
    });
  });

  it("refuses what is not a code with 400 and a message", async () => {
    const code = firstSheet.code ?? "";
    for (const garbage of [
      "x",
      "12",
      "not-a-code",
      `0${code.slice(code.indexOf("-"))}`,
      `${code}A`,
      code.toUpperCase(),
      `1${"0".repeat(20)}${code.slice(code.indexOf("-"))}`,
      encodeURIComponent(`${code}'; drop table tasks;--`),
      "%E2%80%AE",
    ]) {
      const res = await t.request(`/api/verify/${garbage}`, { cookie: officer.cookie });
      expect(res.status, garbage).toBe(400);
      expect(await res.json()).toEqual({
        error: {
          code: "VALIDATION",
          message:
            "This is not a note sheet's verification code: check that the whole address was scanned or typed",
        },
      });
    }
  });

  it("after a new paragraph the old code still verifies against its position, and the new one too", async () => {
    await report(taskId, officer, "The revised notification is placed below for issue.");
    const later = await sheet(taskId, officer);
    expect(later.paragraphs).toHaveLength(7);
    expect(later.paragraphs[6]).toMatchObject({ number: 7, kind: "progress" });
    expect(later.code).not.toBe(firstSheet.code);
    const old = await verify(firstSheet.code ?? "", officer);
    expect(old).toMatchObject({ matches: true, reason: null });
    expect(old.paragraphs).toEqual(firstSheet.paragraphs);
    expect((await verify(later.code ?? "", officer)).matches).toBe(true);
  });

  it("a task with no record in the trail yet prints without a code", async () => {
    const untracked = await makeTask(t.db, { assignedTo: officer.id });
    expect((await sheet(untracked.id, officer)).code).toBeNull();
  });

  it("a record changed behind the append-only trigger's back breaks the check", async () => {
    const code = firstSheet.code ?? "";
    const position = Number(code.slice(0, code.indexOf("-")));
    await t.db.execute(sql`alter table audit_events disable trigger audit_events_no_update`);
    await t.db.execute(
      sql`update audit_events set changes = '{"assignedTo":{"before":null,"after":"forged"}}' where id = ${position}`,
    );
    await t.db.execute(sql`alter table audit_events enable trigger audit_events_no_update`);
    expect(await verify(code, officer)).toMatchObject({ matches: false, reason: "trail_broken" });
  });
});
