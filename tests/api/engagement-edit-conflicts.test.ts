import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  engagementAgendaItems,
  engagementParticipants,
  engagements,
  jobs,
  notifications,
} from "../../src/server/db/schema";
import type { EngagementDetails, EngagementItem } from "../../src/shared/engagements";
import { message } from "../../src/shared/i18n/message";
import { said } from "../../src/shared/i18n/server-instance";
import { createTestApp, type TestApp } from "../helpers/app";

// 05:42 UTC is 10:42 on the office's clock (Asia/Karachi).
const NOW = new Date("2026-11-30T05:42:00Z");
const OUT_OF_DATE = "This form is out of date: reload the page and try again.";
/** A version left out of the save, as a page from before versions sends it. */
const LEFT_OUT = Symbol("left out");
const versionField = (version: unknown) => (version === LEFT_OUT ? {} : { version });

let slot = 0;

describe("an engagement's details, agenda or minutes saved over a newer version", () => {
  let t: TestApp;
  let amina: { id: string; cookie: string };
  let bilal: { id: string; cookie: string };
  let sana: { id: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    amina = await t.signedInAs("admin", { fullName: "Amina Qureshi" });
    bilal = await t.signedInAs("admin", { fullName: "Bilal Ahmed" });
    sana = await t.signedInAs("user", { fullName: "Sana Iqbal" });
  });
  afterAll(() => t.close());

  /** A new engagement with Sana among its participants, each at its own day and hour. */
  async function newEngagement(): Promise<EngagementDetails> {
    slot += 1;
    const res = await t.request("/api/engagements", {
      method: "POST",
      cookie: amina.cookie,
      json: {
        date: `2027-02-${String(1 + (slot % 28)).padStart(2, "0")}`,
        time: `${String(8 + slot).padStart(2, "0")}:00`,
        subject: `Admissions review ${slot}`,
        venue: "Cabinet Room",
        responsibility: "Secretary HED",
        status: "Scheduled",
        participants: [sana.id],
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return open((await res.json()).id);
  }

  /** The engagement's page as an administrator opens it: every form reads its version here. */
  async function open(id: string, cookie = amina.cookie): Promise<EngagementDetails> {
    const res = await t.request(`/api/engagements/${id}`, { cookie });
    expect(res.status).toBe(200);
    return res.json();
  }

  const recordOf = (opened: EngagementDetails) => {
    if (!opened.record) throw new Error("the record is readable by administrators");
    return opened.record;
  };

  /** Edit Engagement's save, as the dialog opened on `opened` sends it with `changes`. */
  const saveDetails = (
    cookie: string,
    opened: EngagementItem,
    changes: Record<string, unknown> = {},
    version: unknown = opened.version,
  ) =>
    t.request(`/api/engagements/${opened.id}`, {
      method: "PUT",
      cookie,
      json: {
        date: opened.date,
        time: opened.time,
        subject: opened.subject,
        venue: opened.venue,
        responsibility: opened.responsibility,
        status: opened.status,
        participants: opened.participants.map((p) => p.id),
        guests: opened.guests,
        followUpOf: opened.followUpOf?.id ?? null,
        ...changes,
        ...versionField(version),
      },
    });

  const saveAgenda = (
    cookie: string,
    opened: EngagementDetails,
    titles: string[],
    version: unknown = recordOf(opened).agendaVersion,
  ) =>
    t.request(`/api/engagements/${opened.id}/agenda`, {
      method: "PUT",
      cookie,
      json: { items: titles.map((title) => ({ title, presenter: "" })), ...versionField(version) },
    });

  const saveMinutes = (
    cookie: string,
    opened: EngagementDetails,
    minutes: string,
    version: unknown = recordOf(opened).minutesVersion,
  ) =>
    t.request(`/api/engagements/${opened.id}/minutes`, {
      method: "PUT",
      cookie,
      json: { minutes, ...versionField(version) },
    });

  /** Everything a save may write: the row, its agenda, its people, its trail, notices, mail. */
  async function everything(id: string) {
    const [row] = await t.db.select().from(engagements).where(eq(engagements.id, id));
    const agenda = await t.db
      .select()
      .from(engagementAgendaItems)
      .where(eq(engagementAgendaItems.engagementId, id))
      .orderBy(asc(engagementAgendaItems.position));
    const people = await t.db
      .select()
      .from(engagementParticipants)
      .where(eq(engagementParticipants.engagementId, id));
    const [audit] = await t.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, "engagement"), eq(auditEvents.entityId, id)));
    const [notices] = await t.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.entityId, id));
    const [queued] = await t.db.select({ n: count() }).from(jobs);
    return { row, agenda, people, audit: audit.n, notices: notices.n, jobs: queued.n };
  }

  const conflictOf = async (res: Response) => {
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.error.code).toBe("CONFLICT");
    return body.error.message as string;
  };

  it("refuses a details edit opened before another admin's, naming them and the time, and writes nothing", async () => {
    const opened = await newEngagement();
    expect(opened.version).toBe(1);
    const first = await saveDetails(amina.cookie, opened, { venue: "CS Office" });
    expect(first.status).toBe(200);
    expect(((await first.json()) as EngagementItem).version).toBe(2);
    const before = await everything(opened.id);

    // Bilal opened Edit before Amina saved: his form still holds the old venue and time, which
    // would move the meeting back and tell Sana of a change.
    const stale = await saveDetails(bilal.cookie, opened, { time: "16:30" });
    expect(await conflictOf(stale)).toBe(
      "This engagement was changed by Amina Qureshi at 10:42 while you were editing.",
    );
    expect(await everything(opened.id)).toEqual(before);
  });

  it("refuses an agenda saved over a newer agenda, naming who saved it, and writes nothing", async () => {
    const opened = await newEngagement();
    expect(recordOf(opened).agendaVersion).toBe(1);
    const first = await saveAgenda(amina.cookie, opened, ["Fee structure"]);
    expect(first.status).toBe(200);
    expect(recordOf(await first.json()).agendaVersion).toBe(2);
    const before = await everything(opened.id);

    const stale = await saveAgenda(bilal.cookie, opened, ["Hostel allotments"]);
    expect(await conflictOf(stale)).toBe(
      "The agenda was changed by Amina Qureshi at 10:42 while you were editing it.",
    );
    expect(await everything(opened.id)).toEqual(before);
    expect((await everything(opened.id)).agenda.map((item) => item.title)).toEqual([
      "Fee structure",
    ]);
  });

  it("refuses minutes saved over newer minutes, naming who saved them, and writes nothing", async () => {
    const opened = await newEngagement();
    expect(recordOf(opened).minutesVersion).toBe(1);
    const first = await saveMinutes(amina.cookie, opened, "<p>Fees stay as they are.</p>");
    expect(first.status).toBe(200);
    expect(recordOf(await first.json()).minutesVersion).toBe(2);
    const before = await everything(opened.id);

    const stale = await saveMinutes(bilal.cookie, opened, "<p>Would wipe Amina's minutes.</p>");
    expect(await conflictOf(stale)).toBe(
      "The minutes were changed by Amina Qureshi at 10:42 while you were writing.",
    );
    expect(await everything(opened.id)).toEqual(before);
    expect(before.row.minutes).toBe("<p>Fees stay as they are.</p>");
  });

  it("saves each part opened on its current version, and the next save goes on from the answer", async () => {
    const opened = await newEngagement();
    const details = await saveDetails(bilal.cookie, opened, { subject: "Fee review" });
    expect(details.status).toBe(200);
    const edited: EngagementItem = await details.json();
    expect(edited.subject).toBe("Fee review");
    const again = await saveDetails(bilal.cookie, edited, { subject: "Fee review, second" });
    expect(again.status).toBe(200);

    const agenda = await saveAgenda(bilal.cookie, opened, ["One"]);
    expect(agenda.status).toBe(200);
    const withAgenda: EngagementDetails = await agenda.json();
    expect((await saveAgenda(bilal.cookie, withAgenda, ["One", "Two"])).status).toBe(200);

    const minutes = await saveMinutes(bilal.cookie, opened, "<p>First.</p>");
    expect(minutes.status).toBe(200);
    const withMinutes: EngagementDetails = await minutes.json();
    expect((await saveMinutes(bilal.cookie, withMinutes, "<p>Second.</p>")).status).toBe(200);

    const now = recordOf(await open(opened.id));
    expect(now.agenda.map((item) => item.title)).toEqual(["One", "Two"]);
    expect(now.minutes).toBe("<p>Second.</p>");
  });

  it("keeps the three parts apart: an agenda or minutes save leaves an open details edit current, and the reverse", async () => {
    const opened = await newEngagement();
    expect((await saveAgenda(amina.cookie, opened, ["Budget"])).status).toBe(200);
    expect((await saveMinutes(amina.cookie, opened, "<p>Agreed.</p>")).status).toBe(200);
    // Bilal's Edit Engagement, opened before both, still saves.
    const details = await saveDetails(bilal.cookie, opened, { subject: "Budget meeting" });
    expect(details.status, await details.clone().text()).toBe(200);

    // And an agenda and minutes opened before a details edit still save after it.
    const current = await open(opened.id);
    expect(current.version).toBe(2);
    expect(recordOf(current)).toMatchObject({ agendaVersion: 2, minutesVersion: 2 });
    expect((await saveDetails(amina.cookie, current, { venue: "CS Office" })).status).toBe(200);
    expect((await saveAgenda(bilal.cookie, current, ["Budget", "Posts"])).status).toBe(200);
    // The minutes were opened before that agenda save too: still current.
    expect((await saveMinutes(bilal.cookie, current, "<p>Agreed, with posts.</p>")).status).toBe(
      200,
    );
    const after = await open(opened.id);
    expect(after.version).toBe(3);
    expect(recordOf(after)).toMatchObject({
      agenda: [
        expect.objectContaining({ title: "Budget" }),
        expect.objectContaining({ title: "Posts" }),
      ],
      agendaVersion: 3,
      minutes: "<p>Agreed, with posts.</p>",
      minutesVersion: 3,
    });
  });

  it("names the last writer of the refused part, not of another part saved after it", async () => {
    const opened = await newEngagement();
    expect((await saveAgenda(amina.cookie, opened, ["Syllabus"])).status).toBe(200);
    // Bilal edits the details afterwards: the latest entry in the engagement's trail is his.
    expect((await saveDetails(bilal.cookie, opened, { subject: "Syllabus meeting" })).status).toBe(
      200,
    );
    const stale = await saveAgenda(bilal.cookie, opened, ["Syllabus", "Exams"]);
    expect(await conflictOf(stale)).toBe(
      "The agenda was changed by Amina Qureshi at 10:42 while you were editing it.",
    );
  });

  it("answers in the caller's language", async () => {
    const urdu = await t.signedInAs("admin", { fullName: "Bushra Khan" });
    const chosen = await t.request("/api/me/language", {
      method: "PUT",
      cookie: urdu.cookie,
      json: { language: "ur" },
    });
    expect(chosen.status).toBe(200);
    const opened = await newEngagement();
    expect((await saveDetails(amina.cookie, opened, { subject: "Revised" })).status).toBe(200);
    expect((await saveAgenda(amina.cookie, opened, ["Fees"])).status).toBe(200);
    expect((await saveMinutes(amina.cookie, opened, "<p>Noted.</p>")).status).toBe(200);
    const values = { name: "Amina Qureshi", time: "10:42" };
    expect(await conflictOf(await saveDetails(urdu.cookie, opened))).toBe(
      said(message("engagements:conflict.changedBy", values), "ur"),
    );
    expect(await conflictOf(await saveAgenda(urdu.cookie, opened, ["x"]))).toBe(
      said(message("engagements:conflict.agendaChangedBy", values), "ur"),
    );
    expect(await conflictOf(await saveMinutes(urdu.cookie, opened, "<p>x</p>"))).toBe(
      said(message("engagements:conflict.minutesChangedBy", values), "ur"),
    );
  });

  it("lets exactly one of two saves sent at once on the same version through", async () => {
    const opened = await newEngagement();
    const details = await Promise.all([
      saveDetails(amina.cookie, opened, { subject: "Amina's subject" }),
      saveDetails(bilal.cookie, opened, { subject: "Bilal's subject" }),
    ]);
    expect(details.map((res) => res.status).sort()).toEqual([200, 409]);
    const agenda = await Promise.all([
      saveAgenda(amina.cookie, opened, ["Amina's item"]),
      saveAgenda(bilal.cookie, opened, ["Bilal's item"]),
    ]);
    expect(agenda.map((res) => res.status).sort()).toEqual([200, 409]);
    const minutes = await Promise.all([
      saveMinutes(amina.cookie, opened, "<p>Amina's minutes</p>"),
      saveMinutes(bilal.cookie, opened, "<p>Bilal's minutes</p>"),
    ]);
    expect(minutes.map((res) => res.status).sort()).toEqual([200, 409]);
    const { row } = await everything(opened.id);
    expect(row).toMatchObject({ version: 2, agendaVersion: 2, minutesVersion: 2 });
  });

  it("leaves the version where it is when a details save changes nothing", async () => {
    const opened = await newEngagement();
    const before = await everything(opened.id);
    const same = await saveDetails(amina.cookie, opened);
    expect(same.status).toBe(200);
    expect(((await same.json()) as EngagementItem).version).toBe(opened.version);
    expect(await everything(opened.id)).toEqual(before);
    // So an edit opened beside it still saves.
    expect((await saveDetails(bilal.cookie, opened, { subject: "Still current" })).status).toBe(
      200,
    );
  });

  it("refuses a save without its version (an old page) with a 400, changing nothing", async () => {
    const opened = await newEngagement();
    const before = await everything(opened.id);
    for (const version of [LEFT_OUT, "", 0, 1.5, "abc"]) {
      for (const res of [
        await saveDetails(amina.cookie, opened, { subject: "No version" }, version),
        await saveAgenda(amina.cookie, opened, ["No version"], version),
        await saveMinutes(amina.cookie, opened, "<p>No version</p>", version),
      ]) {
        expect(res.status, String(version)).toBe(400);
        expect((await res.json()).error.message).toBe(OUT_OF_DATE);
      }
    }
    expect(await everything(opened.id)).toEqual(before);
  });

  it("never asks a version of an append: a new engagement or a new decision", async () => {
    const opened = await newEngagement();
    expect((await saveDetails(amina.cookie, opened, { subject: "Moved on" })).status).toBe(200);
    const decision = await t.request(`/api/engagements/${opened.id}/decisions`, {
      method: "POST",
      cookie: bilal.cookie,
      json: { decisions: [{ description: "Publish the fee schedule", outcome: "noted" }] },
    });
    expect(decision.status, await decision.clone().text()).toBe(201);
    expect((await decision.json()).decisions).toMatchObject([{ version: 1 }]);
    // Recording a decision touches none of the three parts: the forms opened before still save.
    const current = await open(opened.id);
    expect(current.version).toBe(2);
    expect(recordOf(current)).toMatchObject({ agendaVersion: 1, minutesVersion: 1 });
  });
});
