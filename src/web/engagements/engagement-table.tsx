import { Button, Group, Skeleton, Table, Text } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import {
  ENGAGEMENT_MESSAGES,
  type EngagementItem,
  type EngagementList,
} from "../../shared/engagements";
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

const SKELETON_ROWS = 5;

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

  function message(content: ReactNode) {
    return (
      <Table.Tbody>
        <Table.Tr>
          <Table.Td colSpan={columns.length}>
            <Group justify="center" py="lg" gap="sm">
              {content}
            </Group>
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    );
  }

  let body: ReactNode;
  if (isPending) {
    body = (
      <Table.Tbody>
        {Array.from({ length: SKELETON_ROWS }, (_, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on.
          <Table.Tr key={row}>
            {columns.map((column) => (
              <Table.Td key={column.header}>
                <Skeleton height={14} my={4} />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    );
  } else if (isError && !data) {
    body = message(
      <>
        <Text c="dimmed">{ENGAGEMENT_MESSAGES.fetchFailed}</Text>
        <Button variant="default" size="xs" onClick={() => void refetch()}>
          Try Again
        </Button>
      </>,
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
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
    <section className={classes.scroll} aria-label={label} tabIndex={0}>
      <Table
        className={`${classes.table} ${isPlaceholderData ? classes.busy : ""}`}
        stickyHeader
        highlightOnHover
        verticalSpacing="xs"
        fz="sm"
        aria-label={label}
        aria-busy={isPending || isPlaceholderData}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} scope="col">
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        {body}
      </Table>
    </section>
  );
}
