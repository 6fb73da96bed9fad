import { describe, expect, it } from "vitest";
import { formatDisplayDate, isValidTimeZone, todayIn } from "./dates";

describe("todayIn", () => {
  it("counts the day in the office's zone, not in UTC", () => {
    // 20:30 UTC on 31 Dec is already 1 Jan in Karachi (UTC+5).
    const instant = new Date("2026-12-31T20:30:00Z");
    expect(todayIn("Asia/Karachi", instant)).toBe("2027-01-01");
    expect(todayIn("UTC", instant)).toBe("2026-12-31");
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
