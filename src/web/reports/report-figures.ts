import type { TFunction } from "i18next";
import {
  completionRate,
  formatAverageDays,
  PERFORMANCE_LABEL_KEYS,
  type PerformanceReport,
  type PerformanceRow,
} from "../../shared/reports";

/**
 * The reports page's translator: `useTranslation(REPORTS_NAMESPACES).t`, or a fixed one in
 * tests; "common:" keys (page titles) and "reports:" keys from shared/reports resolve too.
 */
export const REPORTS_NAMESPACES = ["reports", "common"] as const;
export type ReportsT = TFunction<typeof REPORTS_NAMESPACES>;

/**
 * The row's green/yellow/red as drawn in bars and badges. Badges pick black or white text by
 * contrast, so yellow stays bright and green and red stay dark enough for white text.
 */
export const PERFORMANCE_COLORS: Record<PerformanceRow["color"], string> = {
  green: "#2b7a3e",
  yellow: "#f5b800",
  red: "#c92a2a",
};

export function formatRate(rate: number): string {
  return `${rate}%`;
}

/**
 * On-time work is a share of completed tasks: with none completed there is nothing to share
 * out, so it reads N/A (as average days do) rather than a 0% that looks like late work.
 */
export function formatOnTimeRate(
  row: Pick<PerformanceRow, "completedTasks" | "onTimeRate" | "originalOnTimeRate">,
  t: ReportsT,
  against: "dueDate" | "originalDueDate" = "dueDate",
): string {
  if (row.completedTasks === 0) return t("notApplicable");
  return formatRate(against === "dueDate" ? row.onTimeRate : row.originalOnTimeRate);
}

/**
 * Meeting decisions done of those the person owns, as "1 / 2"; N/A when they own none (nothing
 * to comply with is not the same as complying with nothing).
 */
export function formatDecisionsComplied(
  row: Pick<PerformanceRow, "decisionsAssigned" | "decisionsDone">,
  t: ReportsT,
): string {
  if (row.decisionsAssigned === 0) return t("notApplicable");
  return `${row.decisionsDone} / ${row.decisionsAssigned}`;
}

/** Average completion days, N/A when zero (SPEC.md), in the page's language. */
export function formatAverage(row: Pick<PerformanceRow, "avgCompletionDays">, t: ReportsT) {
  return formatAverageDays(row.avgCompletionDays, t("notApplicable"));
}

/** Average working days a file was held, N/A when the person held none. */
export function formatDaysHeld(row: Pick<PerformanceRow, "avgDaysHeld">, t: ReportsT): string {
  return row.avgDaysHeld === null ? t("notApplicable") : String(row.avgDaysHeld);
}

/** Excellent, Good, Average or Needs Improvement, in the page's language. */
export function performanceLabelText(row: Pick<PerformanceRow, "label">, t: ReportsT): string {
  return t(PERFORMANCE_LABEL_KEYS[row.label]);
}

/**
 * The report's period: 'MMM dd, yyyy – MMM dd, yyyy' in English; `displayDate` is
 * useDisplayDate()'s, so Urdu gets its month names.
 */
export function formatPeriod(
  report: Pick<PerformanceReport, "from" | "to">,
  t: ReportsT,
  displayDate: (isoDate: string) => string,
): string {
  return t("period", { from: displayDate(report.from), to: displayDate(report.to) });
}

/** "Last 30 days" in the page's language. */
export function rangeLabel(range: number, t: ReportsT): string {
  return t("range", { count: range });
}

/** Manage Tasks, narrowed to one person's tasks assigned in the report's period. */
export function userTasksPath(
  userId: string,
  report: Pick<PerformanceReport, "from" | "to">,
): string {
  const params = new URLSearchParams({
    assignedUser: userId,
    assignDateFrom: report.from,
    assignDateTo: report.to,
  });
  return `/admin/manage-tasks?${params}`;
}

export type Trend = {
  /** Completion rate now minus in the previous period, in points; null with no tasks then. */
  change: number | null;
  /** As shown: "+12%", "−8%" (a true minus sign), "0%" or "—". */
  text: string;
  /** What a screen reader says instead of the text. */
  label: string;
};

export function trendOf(
  row: Pick<PerformanceRow, "completionRate" | "previousCompletionRate">,
  t: ReportsT,
): Trend {
  if (row.previousCompletionRate === null) {
    return { change: null, text: "—", label: t("trend.none") };
  }
  const change = row.completionRate - row.previousCompletionRate;
  if (change > 0) {
    return { change, text: `+${change}%`, label: t("trend.up", { count: change }) };
  }
  if (change < 0) {
    return { change, text: `\u2212${-change}%`, label: t("trend.down", { count: -change }) };
  }
  return { change, text: "0%", label: t("trend.same") };
}

export type ReportSummary = {
  people: number;
  totalTasks: number;
  /** Null when there is nothing to divide by. */
  completionRate: number | null;
  onTimeRate: number | null;
};

export function summarizeReport(rows: PerformanceRow[]): ReportSummary {
  let totalTasks = 0;
  let completedTasks = 0;
  let weightedOnTime = 0;
  for (const row of rows) {
    totalTasks += row.totalTasks;
    completedTasks += row.completedTasks;
    // Rows carry on-time work only as a share of each person's completed tasks, so the
    // overall share weighs each person's share by how many tasks they completed.
    weightedOnTime += row.onTimeRate * row.completedTasks;
  }
  return {
    people: rows.length,
    totalTasks,
    completionRate: totalTasks === 0 ? null : completionRate(completedTasks, totalTasks),
    onTimeRate: completedTasks === 0 ? null : Math.round(weightedOnTime / completedTasks),
  };
}
