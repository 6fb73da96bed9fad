import { formatDisplayDate } from "../../shared/dates";
import { completionRate, type PerformanceReport, type PerformanceRow } from "../../shared/reports";

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
export function formatOnTimeRate(row: Pick<PerformanceRow, "completedTasks" | "onTimeRate">) {
  return row.completedTasks === 0 ? "N/A" : formatRate(row.onTimeRate);
}

/** The report's period as 'MMM dd, yyyy – MMM dd, yyyy'. */
export function formatPeriod(report: Pick<PerformanceReport, "from" | "to">): string {
  return `${formatDisplayDate(report.from)} – ${formatDisplayDate(report.to)}`;
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

function points(change: number): string {
  return `${change} ${change === 1 ? "point" : "points"}`;
}

export function trendOf(
  row: Pick<PerformanceRow, "completionRate" | "previousCompletionRate">,
): Trend {
  if (row.previousCompletionRate === null) {
    return { change: null, text: "—", label: "No tasks in the previous period" };
  }
  const change = row.completionRate - row.previousCompletionRate;
  if (change > 0) {
    return {
      change,
      text: `+${change}%`,
      label: `Up ${points(change)} from the previous period`,
    };
  }
  if (change < 0) {
    return {
      change,
      text: `\u2212${-change}%`,
      label: `Down ${points(-change)} from the previous period`,
    };
  }
  return { change, text: "0%", label: "No change from the previous period" };
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
