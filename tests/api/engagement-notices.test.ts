import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import type { Email } from "postal-mime";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { jobs, user } from "../../src/server/db/schema";
import { mailPayloadOf } from "../../src/server/jobs/kinds";
import {
  type EngagementItem,
  type EngagementList,
  MAX_PARTICIPANTS,
} from "../../src/shared/engagements";
import { said } from "../../src/shared/i18n/server-instance";
import type { NotificationPage } from "../../src/shared/notifications";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../helpers/app";
import { engagementVersions } from "../helpers/factories";
import { createFingerprint } from "../helpers/fingerprint";
import { smtpMailer, startSmtpReceiver } from "../helpers/smtp";

type Smtp = Awaited<ReturnType<typeof startSmtpReceiver>>;
type Person = Awaited<ReturnType<TestApp["signedInAs"]>>;

const meeting = (fields: Record<string, unknown> = {}) => ({
  date: "2026-12-02",
  time: "11:00",
  subject: "Budget review",
  venue: "Cabinet Room",
  responsibility: "Secretary HED",
  status: "Scheduled",
  // Every test books the same room and hour; clashes are engagements.test.ts's concern.
  allowClash: true,
  ...fields,
});

/** The mail's .ics attachment, parsed by a real iCalendar reader. */
function invitation(mail: Email) {
  const files = mail.attachments.filter((file) => file.mimeType === "text/calendar");
  expect(files).toHaveLength(1);
  const content = files[0].content;
  const text = typeof content === "string" ? content : new TextDecoder().decode(content);
  const calendar = new ICAL.Component(ICAL.parse(text));
  const [event] = calendar.getAllSubcomponents("vevent");
  return {
    filename: files[0].filename,
    method: calendar.getFirstPropertyValue("method"),
    uid: event.getFirstPropertyValue("uid"),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    status: event.getFirstPropertyValue("status"),
    summary: event.getFirstPropertyValue("summary"),
    description: String(event.getFirstPropertyValue("description") ?? ""),
  };
}

describe("engagement notices", () => {
  let smtp: Smtp;
  let t: TestApp;
  // Wednesday, 10:00 in Karachi.
  const now = new Date("2026-11-25T05:00:00Z");
  let admin: Person;
  let sana: Person;
  let omar: Person;
  let head: Person;
  let placeholder: Person;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({
      clock: () => now,
      runJobs: false,
      mailer: smtpMailer(smtp),
    });
    admin = await t.signedInAs("admin", { email: "admin@hed.example" });
    sana = await t.signedInAs("user", { email: "sana@hed.example" });
    omar = await t.signedInAs("user", { email: "omar@hed.example" });
    head = await t.signedInAs("organization_head", { email: "head@hed.example" });
    placeholder = await t.signedInAs("user");
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(() => {
    smtp.messages.length = 0;
  });

  async function create(fields: Record<string, unknown>): Promise<EngagementItem> {
    const res = await t.request("/api/engagements", {
      method: "POST",
      cookie: admin.cookie,
      json: meeting(fields),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return res.json();
  }

  async function edit(made: EngagementItem, fields: Record<string, unknown>) {
    const { version } = await engagementVersions(t, admin.cookie, made.id);
    const res = await t.request(`/api/engagements/${made.id}`, {
      method: "PUT",
      cookie: admin.cookie,
      json: {
        version,
        ...meeting({
          date: made.date,
          time: made.time,
          subject: made.subject,
          venue: made.venue,
          responsibility: made.responsibility,
          status: made.status,
          participants: made.participants.map((p) => p.id),
        }),
        ...fields,
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as EngagementItem;
  }

  async function bell(person: Person): Promise<NotificationPage> {
    const res = await t.request("/api/notifications", { cookie: person.cookie });
    expect(res.status).toBe(200);
    return res.json();
  }

  const latest = async (person: Person) => (await bell(person)).notifications[0];

  it("tells each participant of a new engagement in the app and by mail with its .ics, never the actor", async () => {
    const before = (await bell(admin)).notifications.length;
    const made = await create({
      subject: "Review of college budgets",
      participants: [sana.id, head.id, admin.id],
    });
    expect(made.participants.map((p) => p.id).sort()).toEqual([sana.id, head.id, admin.id].sort());
    expect(made.participants.find((p) => p.id === sana.id)?.name).toBe(`Test ${sana.userId}`);

    expect(await latest(sana)).toMatchObject({
      kind: "engagement_created",
      text: "You are in attendance at “Review of college budgets” on Dec 02, 2026 at 11:00, Cabinet Room.",
      link: "/user/engagement-chart",
      read: false,
    });
    // Each person's link leads to their own role's chart.
    expect((await latest(head)).link).toBe("/organization/engagement-chart");
    // The admin who made it is not told of their own act.
    expect((await bell(admin)).notifications).toHaveLength(before);

    await t.jobs.runDue();
    const mail = await smtp.waitForMail("sana@hed.example", /New engagement/);
    expect(mail.subject).toBe("New engagement: Review of college budgets");
    expect(mail.text).toContain(`${TEST_ORIGIN}/user/engagement-chart`);
    expect(mail.html).toContain(`href="${TEST_ORIGIN}/user/engagement-chart"`);
    const ics = invitation(mail);
    expect(ics).toMatchObject({
      filename: "engagement.ics",
      method: "REQUEST",
      uid: `${made.id}@hed-task-manager`,
      sequence: 0,
      summary: "Review of college budgets",
    });
    const headMail = await smtp.waitForMail("head@hed.example", /New engagement/);
    expect(headMail.text).toContain(`${TEST_ORIGIN}/organization/engagement-chart`);
    expect(smtp.messages.some((m) => m.to?.some((a) => a.address === "admin@hed.example"))).toBe(
      false,
    );
  });

  it("tells participants of a change, a postponement and a cancellation, SEQUENCE growing each time", async () => {
    const made = await create({ subject: "Cabinet summary", participants: [sana.id] });
    await t.jobs.runDue();
    const first = invitation(await smtp.waitForMail("sana@hed.example", /Cabinet summary/));
    smtp.messages.length = 0;
    const agenda = await t.request(`/api/engagements/${made.id}/agenda`, {
      method: "PUT",
      cookie: admin.cookie,
      json: {
        items: [{ title: "Summary for the Cabinet", presenter: "Secretary HED" }],
        version: (await engagementVersions(t, admin.cookie, made.id)).agenda,
      },
    });
    expect(agenda.status).toBe(200);

    const moved = await edit(made, { time: "15:30" });
    expect(await latest(sana)).toMatchObject({
      kind: "engagement_changed",
      text: "The engagement “Cabinet summary” has changed: it is now on Dec 02, 2026 at 15:30, Cabinet Room.",
    });
    await t.jobs.runDue();
    const changedMail = await smtp.waitForMail("sana@hed.example", /Engagement changed/);
    expect(changedMail.subject).toBe("Engagement changed: Cabinet summary");
    const changed = invitation(changedMail);
    expect(changed).toMatchObject({ method: "REQUEST", uid: first.uid });
    // A participant's invitation carries the agenda, as their calendar feed does.
    expect(changed.description).toContain(
      "1. Summary for the Cabinet (presented by Secretary HED)",
    );
    expect(changed.sequence).toBeGreaterThan(first.sequence);
    smtp.messages.length = 0;

    const postponedItem = await edit(moved, {
      status: "Postponed",
      statusReason: "Minister on tour",
    });
    expect((await latest(sana)).kind).toBe("engagement_postponed");
    await t.jobs.runDue();
    const postponed = invitation(
      await smtp.waitForMail("sana@hed.example", /^Engagement postponed: Cabinet summary$/),
    );
    expect(postponed.method).toBe("REQUEST");
    expect(postponed.sequence).toBeGreaterThan(changed.sequence);
    smtp.messages.length = 0;

    await edit(postponedItem, { status: "Cancelled", statusReason: "Called off" });
    expect(await latest(sana)).toMatchObject({
      kind: "engagement_cancelled",
      text: "The engagement “Cabinet summary” of Dec 02, 2026 at 15:30, Cabinet Room, is cancelled.",
    });
    await t.jobs.runDue();
    const cancelled = invitation(
      await smtp.waitForMail("sana@hed.example", /^Engagement cancelled: Cabinet summary$/),
    );
    expect(cancelled).toMatchObject({ method: "CANCEL", status: "CANCELLED", uid: first.uid });
    expect(cancelled.sequence).toBeGreaterThan(postponed.sequence);
  });

  it("tells nobody of an edit that touches nothing participants care about", async () => {
    const made = await create({ subject: "Quiet edit", participants: [sana.id] });
    const count = (await bell(sana)).notifications.length;
    await edit(made, { responsibility: "Additional Secretary" });
    expect((await bell(sana)).notifications).toHaveLength(count);
  });

  it("tells one added that the engagement is theirs, and one taken off that they no longer attend", async () => {
    const made = await create({ subject: "Hostel inspection", participants: [sana.id] });
    await t.jobs.runDue();
    smtp.messages.length = 0;
    const countSana = (await bell(sana)).notifications.length;

    const swapped = await edit(made, { participants: [omar.id] });
    expect(swapped.participants).toEqual([{ id: omar.id, name: `Test ${omar.userId}` }]);
    expect(await latest(omar)).toMatchObject({ kind: "engagement_created" });
    expect(await latest(sana)).toMatchObject({
      kind: "engagement_changed",
      text: "You are no longer in attendance at “Hostel inspection” on Dec 02, 2026 at 11:00.",
    });
    expect((await bell(sana)).notifications).toHaveLength(countSana + 1);

    await t.jobs.runDue();
    const removed = invitation(await smtp.waitForMail("sana@hed.example", /Hostel inspection/));
    expect(removed).toMatchObject({ method: "CANCEL", status: "CANCELLED" });
    const added = invitation(
      await smtp.waitForMail("omar@hed.example", /New engagement: Hostel inspection/),
    );
    expect(added.method).toBe("REQUEST");
  });

  it("tells participants that a deleted engagement is cancelled", async () => {
    const made = await create({ subject: "Deleted meeting", participants: [sana.id] });
    await t.jobs.runDue();
    const sent = invitation(await smtp.waitForMail("sana@hed.example", /Deleted meeting/));
    smtp.messages.length = 0;
    const res = await t.request(`/api/engagements/${made.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(await latest(sana)).toMatchObject({
      kind: "engagement_cancelled",
      link: "/user/engagement-chart",
    });
    await t.jobs.runDue();
    const cancelled = invitation(
      await smtp.waitForMail("sana@hed.example", /Engagement cancelled: Deleted meeting/),
    );
    expect(cancelled).toMatchObject({ method: "CANCEL", status: "CANCELLED", uid: sent.uid });
    expect(cancelled.sequence).toBeGreaterThan(sent.sequence);
  });

  it("mails nobody who switched that kind off, and never a placeholder address: the bell still tells them", async () => {
    const off = await t.request("/api/notifications/preferences", {
      method: "PUT",
      cookie: omar.cookie,
      json: { email: { engagement_created: false } },
    });
    expect(off.status).toBe(200);
    expect((await off.json()).preferences.email).toMatchObject({
      engagement_created: false,
      engagement_changed: true,
    });
    await create({ subject: "Quiet participants", participants: [omar.id, placeholder.id] });
    expect((await latest(omar)).kind).toBe("engagement_created");
    expect((await latest(placeholder)).kind).toBe("engagement_created");
    for (const person of [omar, placeholder]) {
      const queued = await t.db.select().from(jobs).where(eq(jobs.recipientId, person.id));
      expect(
        queued.filter((job) => mailPayloadOf(job).subject.includes("Quiet participants")),
        person.userId,
      ).toHaveLength(0);
    }
  });

  it("lists each engagement's participants by name", async () => {
    const made = await create({ subject: "Listed meeting", participants: [omar.id, sana.id] });
    const res = await t.request("/api/engagements?range=all&search=Listed", {
      cookie: sana.cookie,
    });
    const page = (await res.json()) as EngagementList;
    expect(page.engagements).toHaveLength(1);
    expect(page.engagements[0].participants.map((p) => p.id).sort()).toEqual(
      [omar.id, sana.id].sort(),
    );
    const one = await t.request(`/api/engagements/${made.id}`, { cookie: head.cookie });
    expect(((await one.json()) as EngagementItem).participants).toHaveLength(2);
  });

  it("refuses bad participants with a 400 and changes no row", async () => {
    const pending = await t.makeUser({ role: "user", email: "pending@hed.example" });
    await t.db.update(user).set({ pendingApproval: true }).where(eq(user.id, pending.id));
    const made = await create({ subject: "Guarded meeting", participants: [sana.id] });
    const fingerprint = await createFingerprint(t.db, ["sign_in_failures", "session"]);
    const before = await fingerprint();
    const bad: [unknown, string][] = [
      [["no-such-account"], "engagements:error.invalidParticipant"],
      [[pending.id], "engagements:error.invalidParticipant"],
      [[sana.id, sana.id], "engagements:error.duplicateParticipant"],
      [
        Array.from({ length: MAX_PARTICIPANTS + 1 }, (_, i) => `person-${i}`),
        "engagements:error.tooManyParticipants",
      ],
      [sana.id, "engagements:error.invalidParticipant"],
      [{ id: sana.id }, "engagements:error.invalidParticipant"],
      [null, "engagements:error.invalidParticipant"],
      [["bad id!"], "engagements:error.invalidParticipant"],
    ];
    for (const [participants, expected] of bad) {
      for (const [method, path] of [
        ["POST", "/api/engagements"],
        ["PUT", `/api/engagements/${made.id}`],
      ] as const) {
        const res = await t.request(path, {
          method,
          cookie: admin.cookie,
          // The version is what Edit sends; a new engagement's form has none to send.
          json: { ...meeting({ subject: "Guarded meeting", participants }), version: made.version },
        });
        const label = `${method} ${JSON.stringify(participants).slice(0, 40)}`;
        expect(res.status, label).toBe(400);
        expect((await res.json()).error.message, label).toBe(said(expected));
      }
    }
    expect(await fingerprint()).toEqual(before);
  });

  it("lets only admins write participants: anonymous 401, users and heads 403", async () => {
    const made = await create({ subject: "Role guarded", participants: [sana.id] });
    const json = meeting({ participants: [sana.id, omar.id] });
    for (const [cookie, status] of [
      [undefined, 401],
      [sana.cookie, 403],
      [head.cookie, 403],
    ] as const) {
      for (const [method, path] of [
        ["POST", "/api/engagements"],
        ["PUT", `/api/engagements/${made.id}`],
        ["DELETE", `/api/engagements/${made.id}`],
      ] as const) {
        const res = await t.request(path, {
          method,
          cookie,
          json: method === "DELETE" ? undefined : json,
        });
        expect(res.status, `${method} ${path} ${cookie ? "signed in" : "anonymous"}`).toBe(status);
      }
    }
    const still = await t.request(`/api/engagements/${made.id}`, { cookie: sana.cookie });
    expect(((await still.json()) as EngagementItem).participants.map((p) => p.id)).toEqual([
      sana.id,
    ]);
  });

  it("writes to an Urdu reader in Urdu, the .ics too", async () => {
    const urdu = await t.makeUser({ role: "user", email: "urdu@hed.example" });
    const cookie = await t.signIn(urdu.userId);
    const set = await t.request("/api/me/language", {
      method: "PUT",
      cookie,
      json: { language: "ur" },
    });
    expect(set.status).toBe(200);
    await create({
      subject: "Budget",
      participants: [urdu.id],
      status: "Cancelled",
      statusReason: "Called off",
    });
    await t.jobs.runDue();
    const mail = await smtp.waitForMail("urdu@hed.example", /Budget/);
    expect(mail.subject).toBe("مصروفیت منسوخ: Budget");
    expect(invitation(mail)).toMatchObject({ method: "CANCEL", summary: "منسوخ: Budget" });
  });
});
