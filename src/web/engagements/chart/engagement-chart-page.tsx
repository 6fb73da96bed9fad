import { Button, Group, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import {
  ENGAGEMENT_FILTER_FIELDS,
  ENGAGEMENT_MESSAGES,
  type EngagementList,
  type EngagementListState,
  engagementListState,
} from "../../../shared/engagements";
import { PrintIcon } from "../../ui/action-icons";
import { useListState } from "../../ui/list/use-list-state";
import { type ChartSpan, describeSpan } from "../engagement-display";
import { useEngagements } from "../engagement-queries";
import { engagementColumns } from "../list/engagement-columns";
import { EngagementFilters } from "../list/engagement-filters";
import { EngagementTable } from "../list/engagement-table";
import { CalendarFeedButton } from "./calendar-feed-dialog";
import classes from "./engagement-chart.module.css";
import { useOpenAtThisWeek } from "./use-open-at-this-week";

const CHART_COLUMNS = [
  engagementColumns.time,
  engagementColumns.subject,
  engagementColumns.venue,
  engagementColumns.inAttendance,
  engagementColumns.status,
];

/** A chosen date is shown even outside this week: it is the narrower request. */
function spanOf(filters: EngagementListState, week: EngagementList["week"]): ChartSpan {
  if (filters.date) return { kind: "day", date: filters.date };
  if (filters.range === "all") return { kind: "all" };
  return { kind: "week", ...week };
}

function emptyMessage(filters: EngagementListState, hasFilters: boolean): string {
  if (hasFilters) return "No engagements found for the selected filters.";
  if (filters.range === "week") return "No engagements scheduled for this week.";
  return "No engagements found.";
}

/** SPEC.md 'Engagement chart', for every role: this week by default, grouped by day, printable. */
export function EngagementChartPage() {
  const list = useListState(engagementListState, ENGAGEMENT_FILTER_FIELDS);
  const filters = list.values;
  const isShowingAll = filters.range === "all";
  const query = useEngagements({
    ...filters,
    range: isShowingAll || filters.date ? "all" : "week",
    order: "asc",
  });
  const span = query.data && spanOf(filters, query.data.week);
  const chartRef = useOpenAtThisWeek(
    query,
    isShowingAll && !filters.date ? JSON.stringify(filters) : null,
  );

  return (
    <Stack gap="md" className={classes.chart}>
      {span && (
        <Title order={1} className={classes.printTitle}>
          {`${ENGAGEMENT_MESSAGES.chartTitle} — ${describeSpan(span, " to ")}`}
        </Title>
      )}
      <Group justify="space-between" align="flex-start" className={classes.screenOnly}>
        <Stack gap={4}>
          <Title order={1}>{ENGAGEMENT_MESSAGES.chartTitle}</Title>
          {span ? (
            <Text c="dimmed">{describeSpan(span, " – ")}</Text>
          ) : (
            <Skeleton height={20} width={260} />
          )}
        </Stack>
        <Group gap="sm">
          <Button leftSection={<PrintIcon />} onClick={() => window.print()}>
            Print Engagement Chart
          </Button>
          <CalendarFeedButton />
        </Group>
      </Group>
      <Stack gap="sm" className={classes.screenOnly}>
        <Switch
          label="Show All Engagements"
          checked={isShowingAll}
          onChange={(event) => list.change({ range: event.currentTarget.checked ? "all" : "week" })}
        />
        <EngagementFilters
          filters={filters}
          activeCount={list.activeFilters.length}
          onChange={list.change}
          onClear={list.clear}
        />
      </Stack>
      <div ref={chartRef} className={classes.days}>
        <EngagementTable
          label="Engagement chart"
          columns={CHART_COLUMNS}
          query={query}
          emptyMessage={emptyMessage(filters, list.activeFilters.length > 0)}
          isGroupedByDay
        />
      </div>
    </Stack>
  );
}
