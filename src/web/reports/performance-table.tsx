import { Anchor, Badge, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  formatAverageDays,
  type PerformanceReport,
  type PerformanceRow,
  REPORT_MESSAGES,
} from "../../shared/reports";
import { type Column, DataTable } from "../ui/list/data-table";
import { formatOnTimeRate, formatRate, PERFORMANCE_COLORS, userTasksPath } from "./report-figures";
import classes from "./reports.module.css";
import { TrendText } from "./trend-text";

const EMPTY_MESSAGE = "No tasks were assigned in this period.";
const SKELETON_ROWS = 4;

/** A person's row, with the link to their tasks assigned in the report's period. */
type ReportRow = PerformanceRow & { tasksPath: string };

/** Figures line up at the end of their column, on one line; names and labels at the start. */
function figure(header: string, render: (row: ReportRow) => ReactNode): Column<ReportRow> {
  return { header, render, align: "end", nowrap: true };
}

const COLUMNS: Column<ReportRow>[] = [
  {
    header: "User",
    minWidth: "10rem",
    render: (row) => (
      <>
        <Anchor component={Link} to={row.tasksPath} fw={500} size="sm">
          {row.name}
        </Anchor>
        {row.email && (
          <Text size="xs" c="dimmed">
            {row.email}
          </Text>
        )}
      </>
    ),
  },
  figure("Total", (row) => row.totalTasks),
  figure("Completed", (row) => row.completedTasks),
  figure("In Progress", (row) => row.inProgressTasks),
  figure("Over Due", (row) => row.delayedTasks),
  figure("Completion Rate", (row) => (
    <Badge color={PERFORMANCE_COLORS[row.color]} autoContrast tt="none" size="sm">
      {formatRate(row.completionRate)}
    </Badge>
  )),
  figure("On Time", formatOnTimeRate),
  figure("Avg. Days", (row) => formatAverageDays(row.avgCompletionDays)),
  figure("Trend", (row) => <TrendText row={row} />),
  {
    header: "Performance",
    render: (row) => (
      // Mantine lets a badge shrink to an ellipsis; a label must stay whole.
      <Badge
        color={PERFORMANCE_COLORS[row.color]}
        autoContrast
        tt="none"
        size="sm"
        miw="max-content"
      >
        {row.label}
      </Badge>
    ),
  },
];

type PerformanceTableProps = {
  report: PerformanceReport | undefined;
  /** The report shown belongs to the previous range while the new one loads. */
  isStale: boolean;
  hasFailed: boolean;
  onRetry: () => void;
};

/** One row per person, in the server's order (completion rate, highest first). */
export function PerformanceTable({ report, isStale, hasFailed, onRetry }: PerformanceTableProps) {
  return (
    <DataTable
      label="Performance by user"
      columns={COLUMNS}
      rows={report?.rows.map((row) => ({ ...row, tasksPath: userTasksPath(row.userId, report) }))}
      rowKey={(row) => row.userId}
      isStale={isStale}
      failure={hasFailed ? { message: REPORT_MESSAGES.fetchFailed, onRetry } : null}
      empty={EMPTY_MESSAGE}
      skeletonRows={SKELETON_ROWS}
      wrapHeaders
      className={classes.performance}
    />
  );
}
