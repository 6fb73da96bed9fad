import { describe, expect, it } from "vitest";
import type { EngagementItem } from "../../shared/engagements";
import { fullI18n as i18n } from "../../shared/i18n/server-instance";
import {
  describeSpan,
  describeStatusNote,
  formatDayHeading,
  groupByDay,
} from "./engagement-display";

const en = i18n.getFixedT("en", "engagements");
const ur = i18n.getFixedT("ur", "engagements");

const item = (id: string, date: string): EngagementItem => ({
  id,
  date,
  time: "09:00",
  subject: id,
  venue: "Cabinet Room",
  responsibility: "Secretary HED",
  status: "Scheduled",
  participants: [],
  guests: [],
  followUpOf: null,
  originalDate: null,
  statusReason: null,
  createdBy: null,
  version: 1,
  can: { edit: false, delete: false, record: false, seeCompliance: false },
});

describe("engagement display", () => {
  it("names the day of a chart group", () => {
    expect(formatDayHeading("2026-11-23", "en", en)).toBe("Monday, Nov 23, 2026");
    expect(formatDayHeading("2026-11-01", "en", en)).toBe("Sunday, Nov 01, 2026");
    expect(formatDayHeading("2026-11-23", "ur", ur)).toBe("پیر، 23 نومبر، 2026");
  });

  it("groups consecutive engagements of one date, keeping their order", () => {
    const days = groupByDay([
      item("a", "2026-11-23"),
      item("b", "2026-11-23"),
      item("c", "2026-11-25"),
    ]);
    expect(days.map((day) => [day.date, day.engagements.map((e) => e.id)])).toEqual([
      ["2026-11-23", ["a", "b"]],
      ["2026-11-25", ["c"]],
    ]);
    expect(groupByDay([])).toEqual([]);
  });

  it("describes the span on screen and on paper", () => {
    const week = { kind: "week", start: "2026-11-23", end: "2026-11-29" } as const;
    expect(describeSpan(week, "screen", "en", en)).toBe("Week of Nov 23, 2026 – Nov 29, 2026");
    expect(describeSpan(week, "print", "en", en)).toBe("Week of Nov 23, 2026 to Nov 29, 2026");
    expect(describeSpan({ kind: "day", date: "2026-11-25" }, "screen", "en", en)).toBe(
      "Wednesday, Nov 25, 2026",
    );
    expect(describeSpan({ kind: "all" }, "screen", "en", en)).toBe("All Engagements");
    expect(describeSpan(week, "print", "ur", ur)).toBe("23 نومبر، 2026 تا 29 نومبر، 2026 کا ہفتہ");
    expect(describeSpan({ kind: "day", date: "2026-11-25" }, "print", "ur", ur)).toBe(
      "بدھ، 25 نومبر، 2026",
    );
  });

  it("keeps a postponement's first date and reason, and a cancellation's reason", () => {
    const postponed = {
      status: "Postponed",
      originalDate: "2026-11-24",
      statusReason: "Minister on tour",
    } as const;
    expect(describeStatusNote(postponed, "en", en)).toBe(
      "Postponed from Nov 24, 2026: Minister on tour",
    );
    expect(describeStatusNote(postponed, "ur", ur)).toContain("24 نومبر، 2026");
    // Set again later: the first date still shows.
    expect(
      describeStatusNote({ ...postponed, status: "Scheduled", statusReason: null }, "en", en),
    ).toBe("Postponed from Nov 24, 2026");
    expect(
      describeStatusNote(
        { status: "Cancelled", originalDate: null, statusReason: "Venue unavailable" },
        "en",
        en,
      ),
    ).toBe("Cancelled: Venue unavailable");
    expect(
      describeStatusNote({ status: "Scheduled", originalDate: null, statusReason: null }, "en", en),
    ).toBeNull();
  });
});
