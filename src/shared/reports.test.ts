import { describe, expect, it } from "vitest";
import { said } from "./i18n/server-instance";
import {
  completionRate,
  formatAverageDays,
  PERFORMANCE_LABEL_KEYS,
  performanceColor,
  performanceLabel,
  REPORT_MESSAGES,
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
    expect(formatAverageDays(0, "N/A")).toBe("N/A");
    expect(formatAverageDays(3, "N/A")).toBe("3");
  });

  it("names every performance label in the catalogs", () => {
    for (const [label, key] of Object.entries(PERFORMANCE_LABEL_KEYS)) {
      expect(said(key)).toBe(label);
      expect(said(key, "ur")).not.toBe(label);
    }
    expect(said(REPORT_MESSAGES.badRange)).toBe("Range must be 7, 30, 90 or 365 days");
  });

  it("accepts the four ranges only", () => {
    expect(reportQuery.parse({})).toEqual({ range: 30 });
    expect(reportQuery.parse({ range: "365" })).toEqual({ range: 365 });
    for (const range of ["0", "14", "abc", "-7"])
      expect(reportQuery.safeParse({ range }).success).toBe(false);
  });
});
