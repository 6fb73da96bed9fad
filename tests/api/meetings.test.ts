import { and, desc, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  engagementAgendaItems,
  engagementDecisions,
  engagements,
} from "../../src/server/db/schema";
import type { DomainEvent } from "../../src/server/events/bus";
import { addDays, formatDisplayDate } from "../../src/shared/dates";
import {
  ENGAGEMENT_MESSAGES,
  type EngagementDetails,
  type EngagementItem,
  type EngagementList,
  MAX_AGENDA_ITEMS,
  MAX_MINUTES_BYTES,
} from "../../src/shared/engagements";
import { said } from "../../src/shared/i18n/server-instance";
import { createTestApp, type TestApp } from "../helpers/app";
import { engagementVersions } from "../helpers/factories";
import { createFingerprint } from "../helpers/fingerprint";

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

/** Wednesday 25 November 2026, 10:00 in Karachi. */
const NOW = new Date("2026-11-25T05:00:00Z");

/** Tables a refused request may still touch: none of the meeting's own. */
const VOLATILE = ["sign_in_failures", "session"];

let slot = 0;
/**
 * An engagement's fields, each call at its own hour of its own day unless told otherwise, so
 * tests clash only where they mean to.
 */
function meeting(fields: Record<string, unknown> = {}) {
  slot += 1;
  return {
    date: `2027-01-${String(1 + (slot % 28)).padStart(2, "0")}`,
    time: `${String(6 + Math.floor(slot / 28)).padStart(2, "0")}:00`,
    subject: `Meeting ${slot}`,
    venue: "Cabinet Room",
    responsibility: "Secretary HED",
    status: "Scheduled",
    ...fields,
  };
}

describe("meetings: agenda, minutes, participants and postponement", () => {
  let t: TestApp;
  let admin: Account;
  let head: Account;
  let participant: Account;
  let stranger: Account;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    admin = await t.signedInAs("admin");
    head = await t.signedInAs("organization_head");
    participant = await t.signedInAs("user");
    stranger = await t.signedInAs("user");
  });
  afterAll(() => t.close());

  const nameOf = (account: Account) => `Test ${account.userId}`;

  async function create(fields: Record<string, unknown> = {}): Promise<EngagementItem> {
    const res = await t.request("/api/engagements", {
      method: "POST",
      cookie: admin.cookie,
      json: meeting(fields),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return res.json();
  }

  /**
   * The versions an editor opened now would send back (engagementVersions); an engagement
   * that does not exist has none, so the refusals after the version check are what is tested.
   */
  const versionsOf = (id: string) =>
    engagementVersions(t, admin.cookie, id).catch(() => ({ version: 1, agenda: 1, minutes: 1 }));

  /** PUT of `made` with `fields` changed, as the edit dialog sends it. */
  const edit = async (
    made: EngagementItem,
    fields: Record<string, unknown>,
    cookie = admin.cookie,
  ) =>
    t.request(`/api/engagements/${made.id}`, {
      method: "PUT",
      cookie,
      json: {
        version: (await versionsOf(made.id)).version,
        date: made.date,
        time: made.time,
        subject: made.subject,
        venue: made.venue,
        responsibility: made.responsibility,
        status: made.status,
        participants: made.participants.map((p) => p.id),
        guests: made.guests,
        followUpOf: made.followUpOf?.id ?? null,
        ...fields,
      },
    });

  const details = async (id: string, cookie = admin.cookie): Promise<EngagementDetails> => {
    const res = await t.request(`/api/engagements/${id}`, { cookie });
    expect(res.status).toBe(200);
    return res.json();
  };
  /** `cookie` null: nobody signed in. */
  const putAgenda = async (id: string, items: unknown, cookie: string | null = admin.cookie) =>
    t.request(`/api/engagements/${id}/agenda`, {
      method: "PUT",
      cookie: cookie ?? undefined,
      json: { items, version: (await versionsOf(id)).agenda },
    });
  const putMinutes = async (id: string, minutes: unknown, cookie: string | null = admin.cookie) =>
    t.request(`/api/engagements/${id}/minutes`, {
      method: "PUT",
      cookie: cookie ?? undefined,
      json: { minutes, version: (await versionsOf(id)).minutes },
    });
  const stored = async (id: string) =>
    (await t.db.select().from(engagements).where(eq(engagements.id, id)))[0];
  const lastAudit = async (id: string) =>
    (
      await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, "engagement"), eq(auditEvents.entityId, id)))
        .orderBy(desc(auditEvents.id))
        .limit(1)
    )[0];
  const errorOf = async (res: Response) => (await res.json()).error;

  describe("who may do what", () => {
    it("only admins write the agenda and the minutes: anonymous 401, everyone else 403", async () => {
      const made = await create({ participants: [participant.id] });
      for (const [cookie, status] of [
        [null, 401],
        [stranger.cookie, 403],
        [participant.cookie, 403],
        [head.cookie, 403],
        [admin.cookie, 200],
      ] as const) {
        const who = cookie ? `${status}` : "anonymous";
        expect((await putAgenda(made.id, [{ title: "Opening" }], cookie)).status, who).toBe(status);
        expect((await putMinutes(made.id, "<p>Noted.</p>", cookie)).status, who).toBe(status);
      }
      expect((await t.request(`/api/engagements/${made.id}`)).status).toBe(401);
    });

    it("shows the record to admins, heads and participants; another user sees the chart's fields only", async () => {
      const made = await create({ participants: [participant.id] });
      await putAgenda(made.id, [{ title: "Budget 2027", presenter: "Director Finance" }]);
      await putMinutes(made.id, "<p>Agreed.</p>");

      const asAdmin = await details(made.id, admin.cookie);
      expect(asAdmin.record?.agenda.map((item) => item.title)).toEqual(["Budget 2027"]);
      expect(asAdmin.record?.minutes).toBe("<p>Agreed.</p>");
      expect(asAdmin.record?.compliance).toMatchObject({ actionable: 0, rate: null });
      expect(asAdmin.can).toEqual({ edit: true, delete: true, record: true, seeCompliance: true });

      const asHead = await details(made.id, head.cookie);
      expect(asHead.record?.minutes).toBe("<p>Agreed.</p>");
      expect(asHead.record?.compliance).not.toBeNull();
      expect(asHead.can).toEqual({
        edit: false,
        delete: false,
        record: false,
        seeCompliance: true,
      });

      const asParticipant = await details(made.id, participant.cookie);
      expect(asParticipant.record?.agenda).toHaveLength(1);
      expect(asParticipant.record?.compliance).toBeNull();

      const asStranger = await details(made.id, stranger.cookie);
      expect(asStranger.record).toBeNull();
      expect(asStranger.subject).toBe(made.subject);

      // The list stays the chart's fields.
      const list: EngagementList = await (
        await t.request(`/api/engagements?range=all&date=${made.date}`, { cookie: admin.cookie })
      ).json();
      const listed = list.engagements.find((e) => e.id === made.id);
      expect(listed).toBeDefined();
      expect(listed).not.toHaveProperty("record");
      expect(listed).not.toHaveProperty("minutes");
      expect(listed).not.toHaveProperty("agenda");
    });
  });

  describe("participants, guests and the meeting followed up", () => {
    it("fills an empty In Attendance with the participants' and guests' names", async () => {
      const made = await create({
        responsibility: "",
        participants: [participant.id, stranger.id],
        guests: ["Dr. Amina (VC, GCU)", "Mr. Bilal"],
      });
      expect(made.responsibility).toBe(
        `${nameOf(participant)}, ${nameOf(stranger)}, Dr. Amina (VC, GCU), Mr. Bilal`,
      );
      expect(made.guests).toEqual(["Dr. Amina (VC, GCU)", "Mr. Bilal"]);
      // Text given is kept as given.
      const kept = await create({ responsibility: "Secretary HED", guests: ["Mr. Bilal"] });
      expect(kept.responsibility).toBe("Secretary HED");
      // Many names: cut to what the form takes, so the text can be saved back as it is.
      const many = await create({
        responsibility: "",
        guests: Array.from({ length: 60 }, (_, i) => `Principal, College ${i + 1}`),
      });
      expect(many.responsibility).toHaveLength(500);
      expect(many.responsibility.endsWith("…")).toBe(true);
      expect((await edit(many, { subject: "Principals' conference" })).status).toBe(200);
      // Nobody at all: still required.
      const res = await t.request("/api/engagements", {
        method: "POST",
        cookie: admin.cookie,
        json: meeting({ responsibility: "" }),
      });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(said(ENGAGEMENT_MESSAGES.required));
    });

    it("links a follow-up to its earlier meeting, shows that meeting's decisions, and refuses loops and later meetings", async () => {
      const first = await create({
        subject: "Quarterly review Q3",
        participants: [participant.id],
      });
      await t.db.insert(engagementDecisions).values([
        { engagementId: first.id, description: "Hostel repairs noted", outcome: "noted" },
        {
          engagementId: first.id,
          description: "Extra posts",
          outcome: "regretted",
          reason: "No budget",
        },
      ]);
      const second = await create({
        subject: "Quarterly review Q4",
        followUpOf: first.id,
        participants: [participant.id],
      });
      const ref = { id: first.id, subject: "Quarterly review Q3", date: first.date };
      expect(second.followUpOf).toEqual(ref);

      const list: EngagementList = await (
        await t.request("/api/engagements?range=all&search=Quarterly", { cookie: stranger.cookie })
      ).json();
      expect(list.engagements.find((e) => e.id === second.id)?.followUpOf).toEqual(ref);
      expect(list.engagements.find((e) => e.id === first.id)?.followUpOf).toBeNull();

      const seen = await details(second.id, participant.cookie);
      expect(seen.record?.previous?.engagement).toEqual(ref);
      expect(seen.record?.previous?.decisions.map((d) => [d.description, d.status])).toEqual([
        ["Hostel repairs noted", "noted"],
        ["Extra posts", "regretted"],
      ]);
      expect(seen.record?.decisions).toEqual([]);
      expect((await details(first.id, head.cookie)).record?.compliance).toMatchObject({
        noted: 1,
        regretted: 1,
        actionable: 0,
      });

      const later = await create({ subject: "Annual review", date: addDays(first.date, 7) });
      const fingerprint = await createFingerprint(t.db, VOLATILE);
      const before = await fingerprint();
      const missing = "00000000-0000-4000-8000-000000000000";
      for (const [made, followUpOf] of [
        [second, later.id], // a meeting a week after it
        [first, second.id], // Q3 would follow Q4, which follows Q3
        [first, first.id], // itself
        [second, missing], // nothing
      ] as const) {
        const res = await edit(made, { followUpOf });
        expect(res.status, followUpOf).toBe(400);
        expect((await errorOf(res)).message).toBe(said(ENGAGEMENT_MESSAGES.invalidFollowUp));
      }
      for (const followUpOf of [missing, "not-an-id"]) {
        const res = await t.request("/api/engagements", {
          method: "POST",
          cookie: admin.cookie,
          json: meeting({ followUpOf }),
        });
        expect(res.status).toBe(400);
        expect((await errorOf(res)).message).toBe(said(ENGAGEMENT_MESSAGES.invalidFollowUp));
      }
      expect(await fingerprint()).toEqual(before);

      // A longer loop is refused too: Q5 follows Q4 follows Q3; Q3 may not follow Q5.
      const third = await create({ followUpOf: second.id });
      expect((await edit(first, { followUpOf: third.id })).status).toBe(400);
      // Unlinking is fine.
      const unlinked = await edit(second, { followUpOf: null });
      expect(unlinked.status).toBe(200);
      expect((await unlinked.json()).followUpOf).toBeNull();
    });
  });

  describe("postponement and cancellation", () => {
    it("asks for the reason, keeps the first date, and records the reason in the trail", async () => {
      const made = await create({ date: "2026-11-24", time: "09:00", subject: "Minister's visit" });
      const fingerprint = await createFingerprint(t.db, VOLATILE);
      const before = await fingerprint();
      for (const statusReason of [undefined, null, "", "   "]) {
        const res = await edit(made, { status: "Postponed", date: "2026-12-01", statusReason });
        expect(res.status).toBe(400);
        expect((await errorOf(res)).message).toBe(said(ENGAGEMENT_MESSAGES.postponeReasonRequired));
      }
      const cancel = await edit(made, { status: "Cancelled" });
      expect(cancel.status).toBe(400);
      expect((await errorOf(cancel)).message).toBe(said(ENGAGEMENT_MESSAGES.cancelReasonRequired));
      expect(await fingerprint()).toEqual(before);

      const res = await edit(made, {
        status: "Postponed",
        date: "2026-12-01",
        statusReason: "Minister on tour",
      });
      expect(res.status).toBe(200);
      const postponed: EngagementItem = await res.json();
      expect(postponed).toMatchObject({
        status: "Postponed",
        date: "2026-12-01",
        originalDate: "2026-11-24",
        statusReason: "Minister on tour",
      });
      const audit = await lastAudit(made.id);
      expect(audit.reason).toBe("Minister on tour");
      expect(audit.changes).toMatchObject({
        status: { before: "Scheduled", after: "Postponed" },
        date: { before: "2026-11-24", after: "2026-12-01" },
        originalDate: { before: null, after: "2026-11-24" },
        statusReason: { before: null, after: "Minister on tour" },
      });

      // Moved again while postponed: the first date stays, and so does the reason.
      const again: EngagementItem = await (await edit(postponed, { date: "2026-12-08" })).json();
      expect(again).toMatchObject({ originalDate: "2026-11-24", statusReason: "Minister on tour" });

      // Held at last: the history stays, the reason goes.
      const held: EngagementItem = await (await edit(again, { status: "Scheduled" })).json();
      expect(held).toMatchObject({ originalDate: "2026-11-24", statusReason: null });

      // Postponed a second time: still the first date.
      const twice: EngagementItem = await (
        await edit(held, { status: "Postponed", statusReason: "Assembly session" })
      ).json();
      expect(twice).toMatchObject({ originalDate: "2026-11-24", statusReason: "Assembly session" });

      const cancelled = await edit(twice, {
        status: "Cancelled",
        statusReason: "No longer needed",
      });
      expect(cancelled.status).toBe(200);
      expect(await cancelled.json()).toMatchObject({
        status: "Cancelled",
        statusReason: "No longer needed",
        originalDate: "2026-11-24",
      });
      expect((await lastAudit(made.id)).reason).toBe("No longer needed");
    });

    it("needs the reason to create an engagement postponed or cancelled", async () => {
      for (const [status, key] of [
        ["Postponed", ENGAGEMENT_MESSAGES.postponeReasonRequired],
        ["Cancelled", ENGAGEMENT_MESSAGES.cancelReasonRequired],
      ] as const) {
        const refused = await t.request("/api/engagements", {
          method: "POST",
          cookie: admin.cookie,
          json: meeting({ status }),
        });
        expect(refused.status).toBe(400);
        expect((await errorOf(refused)).message).toBe(said(key));
        const made = await create({ status, statusReason: "Chief Minister abroad" });
        expect(made).toMatchObject({ status, statusReason: "Chief Minister abroad" });
        expect((await lastAudit(made.id)).reason).toBe("Chief Minister abroad");
      }
    });
  });

  describe("clashes of people", () => {
    it("warns when a participant is already in an overlapping engagement, and saves when told to", async () => {
      const busy = await t.signedInAs("user");
      await create({
        date: "2026-12-14",
        time: "10:00",
        subject: "Syndicate meeting",
        venue: "CS Office",
        participants: [busy.id],
      });
      const overlapping = meeting({
        date: "2026-12-14",
        time: "10:30",
        subject: "Admissions review",
        venue: "HED Committee Room",
        participants: [participant.id, busy.id],
      });
      const res = await t.request("/api/engagements", {
        method: "POST",
        cookie: admin.cookie,
        json: overlapping,
      });
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toEqual({
        code: "CLASH",
        message: `${nameOf(busy)} is already in "Syndicate meeting" on Dec 14, 2026 at 10:00.`,
      });
      // An hour apart does not overlap (each lasts EVENT_MINUTES).
      const after = await create({ ...overlapping, time: "11:00", subject: "Right after" });
      expect(after.participants).toHaveLength(2);
      const forced = await t.request("/api/engagements", {
        method: "POST",
        cookie: admin.cookie,
        json: { ...overlapping, allowClash: true },
      });
      expect(forced.status).toBe(201);
      // A cancelled engagement holds nobody.
      await create({
        date: "2026-12-15",
        time: "10:00",
        participants: [busy.id],
        status: "Cancelled",
        statusReason: "Called off",
      });
      await create({
        date: "2026-12-15",
        time: "10:15",
        venue: "CS Office",
        participants: [busy.id],
      });
    });

    it("checks across midnight, in the caller's language, and on a move; the venue's clash comes first", async () => {
      const busy = await t.signedInAs("user");
      await create({
        date: "2026-12-16",
        time: "23:30",
        subject: "Late call",
        participants: [busy.id],
      });
      const early = await t.request("/api/engagements", {
        method: "POST",
        cookie: admin.cookie,
        json: meeting({ date: "2026-12-17", time: "00:15", participants: [busy.id] }),
      });
      expect(early.status).toBe(409);

      const urdu = await t.signedInAs("admin");
      await t.request("/api/me/language", {
        method: "PUT",
        cookie: urdu.cookie,
        json: { language: "ur" },
      });
      const inUrdu = await t.request("/api/engagements", {
        method: "POST",
        cookie: urdu.cookie,
        json: meeting({ date: "2026-12-16", time: "23:00", participants: [busy.id] }),
      });
      expect(await errorOf(inUrdu)).toEqual({
        code: "CLASH",
        message: said(
          ENGAGEMENT_MESSAGES.participantClash(
            nameOf(busy),
            formatDisplayDate("2026-12-16", "ur"),
            "23:30",
            "Late call",
          ),
          "ur",
        ),
      });

      // Moving another of theirs onto it clashes; editing it elsewhere does not.
      const other = await create({ date: "2026-12-16", time: "15:00", participants: [busy.id] });
      const moved = await edit(other, { time: "23:45" });
      expect(moved.status).toBe(409);
      expect((await edit(other, { subject: "Renamed" })).status).toBe(200);
      // Adding them to an overlapping one clashes too.
      const without = await create({ date: "2026-12-16", time: "23:50", venue: "CS Office" });
      expect((await edit(without, { participants: [busy.id] })).status).toBe(409);

      // Same venue, same time and the same person: the venue is named.
      const venue = await t.request("/api/engagements", {
        method: "POST",
        cookie: admin.cookie,
        json: meeting({
          date: "2026-12-16",
          time: "23:30",
          venue: "Cabinet Room",
          participants: [busy.id],
        }),
      });
      expect((await errorOf(venue)).message).toBe(
        'Cabinet Room is already booked on Dec 16, 2026 at 23:30 for "Late call".',
      );
    });
  });

  describe("the agenda", () => {
    it("keeps items sent with their id, adds new ones, drops the rest, numbering them in order", async () => {
      const made = await create({ participants: [participant.id] });
      const heard: DomainEvent[] = [];
      const stop = t.events.subscribe((event) => heard.push(event));
      const first = await putAgenda(made.id, [
        { title: "Opening remarks", presenter: "Secretary HED" },
        { title: "Budget 2027", presenter: "Director Finance" },
        { title: "Any other business" },
      ]);
      expect(first.status).toBe(200);
      const one: EngagementDetails = await first.json();
      stop();
      expect(heard).toContainEqual(
        expect.objectContaining({ entity: "engagement", id: made.id, action: "updated" }),
      );
      const agenda = one.record?.agenda ?? [];
      expect(agenda.map((item) => [item.position, item.title, item.presenter])).toEqual([
        [1, "Opening remarks", "Secretary HED"],
        [2, "Budget 2027", "Director Finance"],
        [3, "Any other business", ""],
      ]);

      const two: EngagementDetails = await (
        await putAgenda(made.id, [
          { id: agenda[1].id, title: "Budget 2027–28", presenter: "Director Finance" },
          { title: "Hostel policy", presenter: "Additional Secretary" },
          { id: agenda[0].id, title: "Opening remarks", presenter: "Secretary HED" },
        ])
      ).json();
      expect(two.record?.agenda.map((item) => [item.id, item.position, item.title])).toEqual([
        [agenda[1].id, 1, "Budget 2027–28"],
        [expect.any(String), 2, "Hostel policy"],
        [agenda[0].id, 3, "Opening remarks"],
      ]);
      const audit = await lastAudit(made.id);
      expect(audit.action).toBe("updated");
      expect(audit.changes).toEqual({
        agenda: {
          before: [
            "Opening remarks (Secretary HED)",
            "Budget 2027 (Director Finance)",
            "Any other business",
          ],
          after: [
            "Budget 2027–28 (Director Finance)",
            "Hostel policy (Additional Secretary)",
            "Opening remarks (Secretary HED)",
          ],
        },
      });

      // The same agenda again changes nothing and records nothing.
      const sequence = (await stored(made.id)).sequence;
      const same = (two.record?.agenda ?? []).map(({ id, title, presenter }) => ({
        id,
        title,
        presenter,
      }));
      expect((await putAgenda(made.id, same)).status).toBe(200);
      expect((await stored(made.id)).sequence).toBe(sequence);
      expect((await lastAudit(made.id)).id).toBe(audit.id);

      // Emptied.
      const none: EngagementDetails = await (await putAgenda(made.id, [])).json();
      expect(none.record?.agenda).toEqual([]);
    });

    it("refuses a foreign, repeated or bad item, and an agenda too long, changing nothing", async () => {
      const made = await create();
      const other = await create();
      const mine: EngagementDetails = await (await putAgenda(made.id, [{ title: "Mine" }])).json();
      const theirs: EngagementDetails = await (
        await putAgenda(other.id, [{ title: "Theirs" }])
      ).json();
      const mineId = mine.record?.agenda[0].id;
      const theirsId = theirs.record?.agenda[0].id;
      const fingerprint = await createFingerprint(t.db, VOLATILE);
      const before = await fingerprint();
      const wide = "漢".repeat(500);
      const bad: [unknown, string][] = [
        [[{ id: theirsId, title: "Stolen" }], ENGAGEMENT_MESSAGES.invalidAgendaItem],
        [
          [
            { id: mineId, title: "Twice" },
            { id: mineId, title: "Twice again" },
          ],
          ENGAGEMENT_MESSAGES.invalidAgendaItem,
        ],
        [[{ id: "not-a-uuid", title: "Odd" }], ENGAGEMENT_MESSAGES.invalidAgendaItem],
        [[{ title: "" }], ENGAGEMENT_MESSAGES.agendaTitleRequired],
        [[{ title: "   " }], ENGAGEMENT_MESSAGES.agendaTitleRequired],
        [[{ title: "x".repeat(501) }], ENGAGEMENT_MESSAGES.agendaTooLong],
        [
          Array.from({ length: MAX_AGENDA_ITEMS + 1 }, (_, i) => ({ title: `Item ${i}` })),
          ENGAGEMENT_MESSAGES.tooManyAgendaItems,
        ],
        // Every item within its own limits, but more than 100 KB together.
        [
          Array.from({ length: MAX_AGENDA_ITEMS }, () => ({
            title: wide,
            presenter: "漢".repeat(200),
          })),
          ENGAGEMENT_MESSAGES.agendaTooLong,
        ],
      ];
      for (const [items, key] of bad) {
        const res = await putAgenda(made.id, items);
        expect(res.status, key).toBe(400);
        expect((await errorOf(res)).message, key).toBe(said(key));
      }
      for (const body of [{}, { items: "x" }, { items: [{ title: 5 }] }, null]) {
        const res = await t.request(`/api/engagements/${made.id}/agenda`, {
          method: "PUT",
          cookie: admin.cookie,
          json: body,
        });
        expect(res.status).toBe(400);
      }
      const missing = "00000000-0000-4000-8000-000000000000";
      expect((await putAgenda(missing, [{ title: "x" }])).status).toBe(404);
      expect((await putAgenda("nope", [{ title: "x" }])).status).toBe(404);
      expect(await fingerprint()).toEqual(before);
      const kept = await t.db
        .select()
        .from(engagementAgendaItems)
        .where(eq(engagementAgendaItems.engagementId, made.id));
      expect(kept.map((item) => item.title)).toEqual(["Mine"]);
    });
  });

  describe("the minutes", () => {
    const BENIGN: [string, string][] = [
      [
        "<h2>Decisions</h2><ol><li><strong>VC</strong> to report by <em>Friday</em></li></ol>",
        "<h2>Decisions</h2><ol><li><strong>VC</strong> to report by <em>Friday</em></li></ol>",
      ],
      [
        '<p>See <a href="https://hed.punjab.gov.pk/notice">the notice</a> and <a href="mailto:so@hed.example">mail</a>.</p>',
        '<p>See <a href="https://hed.punjab.gov.pk/notice" rel="noopener noreferrer" target="_blank">the notice</a> and <a href="mailto:so@hed.example" rel="noopener noreferrer" target="_blank">mail</a>.</p>',
      ],
      [
        "<blockquote>Quoted</blockquote><pre><code>a &lt; b</code></pre><hr><p>1<br>2</p><h1>a</h1><h3>b</h3><h4>c</h4><u>u</u><s>s</s><b>b</b><i>i</i>",
        "<blockquote>Quoted</blockquote><pre><code>a &lt; b</code></pre><hr /><p>1<br />2</p><h1>a</h1><h3>b</h3><h4>c</h4><u>u</u><s>s</s><b>b</b><i>i</i>",
      ],
      // What the list does not hold goes, its text stays.
      [
        '<div class="x"><span style="color:red">Red</span> <img src="https://x.example/a.png" alt="a"></div><table><tr><td>cell</td></tr></table>',
        "Red cell",
      ],
      ['<a href="ftp://x.example/f">ftp</a> <a href="/relative">rel</a>', "<a>ftp</a> <a>rel</a>"],
      ["Plain words & numbers < 5", "Plain words &amp; numbers &lt; 5"],
      ["<p>ایجنڈا: بجٹ</p>", "<p>ایجنڈا: بجٹ</p>"],
      // Characters the database refuses, or that are no text at all, are dropped.
      ["<p>a\u0000b\u0007c&#0;d\ud800e</p>", "<p>abc\ufffdde</p>"],
      ["", ""],
    ];

    const HOSTILE = [
      "<script>alert(1)</script>",
      "<p>ok</p><SCRIPT SRC=https://evil.example/x.js></SCRIPT>",
      "<ScRiPt>alert(1)</sCrIpT>",
      "<script/xss src=//evil.example></script>",
      "<<script>script>alert(1)<</script>/script>",
      "<img src=x onerror=alert(1)>",
      '<img/src="x"/onerror=alert(1)>',
      "<IMG SRC=x ONERROR=alert(1)>",
      "<svg onload=alert(1)>",
      "<svg/onload=alert(1)>",
      "<body onload=alert(1)>",
      '<p onclick="steal()">Click</p>',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="JaVaScRiPt:alert(1)">x</a>',
      '<a href=" javascript:alert(1)">x</a>',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<a href="java\nscript:alert(1)">x</a>',
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
      '<a href="javascript&colon;alert(1)">x</a>',
      '<a href="vbscript:msgbox(1)">x</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
      '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">',
      "<iframe src=https://evil.example></iframe>",
      "<IFRAME SRC=javascript:alert(1)></IFRAME>",
      "<style>body{display:none}</style>",
      "<object data=x.swf></object>",
      "<embed src=x.swf>",
      '<meta http-equiv="refresh" content="0;url=https://evil.example">',
      '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>',
      '<p style="background:url(javascript:alert(1))">x</p>',
      "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    ];

    it("keeps headings, lists, emphasis and safe links, and nothing else", async () => {
      const made = await create({ participants: [participant.id] });
      for (const [sent, kept] of BENIGN) {
        const res = await putMinutes(made.id, sent);
        expect(res.status, sent).toBe(200);
        const body: EngagementDetails = await res.json();
        expect(body.record?.minutes, sent).toBe(kept);
        expect((await stored(made.id)).minutes, sent).toBe(kept);
      }
      await putMinutes(made.id, "<p>Final minutes</p>");
      const audit = await lastAudit(made.id);
      expect(audit.changes).toEqual({
        minutes: { before: 0, after: "<p>Final minutes</p>".length },
      });
      expect((await details(made.id, participant.cookie)).record?.minutes).toBe(
        "<p>Final minutes</p>",
      );
    });

    it("refuses every hostile sample with a 400 and leaves the stored minutes as they were", async () => {
      const made = await create();
      await putMinutes(made.id, "<p>Agreed: new hostel wing.</p>");
      const fingerprint = await createFingerprint(t.db, VOLATILE);
      const before = await fingerprint();
      for (const sample of HOSTILE) {
        const res = await putMinutes(made.id, sample);
        expect(res.status, sample).toBe(400);
        expect(await errorOf(res), sample).toEqual({
          code: "VALIDATION",
          message: said(ENGAGEMENT_MESSAGES.minutesUnsafe),
        });
      }
      expect(await fingerprint()).toEqual(before);
      expect((await details(made.id)).record?.minutes).toBe("<p>Agreed: new hostel wing.</p>");
    });

    it("refuses minutes over 100 KB, and takes them up to it", async () => {
      const made = await create();
      const fingerprint = await createFingerprint(t.db, VOLATILE);
      const before = await fingerprint();
      const over = `<p>${"a".repeat(MAX_MINUTES_BYTES)}</p>`;
      const res = await putMinutes(made.id, over);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(said(ENGAGEMENT_MESSAGES.minutesTooLong));
      // Bytes, not characters: Urdu takes two each.
      const urdu = await putMinutes(made.id, "ب".repeat(MAX_MINUTES_BYTES / 2 + 1));
      expect(urdu.status).toBe(400);
      for (const minutes of [null, 5, { html: "x" }]) {
        expect((await putMinutes(made.id, minutes)).status).toBe(400);
      }
      expect(await fingerprint()).toEqual(before);
      // Quotes in the HTML double in JSON: the body limit leaves room for them.
      const full = `<p>${'"'.repeat(MAX_MINUTES_BYTES - 8)}</p>`;
      const ok = await putMinutes(made.id, full);
      expect(ok.status).toBe(200);
      expect((await stored(made.id)).minutes).toBe(full);
    });
  });

  describe("the participants' calendars", () => {
    async function feedOf(account: Account) {
      const { url } = await (
        await t.request("/api/calendar/feed", { cookie: account.cookie })
      ).json();
      const res = await t.request(new URL(url).pathname);
      expect(res.status).toBe(200);
      const calendar = new ICAL.Component(ICAL.parse(await res.text()));
      return calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    }
    const eventOf = async (account: Account, id: string) => {
      const event = (await feedOf(account)).find((e) => e.uid === `${id}@hed-task-manager`);
      expect(event).toBeDefined();
      return event as ICAL.Event;
    };
    const sequenceOf = (event: ICAL.Event) =>
      Number(event.component.getFirstPropertyValue("sequence"));

    it("carries the agenda to participants, heads and admins; updates keep the UID and raise SEQUENCE", async () => {
      const made = await create({ subject: "Feed meeting", participants: [participant.id] });
      const first = await eventOf(participant, made.id);
      expect(first.description).not.toContain("Agenda");

      await putAgenda(made.id, [
        { title: "Opening remarks", presenter: "Secretary HED" },
        { title: "Budget 2027" },
      ]);
      const withAgenda = await eventOf(participant, made.id);
      expect(withAgenda.description).toBe(
        [
          "In Attendance: Secretary HED",
          "Status: Scheduled",
          "",
          "Agenda:",
          "1. Opening remarks (presented by Secretary HED)",
          "2. Budget 2027",
        ].join("\n"),
      );
      expect(sequenceOf(withAgenda)).toBeGreaterThan(sequenceOf(first));
      for (const reader of [head, admin])
        expect((await eventOf(reader, made.id)).description).toContain("1. Opening remarks");
      // Someone not in the meeting sees it on the chart's terms, without the agenda.
      const outside = await eventOf(stranger, made.id);
      expect(outside.summary).toBe("Feed meeting");
      expect(outside.description).toBe("In Attendance: Secretary HED\nStatus: Scheduled");

      const moved = await edit(made, { time: "16:30" });
      expect(moved.status).toBe(200);
      const after = await eventOf(participant, made.id);
      expect(after.uid).toBe(first.uid);
      expect(sequenceOf(after)).toBeGreaterThan(sequenceOf(withAgenda));
      expect(after.component.getFirstPropertyValue("status")).toBe("CONFIRMED");

      const cancelled = await edit(await moved.json(), {
        status: "Cancelled",
        statusReason: "Minister unavailable",
      });
      expect(cancelled.status).toBe(200);
      const gone = await eventOf(participant, made.id);
      expect(gone.uid).toBe(first.uid);
      expect(sequenceOf(gone)).toBeGreaterThan(sequenceOf(after));
      expect(gone.component.getFirstPropertyValue("status")).toBe("CANCELLED");
      expect(gone.summary).toBe("Cancelled: Feed meeting");
    });
  });
});
