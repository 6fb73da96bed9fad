import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDisplayDate } from "../../src/shared/dates";
import {
  ENGAGEMENT_MESSAGES,
  ENGAGEMENT_STATUS_LABELS,
  type EngagementItem,
  type EngagementList,
  VENUE_LABELS,
} from "../../src/shared/engagements";
import { message } from "../../src/shared/i18n/message";
import { said } from "../../src/shared/i18n/server-instance";
import { createTestApp, type TestApp } from "../helpers/app";

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

// Sunday 29 November 2026, 23:30 in Karachi (18:30 UTC): the week began on Monday the 23rd.
const SUNDAY_NIGHT = new Date("2026-11-29T18:30:00Z");

const meeting = (fields: Partial<Record<keyof EngagementItem, string>> = {}) => ({
  date: "2026-11-24",
  time: "10:00",
  subject: "Budget review",
  venue: "Cabinet Room",
  responsibility: "Secretary HED",
  status: "Scheduled",
  ...fields,
});

describe("engagements", () => {
  let t: TestApp;
  let admin: Account;
  let user: Account;
  let head: Account;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => SUNDAY_NIGHT });
    admin = await t.signedInAs("admin");
    user = await t.signedInAs("user");
    head = await t.signedInAs("organization_head");
  });
  afterAll(() => t.close());

  const create = (json: unknown, cookie = admin.cookie) =>
    t.request("/api/engagements", { method: "POST", cookie, json });
  const list = async (query: string, cookie = user.cookie): Promise<EngagementList> =>
    (await t.request(`/api/engagements?${query}`, { cookie })).json();

  it("only admins create, edit and delete; everyone signed in reads; anonymous gets 401", async () => {
    const made: EngagementItem = await (await create(meeting({ subject: "Role check" }))).json();
    for (const [cookie, status] of [
      [undefined, 401],
      [user.cookie, 403],
      [head.cookie, 403],
    ] as const) {
      expect(
        (await t.request("/api/engagements", { method: "POST", cookie, json: meeting() })).status,
      ).toBe(status);
      expect(
        (
          await t.request(`/api/engagements/${made.id}`, {
            method: "PUT",
            cookie,
            json: meeting({ subject: "Changed" }),
          })
        ).status,
      ).toBe(status);
      expect(
        (await t.request(`/api/engagements/${made.id}`, { method: "DELETE", cookie })).status,
      ).toBe(status);
    }
    expect((await t.request("/api/engagements")).status).toBe(401);
    for (const cookie of [user.cookie, head.cookie, admin.cookie]) {
      const res = await t.request(`/api/engagements/${made.id}`, { cookie });
      expect(res.status).toBe(200);
      expect((await res.json()).subject).toBe("Role check");
    }
  });

  it("requires all six fields and real values", async () => {
    for (const field of ["date", "time", "subject", "venue", "responsibility", "status"]) {
      const res = await create(meeting({ [field]: "" }));
      expect(res.status, field).toBe(400);
      expect((await res.json()).error.message).toBe(said(ENGAGEMENT_MESSAGES.required));
    }
    for (const change of [
      { date: "2026-13-01" },
      { time: "25:00" },
      { venue: "Tea Room" },
      { status: "Maybe" },
    ]) {
      expect((await create(meeting(change))).status).toBe(400);
    }
    expect((await t.request("/api/engagements/nope", { cookie: user.cookie })).status).toBe(404);
    const missing = "00000000-0000-0000-0000-000000000000";
    expect(
      (
        await t.request(`/api/engagements/${missing}`, {
          method: "PUT",
          cookie: admin.cookie,
          json: { ...meeting(), version: 1 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.request(`/api/engagements/${missing}`, { method: "DELETE", cookie: admin.cookie }))
        .status,
    ).toBe(404);
  });

  it("edits and deletes", async () => {
    const made: EngagementItem = await (
      await create(meeting({ subject: "To edit", time: "08:00" }))
    ).json();
    const edited = await t.request(`/api/engagements/${made.id}`, {
      method: "PUT",
      cookie: admin.cookie,
      json: {
        ...meeting({ subject: "Edited", time: "08:15", status: "Postponed" }),
        statusReason: "Minister on tour",
        version: made.version,
      },
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      subject: "Edited",
      time: "08:15",
      status: "Postponed",
    });
    const deleted = await t.request(`/api/engagements/${made.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect((await deleted.json()).message).toBe(said(ENGAGEMENT_MESSAGES.deleted));
    expect((await t.request(`/api/engagements/${made.id}`, { cookie: admin.cookie })).status).toBe(
      404,
    );
  });

  it("shows the current Monday-to-Sunday week by default, Sunday night included", async () => {
    await create(meeting({ date: "2026-11-22", subject: "Last week's Sunday", time: "23:00" }));
    await create(meeting({ date: "2026-11-23", subject: "Monday start", time: "09:00" }));
    await create(meeting({ date: "2026-11-29", subject: "Sunday night", time: "23:00" }));
    await create(meeting({ date: "2026-11-30", subject: "Next Monday", time: "09:00" }));

    const week = await list("");
    expect(week.week).toEqual({ start: "2026-11-23", end: "2026-11-29" });
    const subjects = week.engagements.map((e) => e.subject);
    expect(subjects).toContain("Monday start");
    expect(subjects).toContain("Sunday night");
    expect(subjects).not.toContain("Last week's Sunday");
    expect(subjects).not.toContain("Next Monday");

    const all = (await list("range=all")).engagements.map((e) => e.subject);
    expect(all).toEqual(expect.arrayContaining(["Last week's Sunday", "Next Monday"]));
  });

  it("orders by date and time, and filters by venue, status, date and subject", async () => {
    await create(
      meeting({
        date: "2026-11-25",
        time: "15:00",
        subject: "Afternoon item",
        venue: "CS Office",
        status: "Tentative",
      }),
    );
    await create(
      meeting({
        date: "2026-11-25",
        time: "09:30",
        subject: "Morning item",
        venue: "CS Office",
        status: "Held",
      }),
    );
    const day = await list("date=2026-11-25");
    expect(day.engagements.map((e) => e.subject)).toEqual(["Morning item", "Afternoon item"]);
    const desc = await list("range=all&date=2026-11-25&order=desc");
    expect(desc.engagements.map((e) => e.subject)).toEqual(["Afternoon item", "Morning item"]);
    expect(
      (await list("range=all&venue=CS%20Office&status=Held")).engagements.map((e) => e.subject),
    ).toEqual(["Morning item"]);
    expect((await list("range=all&search=afternoon")).engagements.map((e) => e.subject)).toEqual([
      "Afternoon item",
    ]);
    expect(
      (await t.request("/api/engagements?venue=Tea%20Room", { cookie: user.cookie })).status,
    ).toBe(400);
  });

  it("warns of a double booking and saves when the admin goes ahead", async () => {
    const slot = { date: "2026-11-26", time: "11:00", venue: "Secretary Board Room" };
    await create(meeting({ ...slot, subject: "First booking" }));
    const clash = await create(meeting({ ...slot, subject: "Second booking" }));
    expect(clash.status).toBe(409);
    const body = await clash.json();
    expect(body.error).toEqual({
      code: "CLASH",
      message:
        'Secretary Board Room is already booked on Nov 26, 2026 at 11:00 for "First booking".',
    });
    expect((await list("range=all&search=Second%20booking")).engagements).toHaveLength(0);

    const forced = await create({
      ...meeting({ ...slot, subject: "Second booking" }),
      allowClash: true,
    });
    expect(forced.status).toBe(201);
    expect(
      (
        await create({
          ...meeting({ ...slot, subject: "Cancelled one", status: "Cancelled" }),
          statusReason: "Called off",
        })
      ).status,
    ).toBe(201);
  });

  it("answers a person whose language is Urdu in Urdu, with the same codes", async () => {
    const inUrdu = async (role: "admin" | "user") => {
      const person = await t.signedInAs(role);
      const set = await t.request("/api/me/language", {
        method: "PUT",
        cookie: person.cookie,
        json: { language: "ur" },
      });
      expect(set.status).toBe(200);
      return person.cookie;
    };
    const reader = await inUrdu("user");
    const missing = "/api/engagements/00000000-0000-0000-0000-000000000000";
    for (const [cookie, language] of [
      [user.cookie, "en"],
      [reader, "ur"],
    ] as const) {
      const res = await t.request(missing, { cookie, headers: { "Accept-Language": "en" } });
      expect(res.status).toBe(404);
      expect((await res.json()).error).toEqual({
        code: "NOT_FOUND",
        message: said(ENGAGEMENT_MESSAGES.notFound, language),
      });
    }
    expect(said(ENGAGEMENT_MESSAGES.notFound, "ur")).toBe("مصروفیت نہیں ملی");

    // A double booking names the venue and the date in Urdu too.
    const organizer = await inUrdu("admin");
    const slot = { date: "2026-11-27", time: "12:00", venue: "CM Secretariat" } as const;
    await create(meeting({ ...slot, subject: "Urdu first booking" }));
    const clash = await create(meeting({ ...slot, subject: "Urdu second booking" }), organizer);
    expect(clash.status).toBe(409);
    const urdu = said(
      ENGAGEMENT_MESSAGES.clash(
        slot.venue,
        formatDisplayDate(slot.date, "ur"),
        slot.time,
        "Urdu first booking",
      ),
      "ur",
    );
    expect((await clash.json()).error).toEqual({ code: "CLASH", message: urdu });
    expect(urdu).toContain("وزیرِ اعلیٰ سیکرٹریٹ");
    expect(urdu).toContain("27 نومبر، 2026");

    const deleted = await create(meeting({ subject: "Urdu delete", time: "07:45" }), organizer);
    const res = await t.request(`/api/engagements/${(await deleted.json()).id}`, {
      method: "DELETE",
      cookie: organizer,
    });
    expect((await res.json()).message).toBe(said(ENGAGEMENT_MESSAGES.deleted, "ur"));
  });
});

describe("calendar feed", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => SUNDAY_NIGHT });
  });
  afterAll(() => t.close());

  it("gives each person a private .ics address that real calendar software can read", async () => {
    const admin = await t.signedInAs("admin");
    const user = await t.signedInAs("user");
    await t.request("/api/engagements", {
      method: "POST",
      cookie: admin.cookie,
      json: meeting({ subject: "Vice-chancellors' meeting", time: "14:30" }),
    });
    await t.request("/api/engagements", {
      method: "POST",
      cookie: admin.cookie,
      json: {
        ...meeting({ subject: "Called off", status: "Cancelled", date: "2026-11-27" }),
        statusReason: "Called off",
      },
    });

    expect((await t.request("/api/calendar/feed")).status).toBe(401);
    const { url } = await (await t.request("/api/calendar/feed", { cookie: user.cookie })).json();
    expect(
      (await (await t.request("/api/calendar/feed", { cookie: user.cookie })).json()).url,
    ).toBe(url);
    const path = new URL(url).pathname;

    const res = await t.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/calendar");
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    const vc = events.find((e) => e.summary === "Vice-chancellors' meeting");
    expect(vc?.location).toBe("Cabinet Room");
    expect(vc?.description).toContain("Secretary HED");
    // 14:30 in Karachi (UTC+5) is 09:30 UTC.
    expect(vc?.startDate.toJSDate().toISOString()).toBe("2026-11-24T09:30:00.000Z");
    const cancelled = events.find((e) => e.summary.includes("Called off"));
    expect(cancelled?.component.getFirstPropertyValue("status")).toBe("CANCELLED");

    const reset = await (
      await t.request("/api/calendar/feed/reset", { method: "POST", cookie: user.cookie })
    ).json();
    expect(reset.url).not.toBe(url);
    expect((await t.request(path)).status).toBe(404);
    expect((await t.request(new URL(reset.url).pathname)).status).toBe(200);
    expect((await t.request("/api/calendar/made-up-token.ics")).status).toBe(404);
  });

  it("writes the feed in its owner's language, whoever fetches it", async () => {
    const admin = await t.signedInAs("admin");
    await t.request("/api/engagements", {
      method: "POST",
      cookie: admin.cookie,
      json: {
        ...meeting({ subject: "Urdu feed meeting", date: "2026-11-25", status: "Postponed" }),
        statusReason: "Minister on tour",
      },
    });
    await t.request("/api/engagements", {
      method: "POST",
      cookie: admin.cookie,
      json: {
        ...meeting({ subject: "Urdu feed cancelled", date: "2026-11-26", status: "Cancelled" }),
        statusReason: "Called off",
      },
    });
    const owner = await t.signedInAs("user");
    await t.request("/api/me/language", {
      method: "PUT",
      cookie: owner.cookie,
      json: { language: "ur" },
    });
    const { url } = await (await t.request("/api/calendar/feed", { cookie: owner.cookie })).json();
    // Calendar software asks in its own language; the owner's choice wins.
    const res = await t.request(new URL(url).pathname, { headers: { "Accept-Language": "en" } });
    expect(res.status).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    const name = said(ENGAGEMENT_MESSAGES.chartTitle, "ur");
    expect(name).toBe("سیکرٹری ایچ ای ڈی مصروفیات چارٹ");
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(name);
    const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    const postponed = events.find((e) => e.summary === "Urdu feed meeting");
    expect(postponed?.location).toBe(said(VENUE_LABELS["Cabinet Room"], "ur"));
    expect(postponed?.description).toBe(
      said(
        message("engagements:calendar.description", {
          inAttendance: "Secretary HED",
          status: ENGAGEMENT_STATUS_LABELS.Postponed,
        }),
        "ur",
      ),
    );
    expect(postponed?.description).toContain("ملتوی");
    const cancelled = events.find((e) => e.summary.includes("Urdu feed cancelled"));
    expect(cancelled?.summary).toBe("منسوخ: Urdu feed cancelled");
    // The identifiers stay as they were: a subscribed calendar keeps its events.
    expect(postponed?.uid).toMatch(/^[0-9a-f-]{36}@hed-task-manager$/);

    const english = await t.signedInAs("user");
    const other = await (await t.request("/api/calendar/feed", { cookie: english.cookie })).json();
    const englishFeed = new ICAL.Component(
      ICAL.parse(await (await t.request(new URL(other.url).pathname)).text()),
    );
    expect(englishFeed.getFirstPropertyValue("x-wr-calname")).toBe(
      "Secretary HED Engagement Chart",
    );
    const englishEvents = englishFeed.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(englishEvents.find((e) => e.uid === postponed?.uid)?.description).toBe(
      "In Attendance: Secretary HED\nStatus: Postponed",
    );
    expect(englishEvents.map((e) => e.summary)).toContain("Cancelled: Urdu feed cancelled");
  });

  it("the feed token opens nothing but the feed", async () => {
    const user = await t.signedInAs("user");
    const { url } = await (await t.request("/api/calendar/feed", { cookie: user.cookie })).json();
    const token = new URL(url).pathname.split("/").pop()?.replace(".ics", "");
    expect((await t.request(`/api/me?token=${token}`)).status).toBe(401);
    expect(
      (await t.request("/api/engagements", { headers: { Authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(401);
  });
});
