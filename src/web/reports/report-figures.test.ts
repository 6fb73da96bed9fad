import { describe, expect, it } from "vitest";
import { formatDisplayDate } from "../../shared/dates";
import { fullI18n as i18n } from "../../shared/i18n/server-instance";
import type { PerformanceRow } from "../../shared/reports";
import {
  formatDaysHeld,
  formatDecisionsComplied,
  formatOnTimeRate,
  formatPeriod,
  performanceLabelText,
  REPORTS_NAMESPACES,
  rangeLabel,
  summarizeReport,
  trendOf,
  userTasksPath,
} from "./report-figures";

const t = i18n.getFixedT("en", REPORTS_NAMESPACES);
const urdu = i18n.getFixedT("ur", REPORTS_NAMESPACES);

function row(fields: Partial<PerformanceRow>): PerformanceRow {
  return {
    userId: "u1",
    name: "Asma",
    email: null,
    designation: null,
    designationUr: null,
    totalTasks: 0,
    completedTasks: 0,
    inProgressTasks: 0,
    delayedTasks: 0,
    completionRate: 0,
    avgCompletionDays: 0,
    onTimeRate: 0,
    originalOnTimeRate: 0,
    extensionsGranted: 0,
    decisionsAssigned: 0,
    decisionsDone: 0,
    holdings: 0,
    avgDaysHeld: null,
    holdingsOverLimit: 0,
    previousCompletionRate: null,
    label: "Needs Improvement",
    color: "red",
    ...fields,
  };
}

describe("report figures", () => {
  it("shows the period as 'MMM dd, yyyy – MMM dd, yyyy'", () => {
    const period = { from: "2026-11-15", to: "2026-11-22" };
    expect(formatPeriod(period, t, formatDisplayDate)).toBe("Nov 15, 2026 – Nov 22, 2026");
    expect(formatPeriod(period, urdu, (date) => formatDisplayDate(date, "ur"))).toBe(
      "15 نومبر، 2026 تا 22 نومبر، 2026",
    );
  });

  it("names the range and the performance label in the page's language", () => {
    expect(rangeLabel(30, t)).toBe("Last 30 days");
    expect(rangeLabel(30, urdu)).toBe("گزشتہ 30 دن");
    expect(performanceLabelText(row({ label: "Needs Improvement" }), t)).toBe("Needs Improvement");
    expect(performanceLabelText(row({ label: "Excellent" }), urdu)).toBe("بہترین");
  });

  it("shows on-time work as N/A for someone who completed nothing, and 0% only for late work", () => {
    expect(formatOnTimeRate(row({ totalTasks: 3, completedTasks: 0, onTimeRate: 0 }), t)).toBe(
      "N/A",
    );
    expect(formatOnTimeRate(row({ totalTasks: 3, completedTasks: 2, onTimeRate: 0 }), t)).toBe(
      "0%",
    );
    expect(formatOnTimeRate(row({ totalTasks: 3, completedTasks: 2, onTimeRate: 50 }), t)).toBe(
      "50%",
    );
  });

  it("shows decisions complied as done of owned, N/A for someone who owns none", () => {
    expect(formatDecisionsComplied(row({ decisionsAssigned: 2, decisionsDone: 1 }), t)).toBe(
      "1 / 2",
    );
    expect(formatDecisionsComplied(row({ decisionsAssigned: 3, decisionsDone: 0 }), t)).toBe(
      "0 / 3",
    );
    expect(formatDecisionsComplied(row({}), t)).toBe("N/A");
    expect(formatDecisionsComplied(row({}), urdu)).toBe("لاگو نہیں");
  });

  it("gives the average days a file was held, and N/A when none was", () => {
    expect(formatDaysHeld(row({ holdings: 2, avgDaysHeld: 1.5 }), t)).toBe("1.5");
    expect(formatDaysHeld(row({ holdings: 1, avgDaysHeld: 0 }), t)).toBe("0");
    expect(formatDaysHeld(row({}), t)).toBe("N/A");
    expect(formatDaysHeld(row({}), urdu)).toBe("لاگو نہیں");
  });

  it("links a person to their tasks assigned in the period", () => {
    expect(userTasksPath("abc 1", { from: "2026-11-15", to: "2026-11-22" })).toBe(
      "/admin/manage-tasks?assignedUser=abc+1&assignDateFrom=2026-11-15&assignDateTo=2026-11-22",
    );
  });

  it("describes the trend in points against the previous period", () => {
    expect(trendOf({ completionRate: 62, previousCompletionRate: 50 }, t)).toEqual({
      change: 12,
      text: "+12%",
      label: "Up 12 points from the previous period",
    });
    expect(trendOf({ completionRate: 42, previousCompletionRate: 50 }, t)).toEqual({
      change: -8,
      text: "\u22128%",
      label: "Down 8 points from the previous period",
    });
    expect(trendOf({ completionRate: 51, previousCompletionRate: 50 }, t).label).toBe(
      "Up 1 point from the previous period",
    );
    expect(trendOf({ completionRate: 50, previousCompletionRate: 50 }, t)).toEqual({
      change: 0,
      text: "0%",
      label: "No change from the previous period",
    });
    expect(trendOf({ completionRate: 50, previousCompletionRate: null }, t)).toEqual({
      change: null,
      text: "—",
      label: "No tasks in the previous period",
    });
  });

  it("sums tasks and weighs each person's on-time share by their completed tasks", () => {
    const summary = summarizeReport([
      row({ totalTasks: 4, completedTasks: 3, onTimeRate: 67 }),
      row({ totalTasks: 6, completedTasks: 1, onTimeRate: 0 }),
      row({ totalTasks: 2, completedTasks: 0, onTimeRate: 0 }),
    ]);
    // 4 of 12 completed; (67 * 3 + 0 * 1) / 4 = 50.25
    expect(summary).toEqual({ people: 3, totalTasks: 12, completionRate: 33, onTimeRate: 50 });
  });

  it("has no rates to show when nothing was assigned or completed", () => {
    expect(summarizeReport([])).toEqual({
      people: 0,
      totalTasks: 0,
      completionRate: null,
      onTimeRate: null,
    });
    expect(summarizeReport([row({ totalTasks: 2 })]).onTimeRate).toBeNull();
  });
});
