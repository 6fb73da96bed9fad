import { Anchor, Badge, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatAverageDays, type PerformanceReport, REPORT_MESSAGES } from "../../shared/reports";
import { LoadFailedRow, SkeletonRows, TableMessageRow } from "../ui/table-states";
import { formatOnTimeRate, formatRate, PERFORMANCE_COLORS, userTasksPath } from "./report-figures";
import classes from "./reports.module.css";
import { TrendText } from "./trend-text";

const EMPTY_MESSAGE = "No tasks were assigned in this period.";
const SKELETON_ROWS = 4;

/** Figures line up at the end of their column; names and labels at the start. */
const COLUMNS = [
  { header: "User", isFigure: false },
  { header: "Total", isFigure: true },
  { header: "Completed", isFigure: true },
  { header: "In Progress", isFigure: true },
  { header: "Over Due", isFigure: true },
  { header: "Completion Rate", isFigure: true },
  { header: "On Time", isFigure: true },
  { header: "Avg. Days", isFigure: true },
  { header: "Trend", isFigure: true },
  { header: "Performance", isFigure: false },
];

type PerformanceTableProps = {
  report: PerformanceReport | undefined;
  isPending: boolean;
  /** The report shown belongs to the previous range while the new one loads. */
  isStale: boolean;
  hasFailed: boolean;
  onRetry: () => void;
};

function Figure({ children }: { children: ReactNode }) {
  return (
    <Table.Td ta="end" className={classes.nowrap}>
      {children}
    </Table.Td>
  );
}

/** One row per person, in the server's order (completion rate, highest first). */
export function PerformanceTable({
  report,
  isPending,
  isStale,
  hasFailed,
  onRetry,
}: PerformanceTableProps) {
  const message = (content: ReactNode) => (
    <TableMessageRow colSpan={COLUMNS.length}>{content}</TableMessageRow>
  );

  let body: ReactNode;
  if (isPending) {
    body = <SkeletonRows columns={COLUMNS} rows={SKELETON_ROWS} />;
  } else if (!report && hasFailed) {
    body = (
      <LoadFailedRow
        colSpan={COLUMNS.length}
        message={REPORT_MESSAGES.fetchFailed}
        onRetry={onRetry}
      />
    );
  } else if (!report || report.rows.length === 0) {
    body = message(<Text c="dimmed">{EMPTY_MESSAGE}</Text>);
  } else {
    body = report.rows.map((row) => {
      const color = PERFORMANCE_COLORS[row.color];
      return (
        <Table.Tr key={row.userId}>
          <Table.Td className={classes.user}>
            <Anchor component={Link} to={userTasksPath(row.userId, report)} fw={500} size="sm">
              {row.name}
            </Anchor>
            {row.email && (
              <Text size="xs" c="dimmed">
                {row.email}
              </Text>
            )}
          </Table.Td>
          <Figure>{row.totalTasks}</Figure>
          <Figure>{row.completedTasks}</Figure>
          <Figure>{row.inProgressTasks}</Figure>
          <Figure>{row.delayedTasks}</Figure>
          <Figure>
            <Badge color={color} autoContrast tt="none" size="sm">
              {formatRate(row.completionRate)}
            </Badge>
          </Figure>
          <Figure>{formatOnTimeRate(row)}</Figure>
          <Figure>{formatAverageDays(row.avgCompletionDays)}</Figure>
          <Figure>
            <TrendText row={row} />
          </Figure>
          <Table.Td>
            {/* Mantine lets a badge shrink to an ellipsis; a label must stay whole. */}
            <Badge color={color} autoContrast tt="none" size="sm" miw="max-content">
              {row.label}
            </Badge>
          </Table.Td>
        </Table.Tr>
      );
    });
  }

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
    <section className={classes.scroll} aria-label="Performance by user" tabIndex={0}>
      <Table
        className={`${classes.table} ${isStale ? classes.busy : ""}`}
        stickyHeader
        highlightOnHover
        verticalSpacing="xs"
        fz="sm"
        aria-busy={isPending || isStale}
      >
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column.header} scope="col" ta={column.isFigure ? "end" : "start"}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
    </section>
  );
}
