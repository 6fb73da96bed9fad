import { tz } from "@date-fns/tz";
import {
  addDays as addCalendarDays,
  differenceInCalendarDays,
  format,
  parseISO,
  startOfISOWeek,
} from "date-fns";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  addDays,
  dateSchema,
  daysBetween,
  displayTime,
  formatDisplayDate,
  isValidTimeZone,
  parseTypedDate,
  timeOfDayIn,
  todayIn,
  weekOf,
} from "./dates";

describe("displayTime", () => {
  it("writes a stored time as 24-hour HH:mm, as the office clock does", () => {
    expect(displayTime("10:30")).toBe("10:30");
    expect(displayTime("00:05:00")).toBe("00:05");
    expect(displayTime("14:30:00")).toBe("14:30");
    expect(displayTime("14:30")).toBe(timeOfDayIn("UTC", new Date("2026-11-29T14:30:00Z")));
  });
});

describe("todayIn", () => {
  it("counts the day in the office's zone, not in UTC", () => {
    // 20:30 UTC on 31 Dec is already 1 Jan in Karachi (UTC+5).
    const instant = new Date("2026-12-31T20:30:00Z");
    expect(todayIn("Asia/Karachi", instant)).toBe("2027-01-01");
    expect(todayIn("UTC", instant)).toBe("2026-12-31");
  });

  it("follows a zone's daylight saving time", () => {
    // London is UTC+1 in summer: 23:30 UTC is already the next day there, not in winter.
    expect(todayIn("Europe/London", new Date("2026-06-28T23:30:00Z"))).toBe("2026-06-29");
    expect(todayIn("Europe/London", new Date("2026-01-11T23:30:00Z"))).toBe("2026-01-11");
  });
});

// date-fns in UTC, the module's earlier arithmetic, as the oracle of the plain-number one.
const utc = { in: tz("UTC") };
const viaDateFns = {
  addDays: (day: string, days: number) =>
    format(addCalendarDays(parseISO(day, utc), days, utc), "yyyy-MM-dd", utc),
  daysBetween: (from: string, to: string) =>
    differenceInCalendarDays(parseISO(to, utc), parseISO(from, utc), utc),
  monday: (day: string) => format(startOfISOWeek(parseISO(day, utc), utc), "yyyy-MM-dd", utc),
};
const anyDay = fc
  .date({
    min: new Date("1900-01-01T00:00:00Z"),
    max: new Date("2199-12-31T00:00:00Z"),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));

describe("day arithmetic", () => {
  it("agrees with date-fns in UTC on any day, any step", () => {
    fc.assert(
      fc.property(anyDay, anyDay, fc.integer({ min: -5000, max: 5000 }), (day, other, step) => {
        expect(addDays(day, step)).toBe(viaDateFns.addDays(day, step));
        expect(daysBetween(day, other)).toBe(viaDateFns.daysBetween(day, other));
        expect(weekOf(day).start).toBe(viaDateFns.monday(day));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("addDays", () => {
  it("moves across month and year ends, both ways", () => {
    expect(addDays("2026-11-22", 7)).toBe("2026-11-29");
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2026-11-22", -40)).toBe("2026-10-13");
    expect(addDays("2026-11-22", 0)).toBe("2026-11-22");
  });

  it("knows leap years", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
  });

  describe("whatever the host's zone", () => {
    const hostZone = process.env.TZ;
    beforeEach(() => {
      process.env.TZ = "Europe/London";
    });
    afterEach(() => {
      if (hostZone === undefined) delete process.env.TZ;
      else process.env.TZ = hostZone;
    });

    it("counts a day that loses or gains an hour as one day", () => {
      expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
      expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
      expect(addDays("2026-10-25", 1)).toBe("2026-10-26");
      expect(addDays("2026-10-26", -2)).toBe("2026-10-24");
      expect(weekOf("2026-03-29")).toEqual({ start: "2026-03-23", end: "2026-03-29" });
      expect(formatDisplayDate("2026-03-29")).toBe("Mar 29, 2026");
    });
  });
});

describe("weekOf", () => {
  it("runs Monday to Sunday", () => {
    expect(weekOf("2026-11-23")).toEqual({ start: "2026-11-23", end: "2026-11-29" }); // a Monday
    expect(weekOf("2026-11-29")).toEqual({ start: "2026-11-23", end: "2026-11-29" }); // its Sunday
    expect(weekOf("2026-11-25")).toEqual({ start: "2026-11-23", end: "2026-11-29" });
  });

  it("crosses months and years", () => {
    expect(weekOf("2027-01-01")).toEqual({ start: "2026-12-28", end: "2027-01-03" });
    expect(weekOf("2026-03-01")).toEqual({ start: "2026-02-23", end: "2026-03-01" });
  });

  it("is the week of the office's today: Karachi all year, London with summer time", () => {
    // Sunday 23:30 UTC: Monday already in Karachi (UTC+5) and in summer London (UTC+1).
    const summerSunday = new Date("2026-06-28T23:30:00Z");
    expect(weekOf(todayIn("Asia/Karachi", summerSunday)).start).toBe("2026-06-29");
    expect(weekOf(todayIn("Europe/London", summerSunday)).start).toBe("2026-06-29");
    expect(weekOf(todayIn("UTC", summerSunday)).start).toBe("2026-06-22");
    // In winter London is on UTC: still Sunday, the week before.
    const winterSunday = new Date("2026-11-29T23:30:00Z");
    expect(weekOf(todayIn("Europe/London", winterSunday)).start).toBe("2026-11-23");
    expect(weekOf(todayIn("Asia/Karachi", winterSunday)).start).toBe("2026-11-30");
  });
});

describe("formatDisplayDate", () => {
  it("shows 'MMM dd, yyyy' without shifting the calendar date", () => {
    expect(formatDisplayDate("2026-03-05")).toBe("Mar 05, 2026");
    expect(formatDisplayDate("2026-12-31T00:00:00.000Z")).toBe("Dec 31, 2026");
  });
});

describe("isValidTimeZone", () => {
  it("accepts IANA names only", () => {
    expect(isValidTimeZone("Asia/Karachi")).toBe(true);
    expect(isValidTimeZone("Nowhere/Land")).toBe(false);
  });
});

describe("daysBetween", () => {
  it("counts calendar days across month, year and leap-day ends, both ways", () => {
    expect(daysBetween("2026-11-22", "2026-11-22")).toBe(0);
    expect(daysBetween("2026-11-25", "2026-12-02")).toBe(7);
    expect(daysBetween("2026-12-31", "2027-01-01")).toBe(1);
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2);
    expect(daysBetween("2026-12-02", "2026-11-25")).toBe(-7);
  });
});

describe("parseTypedDate", () => {
  it("reads day-first, ISO and display dates as yyyy-MM-dd", () => {
    for (const typed of [
      "22/11/2026",
      "22-11-2026",
      "22.11.2026",
      "2026-11-22",
      "2026/11/22",
      "Nov 22, 2026",
      "nov 22 2026",
      "November 22, 2026",
      "22 Nov 2026",
      "  22/11/2026  ",
    ]) {
      expect(parseTypedDate(typed), typed).toBe("2026-11-22");
    }
    expect(parseTypedDate("1/2/2026")).toBe("2026-02-01");
    expect(parseTypedDate(formatDisplayDate("2026-03-05"))).toBe("2026-03-05");
  });

  it("refuses what names no calendar date", () => {
    for (const typed of [
      "31/02/2026",
      "29/02/2027",
      "2026-13-01",
      "22/11/26",
      "22/11/20261",
      "tomorrow",
      "",
      "Nov 31, 2026",
    ]) {
      expect(parseTypedDate(typed), typed).toBeNull();
    }
    expect(parseTypedDate("29/02/2028")).toBe("2028-02-29");
  });
});

describe("formatDisplayDate in Urdu", () => {
  it("names the month in Urdu with Western digits, and English stays MMM dd, yyyy", () => {
    expect(formatDisplayDate("2026-11-04", "ur")).toBe("04 نومبر، 2026");
    expect(formatDisplayDate("2026-11-04", "en")).toBe("Nov 04, 2026");
    expect(formatDisplayDate("2026-11-04")).toBe("Nov 04, 2026");
  });
});

describe("dateSchema", () => {
  it("takes real calendar dates only, and none of year 0000 (PostgreSQL has no year 0)", () => {
    const schema = dateSchema("common:error.invalidDate");
    for (const day of ["2026-11-26", "2024-02-29", "0001-01-01"])
      expect(schema.safeParse(day).success).toBe(true);
    for (const day of ["0000-01-01", "2025-02-29", "2026-04-31", "2026-13-01", "26-11-2026", ""])
      expect(schema.safeParse(day).success).toBe(false);
  });
});
