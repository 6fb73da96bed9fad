import { describe, expect, it } from "vitest";
import { msUntilNextMidnight } from "./overdue";

describe("msUntilNextMidnight", () => {
  it("counts to midnight in the office's zone", () => {
    // 18:00 UTC is 23:00 in Karachi: one hour to go there, six in UTC.
    const now = new Date("2026-11-22T18:00:00.000Z");
    expect(msUntilNextMidnight("Asia/Karachi", now)).toBe(3600_000);
    expect(msUntilNextMidnight("UTC", now)).toBe(6 * 3600_000);
  });

  it("is a whole day just after midnight", () => {
    const now = new Date("2026-11-22T19:00:00.000Z"); // 00:00 in Karachi
    expect(msUntilNextMidnight("Asia/Karachi", now)).toBe(24 * 3600_000);
  });
});
