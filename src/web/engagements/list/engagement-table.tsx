import type { UseQueryResult } from "@tanstack/react-query";
import {
  ENGAGEMENT_MESSAGES,
  type EngagementItem,
  type EngagementList,
} from "../../../shared/engagements";
import type { MessageKey } from "../../../shared/i18n/message";
import { type Column, DataTable, type RowGroup } from "../../ui/list/data-table";
import { groupByDay, useEngagementDisplay } from "../engagement-display";

export type EngagementColumn = Column<EngagementItem>;

/** The label and the empty message are catalog keys: the table translates them. */
type EngagementTableProps = {
  /** Names the scrollable table region for assistive technology. */
  label: MessageKey;
  columns: EngagementColumn[];
  query: UseQueryResult<EngagementList>;
  emptyMessage: MessageKey;
  /** The chart: a header row per date above that day's engagements. */
  isGroupedByDay?: boolean;
};

/** Engagements in a dense table (cards on a phone), optionally grouped by day. */
export function EngagementTable({
  label,
  columns,
  query,
  emptyMessage,
  isGroupedByDay = false,
}: EngagementTableProps) {
  const { data, isError, isPlaceholderData, refetch } = query;
  const { dayHeading } = useEngagementDisplay();
  const byDay = (engagements: EngagementItem[]): RowGroup<EngagementItem>[] =>
    groupByDay(engagements).map((day) => ({
      key: day.date,
      heading: dayHeading(day.date),
      rows: day.engagements,
    }));
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
