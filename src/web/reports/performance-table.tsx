import { Anchor, Badge, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PerformanceReport, PerformanceRow } from "../../shared/reports";
import { type Column, DataTable } from "../ui/list/data-table";
import { DesignationLine } from "../users/user-display";
import {
  formatAverage,
  formatDaysHeld,
  formatDecisionsComplied,
  formatOnTimeRate,
  formatRate,
  PERFORMANCE_COLORS,
  performanceLabelText,
  REPORTS_NAMESPACES,
  type ReportsT,
  userTasksPath,
} from "./report-figures";
import classes from "./reports.module.css";
import { TrendText } from "./trend-text";

const SKELETON_ROWS = 4;

/** A person's row, with the link to their tasks assigned in the report's period. */
type ReportRow = PerformanceRow & { tasksPath: string };

/** Figures line up at the end of their column, on one line; names and labels at the start. */
function figure(header: string, render: (row: ReportRow) => ReactNode): Column<ReportRow> {
  return { header, render, align: "end", nowrap: true };
}

function columnsFor(t: ReportsT): Column<ReportRow>[] {
  return [
    {
      header: t("column.user"),
      minWidth: "10rem",
      render: (row) => (
        <>
          <Anchor component={Link} to={row.tasksPath} fw={500} size="sm">
            {row.name}
          </Anchor>
          <DesignationLine person={row} />
          {row.email && (
            <Text size="xs" c="dimmed">
              {row.email}
            </Text>
          )}
        </>
      ),
    },
    figure(t("column.total"), (row) => row.totalTasks),
    figure(t("column.completed"), (row) => row.completedTasks),
    figure(t("column.inProgress"), (row) => row.inProgressTasks),
    figure(t("column.overDue"), (row) => row.delayedTasks),
    figure(t("column.completionRate"), (row) => (
      <Badge color={PERFORMANCE_COLORS[row.color]} autoContrast tt="none" size="sm">
        {formatRate(row.completionRate)}
      </Badge>
    )),
    figure(t("column.onTime"), (row) => formatOnTimeRate(row, t)),
    figure(t("column.onTimeOriginal"), (row) => formatOnTimeRate(row, t, "originalDueDate")),
    figure(t("column.extensions"), (row) => row.extensionsGranted),
    figure(t("column.decisions"), (row) => formatDecisionsComplied(row, t)),
    figure(t("column.avgDays"), (row) => formatAverage(row, t)),
    figure(t("column.holdings"), (row) => row.holdings),
    figure(t("column.avgDaysHeld"), (row) => formatDaysHeld(row, t)),
    figure(t("column.overLimit"), (row) => row.holdingsOverLimit),
    figure(t("column.trend"), (row) => <TrendText row={row} />),
    {
      header: t("column.performance"),
      render: (row) => (
        // Mantine lets a badge shrink to an ellipsis; a label must stay whole.
        <Badge
          color={PERFORMANCE_COLORS[row.color]}
          autoContrast
          tt="none"
          size="sm"
          miw="max-content"
        >
          {performanceLabelText(row, t)}
        </Badge>
      ),
    },
  ];
}

type PerformanceTableProps = {
  report: PerformanceReport | undefined;
  /** The report shown belongs to the previous range while the new one loads. */
  isStale: boolean;
  hasFailed: boolean;
  onRetry: () => void;
};

/** One row per person, in the server's order (completion rate, highest first). */
export function PerformanceTable({ report, isStale, hasFailed, onRetry }: PerformanceTableProps) {
  const { t } = useTranslation(REPORTS_NAMESPACES);
  return (
    <DataTable
      label={t("table.label")}
      columns={columnsFor(t)}
      rows={report?.rows.map((row) => ({ ...row, tasksPath: userTasksPath(row.userId, report) }))}
      rowKey={(row) => row.userId}
      isStale={isStale}
      failure={hasFailed ? { message: t("fetchFailed"), onRetry } : null}
      empty={t("table.empty")}
      skeletonRows={SKELETON_ROWS}
      wrapHeaders
      className={classes.performance}
    />
  );
}
