import { describe, expect, it } from "vitest";
import {
  addWorkingDays,
  isWorkingDay,
  type OfficeCalendar,
  officeSettingsSchema,
  parseHolidayLines,
  previousWorkingDay,
  workingDaysAgo,
  workingDaysBetween,
  workingDaysUntil,
} from "./calendar";
import { DEFAULT_DAK_SETTINGS } from "./dak";
import { addDays } from "./dates";

// November 2026: the 21st and 22nd are Saturday and Sunday; Iqbal Day was Monday the 9th.
const office: OfficeCalendar = {
  offDays: new Set([6, 0]),
  holidays: new Set(["2026-11-09", "2026-11-25"]),
};

describe("the office calendar", () => {
  it("knows weekends and holidays", () => {
    expect(isWorkingDay("2026-11-20", office)).toBe(true); // Friday
    expect(isWorkingDay("2026-11-21", office)).toBe(false); // Saturday
    expect(isWorkingDay("2026-11-22", office)).toBe(false); // Sunday
    expect(isWorkingDay("2026-11-25", office)).toBe(false); // a holiday, Wednesday
  });

  it("counts working days after one date up to another", () => {
    // Fri 20 → Thu 26: Mon 23, Tue 24, (Wed 25 holiday), Thu 26.
    expect(workingDaysBetween("2026-11-20", "2026-11-26", office)).toBe(3);
    expect(workingDaysBetween("2026-11-26", "2026-11-20", office)).toBe(0);
    expect(workingDaysBetween("2026-11-20", "2026-11-20", office)).toBe(0);
  });

  it("adds working days, skipping weekends and holidays", () => {
    expect(addWorkingDays("2026-11-20", 1, office)).toBe("2026-11-23");
    expect(addWorkingDays("2026-11-24", 1, office)).toBe("2026-11-26");
    expect(addWorkingDays("2026-11-24", 0, office)).toBe("2026-11-24");
  });

  it("finds the latest due date that is N working days past", () => {
    // From Thu 26, 3 working days back: Thu 26, Tue 24, Mon 23 → due on or before Sun 22.
    expect(workingDaysAgo("2026-11-26", 3, office)).toBe("2026-11-22");
    expect(workingDaysBetween("2026-11-22", "2026-11-26", office)).toBe(3);
    expect(workingDaysBetween("2026-11-23", "2026-11-26", office)).toBe(2);
  });

  it("answers many counts at once the same as one at a time", () => {
    const count = workingDaysUntil("2026-10-01", "2026-11-30", office);
    for (let day = "2026-10-01"; day <= "2026-11-30"; day = addDays(day, 1))
      expect(count(day), day).toBe(workingDaysBetween(day, "2026-11-30", office));
  });

  it("finds the last working day before a date", () => {
    expect(previousWorkingDay("2026-11-23", office)).toBe("2026-11-20"); // Monday → Friday
    expect(previousWorkingDay("2026-11-26", office)).toBe("2026-11-24"); // over the holiday
  });

  it("refuses to count in a week without working days", () => {
    const never: OfficeCalendar = { offDays: new Set([0, 1, 2, 3, 4, 5, 6]), holidays: new Set() };
    expect(() => addWorkingDays("2026-11-20", 1, never)).toThrow();
  });
});

describe("pasted holiday lists", () => {
  it("reads date, name lines with a heading and blank lines", () => {
    expect(
      parseHolidayLines("Date,Name\n2026-03-23, Pakistan Day\n\n2026-08-14;Independence Day"),
    ).toEqual({
      holidays: [
        { date: "2026-03-23", name: "Pakistan Day" },
        { date: "2026-08-14", name: "Independence Day" },
      ],
    });
  });

  it("names the first bad line, a repeated date, or an empty list", () => {
    expect(parseHolidayLines("2026-03-23,Pakistan Day\n2026-02-30,Nothing")).toEqual({
      problem: expect.stringContaining('"line":2'),
    });
    expect(parseHolidayLines("2026-03-23,A\n2026-03-23,B")).toEqual({
      problem: expect.stringContaining("importDuplicate"),
    });
    expect(parseHolidayLines("\n\n")).toEqual({ problem: "office:holidays.importEmpty" });
    expect(parseHolidayLines("2026-03-23,")).toEqual({
      problem: expect.stringContaining("office:holidays.nameRequired"),
    });
  });
});

describe("office settings", () => {
  const valid = {
    weeklyOffDays: [6, 0],
    digestTime: "08:00",
    dueSoonWorkingDays: 3,
    escalation: { enabled: true, afterWorkingDays: 7 },
    emailDefaults: { digest: false },
    deletedFileRetentionDays: 0,
    dak: DEFAULT_DAK_SETTINGS,
    markingLimits: { information: 2, action: null, comments: 5, approval: 3, signature: 60 },
  };
  it("accepts sensible settings", () => {
    expect(officeSettingsSchema.safeParse(valid).success).toBe(true);
  });
  it.each([
    ["a threshold of 0", { ...valid, escalation: { enabled: true, afterWorkingDays: 0 } }],
    ["a threshold of 366", { ...valid, dueSoonWorkingDays: 366 }],
    ["a fractional threshold", { ...valid, dueSoonWorkingDays: 2.5 }],
    ["a time of 24:00", { ...valid, digestTime: "24:00" }],
    ["a time without minutes", { ...valid, digestTime: "8" }],
    ["every day off", { ...valid, weeklyOffDays: [0, 1, 2, 3, 4, 5, 6] }],
    ["a weekday 7", { ...valid, weeklyOffDays: [7] }],
    ["an unknown mail kind", { ...valid, emailDefaults: { spam: true } }],
    ["a negative retention", { ...valid, deletedFileRetentionDays: -1 }],
    ["a retention over ten years", { ...valid, deletedFileRetentionDays: 3651 }],
    ["no registers' settings", { ...valid, dak: undefined }],
    ["no time limits for markings", { ...valid, markingLimits: undefined }],
    ["a purpose without its limit", { ...valid, markingLimits: { information: 2 } }],
    ["a limit of 61", { ...valid, markingLimits: { ...valid.markingLimits, comments: 61 } }],
    ["a limit of 0", { ...valid, markingLimits: { ...valid.markingLimits, comments: 0 } }],
    [
      "a diary template without the running number",
      { ...valid, dak: { ...DEFAULT_DAK_SETTINGS, diaryTemplate: "HED-{yyyy}" } },
    ],
    [
      "a category twice",
      { ...valid, dak: { ...DEFAULT_DAK_SETTINGS, categories: ["RTI", "rti"] } },
    ],
  ])("refuses %s", (_, settings) => {
    expect(officeSettingsSchema.safeParse(settings).success).toBe(false);
  });
});
