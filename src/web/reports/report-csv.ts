import { BYTE_ORDER_MARK, csvLine, textField } from "../../shared/csv";
import type { PerformanceReport } from "../../shared/reports";
import { downloadBlob } from "../ui/download";
import {
  formatAverage,
  formatDaysHeld,
  formatDecisionsComplied,
  formatOnTimeRate,
  formatRate,
  performanceLabelText,
  type ReportsT,
  trendOf,
} from "./report-figures";

/** The table's columns, with the e-mail on its own (the table shows it under the name). */
const HEADER = [
  "column.user",
  "column.email",
  "column.total",
  "column.completed",
  "column.inProgress",
  "column.overDue",
  "column.completionRate",
  "column.onTime",
  "column.onTimeOriginal",
  "column.extensions",
  "column.decisions",
  "column.avgDays",
  "column.holdings",
  "column.avgDaysHeld",
  "column.overLimit",
  "column.trend",
  "column.performance",
] as const;

/** The trend as a spreadsheet reads it: a plain hyphen-minus, so "-8%" is a number. */
function csvTrend(change: number | null): string {
  if (change === null) return "—";
  return change > 0 ? `+${change}%` : `${change}%`;
}

export function reportCsvFileName(report: Pick<PerformanceReport, "from" | "to">): string {
  return `performance-report-${report.from}-to-${report.to}.csv`;
}

/**
 * A title line, the table's header, then one line per person, with CRLF line ends; in the
 * page's language (`t`). Dates stay yyyy-MM-dd and figures plain, as spreadsheets read them.
 */
export function buildReportCsv(report: PerformanceReport, t: ReportsT): string {
  const lines = [
    csvLine([textField(t("csv.title", { from: report.from, to: report.to }))]),
    csvLine(HEADER.map((key) => textField(t(key)))),
    ...report.rows.map((row) =>
      csvLine([
        textField(row.name),
        textField(row.email ?? ""),
        row.totalTasks,
        row.completedTasks,
        row.inProgressTasks,
        row.delayedTasks,
        formatRate(row.completionRate),
        formatOnTimeRate(row, t),
        formatOnTimeRate(row, t, "originalDueDate"),
        row.extensionsGranted,
        formatDecisionsComplied(row, t),
        formatAverage(row, t),
        row.holdings,
        formatDaysHeld(row, t),
        row.holdingsOverLimit,
        csvTrend(trendOf(row, t).change),
        textField(performanceLabelText(row, t)),
      ]),
    ),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

export function downloadReportCsv(report: PerformanceReport, t: ReportsT): void {
  const blob = new Blob([BYTE_ORDER_MARK, buildReportCsv(report, t)], {
    type: "text/csv;charset=utf-8",
  });
  downloadBlob(blob, reportCsvFileName(report));
}
