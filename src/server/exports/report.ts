import {
  PERFORMANCE_LABEL_KEYS,
  type PerformanceReport,
  type PerformanceRow,
} from "../../shared/reports";
import type { SheetOf } from "./xlsx";

/** One row per person: the report is already whole (and cached), so its rows are handed on. */
async function* rowsOf(report: PerformanceReport): AsyncGenerator<PerformanceRow> {
  yield* report.rows;
}

/** The performance report as a sheet, its columns as the page's table and CSV name them. */
export function reportSheet(report: PerformanceReport): SheetOf<PerformanceRow> {
  return {
    name: "common:page.reports",
    columns: [
      { heading: "reports:column.user", type: "text", width: 28, value: (row) => row.name },
      { heading: "reports:column.email", type: "text", width: 32, value: (row) => row.email },
      {
        heading: "reports:column.total",
        type: "number",
        width: 10,
        value: (row) => row.totalTasks,
      },
      {
        heading: "reports:column.completed",
        type: "number",
        width: 12,
        value: (row) => row.completedTasks,
      },
      {
        heading: "reports:column.inProgress",
        type: "number",
        width: 12,
        value: (row) => row.inProgressTasks,
      },
      {
        heading: "reports:column.overDue",
        type: "number",
        width: 10,
        value: (row) => row.delayedTasks,
      },
      {
        heading: "reports:column.completionRate",
        type: "percent",
        width: 16,
        value: (row) => row.completionRate,
      },
      {
        heading: "reports:column.onTime",
        type: "percent",
        width: 10,
        value: (row) => (row.completedTasks ? row.onTimeRate : null),
      },
      {
        heading: "reports:column.onTimeOriginal",
        type: "percent",
        width: 16,
        value: (row) => (row.completedTasks ? row.originalOnTimeRate : null),
      },
      {
        heading: "reports:column.extensions",
        type: "number",
        width: 12,
        value: (row) => row.extensionsGranted,
      },
      {
        heading: "exports:column.decisionsAssigned",
        type: "number",
        width: 12,
        value: (row) => row.decisionsAssigned,
      },
      {
        heading: "exports:column.decisionsDone",
        type: "number",
        width: 12,
        value: (row) => row.decisionsDone,
      },
      {
        heading: "reports:column.avgDays",
        type: "number",
        width: 10,
        // SPEC.md: no completed task reads as N/A, so the cell stays empty rather than 0.
        value: (row) => (row.avgCompletionDays === 0 ? null : row.avgCompletionDays),
      },
      {
        heading: "reports:column.holdings",
        type: "number",
        width: 12,
        value: (row) => row.holdings,
      },
      {
        heading: "reports:column.avgDaysHeld",
        type: "number",
        width: 14,
        // As the table's N/A: no file held is no average, not an average of 0.
        value: (row) => row.avgDaysHeld,
      },
      {
        heading: "reports:column.overLimit",
        type: "number",
        width: 12,
        value: (row) => row.holdingsOverLimit,
      },
      {
        heading: "exports:column.previousCompletionRate",
        type: "percent",
        width: 16,
        value: (row) => row.previousCompletionRate,
      },
      {
        heading: "reports:column.performance",
        type: "label",
        width: 18,
        value: (row) => PERFORMANCE_LABEL_KEYS[row.label],
      },
    ],
    rows: rowsOf(report),
  };
}
