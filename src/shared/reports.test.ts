import { describe, expect, it } from "vitest";
import {
  completionRate,
  formatAverageDays,
  performanceColor,
  performanceLabel,
  reportQuery,
} from "./reports";

describe("performance rules", () => {
  it("rounds the completion rate and is 0 without tasks", () => {
    expect(completionRate(1, 3)).toBe(33);
    expect(completionRate(2, 3)).toBe(67);
    expect(completionRate(0, 0)).toBe(0);
    expect(completionRate(5, 5)).toBe(100);
  });

  it.each([
    [100, "Excellent", "green"],
    [80, "Excellent", "green"],
    [79, "Good", "yellow"],
    [60, "Good", "yellow"],
    [59, "Average", "red"],
    [40, "Average", "red"],
    [39, "Needs Improvement", "red"],
    [0, "Needs Improvement", "red"],
  ] as const)("rate %i is %s in %s", (rate, label, color) => {
    expect(performanceLabel(rate)).toBe(label);
    expect(performanceColor(rate)).toBe(color);
  });

  it("shows N/A for a zero average", () => {
    expect(formatAverageDays(0)).toBe("N/A");
    expect(formatAverageDays(3)).toBe("3");
  });

  it("accepts the four ranges only", () => {
    expect(reportQuery.parse({})).toEqual({ range: 30 });
    expect(reportQuery.parse({ range: "365" })).toEqual({ range: 365 });
    for (const range of ["0", "14", "abc", "-7"])
      expect(reportQuery.safeParse({ range }).success).toBe(false);
  });
});
