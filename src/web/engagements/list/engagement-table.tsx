import type { UseQueryResult } from "@tanstack/react-query";
import {
  ENGAGEMENT_MESSAGES,
  type EngagementItem,
  type EngagementList,
} from "../../../shared/engagements";
import { type Column, DataTable, type RowGroup } from "../../ui/list/data-table";
import { formatDayHeading, groupByDay } from "../engagement-display";

export type EngagementColumn = Column<EngagementItem>;

type EngagementTableProps = {
  /** Names the scrollable table region for assistive technology. */
  label: string;
  columns: EngagementColumn[];
  query: UseQueryResult<EngagementList>;
  emptyMessage: string;
  /** The chart: a header row per date above that day's engagements. */
  isGroupedByDay?: boolean;
};

function byDay(engagements: EngagementItem[]): RowGroup<EngagementItem>[] {
  return groupByDay(engagements).map((day) => ({
    key: day.date,
    heading: formatDayHeading(day.date),
    rows: day.engagements,
  }));
}

/** Engagements in a dense table (cards on a phone), optionally grouped by day. */
export function EngagementTable({
  label,
  columns,
  query,
  emptyMessage,
  isGroupedByDay = false,
}: EngagementTableProps) {
  const { data, isError, isPlaceholderData, refetch } = query;
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={data?.engagements}
      rowKey={(engagement) => engagement.id}
      isStale={isPlaceholderData}
      failure={
        isError && !data
          ? { message: ENGAGEMENT_MESSAGES.fetchFailed, onRetry: () => void refetch() }
          : null
      }
      empty={emptyMessage}
      groupRows={isGroupedByDay ? byDay : undefined}
      asCards
    />
  );
}
