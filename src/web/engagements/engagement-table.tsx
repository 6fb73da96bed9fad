import { Table, Text } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import {
  ENGAGEMENT_MESSAGES,
  type EngagementItem,
  type EngagementList,
} from "../../shared/engagements";
import { ScrollTable } from "../ui/scroll-table";
import { LoadFailedRow, SkeletonRows, TableMessageRow } from "../ui/table-states";
import { formatDayHeading, groupByDay } from "./engagement-display";
import classes from "./engagement-table.module.css";

export type EngagementColumn = {
  header: string;
  render: (engagement: EngagementItem) => ReactNode;
  className?: string;
};

type EngagementTableProps = {
  /** Names the scrollable table region for assistive technology. */
  label: string;
  columns: EngagementColumn[];
  query: UseQueryResult<EngagementList>;
  emptyMessage: string;
  /** The chart: a header row per date above that day's engagements. */
  isGroupedByDay?: boolean;
};

/** Engagements in a dense table: sticky header, skeleton rows while loading, optional day groups. */
export function EngagementTable({
  label,
  columns,
  query,
  emptyMessage,
  isGroupedByDay = false,
}: EngagementTableProps) {
  const { data, isPending, isError, isPlaceholderData, refetch } = query;

  function rows(engagements: EngagementItem[]) {
    return engagements.map((engagement) => (
      <Table.Tr key={engagement.id}>
        {columns.map((column) => (
          <Table.Td key={column.header} className={column.className}>
            {column.render(engagement)}
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  }

  const message = (content: ReactNode) => (
    <Table.Tbody>
      <TableMessageRow colSpan={columns.length}>{content}</TableMessageRow>
    </Table.Tbody>
  );

  let body: ReactNode;
  if (isPending) {
    body = (
      <Table.Tbody>
        <SkeletonRows columns={columns} />
      </Table.Tbody>
    );
  } else if (isError && !data) {
    body = (
      <Table.Tbody>
        <LoadFailedRow
          colSpan={columns.length}
          message={ENGAGEMENT_MESSAGES.fetchFailed}
          onRetry={() => void refetch()}
        />
      </Table.Tbody>
    );
  } else if (data.engagements.length === 0) {
    body = message(<Text c="dimmed">{emptyMessage}</Text>);
  } else if (isGroupedByDay) {
    // One row group per date, headed by its day, so screen readers announce the day with each row.
    body = groupByDay(data.engagements).map((day) => (
      <Table.Tbody key={day.date}>
        <Table.Tr className={classes.dayHeader}>
          <Table.Th scope="rowgroup" colSpan={columns.length}>
            {formatDayHeading(day.date)}
          </Table.Th>
        </Table.Tr>
        {rows(day.engagements)}
      </Table.Tbody>
    ));
  } else {
    body = <Table.Tbody>{rows(data.engagements)}</Table.Tbody>;
  }

  return (
    <ScrollTable
      label={label}
      headers={columns.map((column) => column.header)}
      busy={isPlaceholderData}
      loading={isPending}
      className={classes.scroll}
    >
      {body}
    </ScrollTable>
  );
}
