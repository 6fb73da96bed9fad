import { Button, Group, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import { ENGAGEMENT_MESSAGES, type EngagementList } from "../../shared/engagements";
import { PrintIcon } from "../ui/action-icons";
import { CalendarFeedButton } from "./calendar-feed-dialog";
import classes from "./engagement-chart.module.css";
import { engagementColumns } from "./engagement-columns";
import { type ChartSpan, describeSpan } from "./engagement-display";
import { EngagementFilters } from "./engagement-filters";
import { useEngagements } from "./engagement-queries";
import { EngagementTable } from "./engagement-table";
import {
  type EngagementFilterValues,
  hasActiveFilters,
  useEngagementFilters,
} from "./use-engagement-filters";

const CHART_COLUMNS = [
  engagementColumns.time,
  engagementColumns.subject,
  engagementColumns.venue,
  engagementColumns.inAttendance,
  engagementColumns.status,
];

/** A chosen date is shown even outside this week: it is the narrower request. */
function spanOf(filters: EngagementFilterValues, week: EngagementList["week"]): ChartSpan {
  if (filters.date) return { kind: "day", date: filters.date };
  if (filters.range === "all") return { kind: "all" };
  return { kind: "week", ...week };
}

function emptyMessage(filters: EngagementFilterValues): string {
  if (hasActiveFilters(filters)) return "No engagements found for the selected filters.";
  if (filters.range === "week") return "No engagements scheduled for this week.";
  return "No engagements found.";
}

/** SPEC.md 'Engagement chart', for every role: this week by default, grouped by day, printable. */
export function EngagementChartPage() {
  const { filters, changeFilters, clearFilters } = useEngagementFilters();
  const isShowingAll = filters.range === "all";
  const query = useEngagements({
    range: isShowingAll || filters.date ? "all" : "week",
    order: "asc",
    venue: filters.venue,
    status: filters.status,
    date: filters.date,
    search: filters.search,
  });
  const span = query.data && spanOf(filters, query.data.week);

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
          onChange={(event) =>
            changeFilters({ range: event.currentTarget.checked ? "all" : "week" })
          }
        />
        <EngagementFilters filters={filters} onChange={changeFilters} onClear={clearFilters} />
      </Stack>
      <EngagementTable
        label="Engagement chart"
        columns={CHART_COLUMNS}
        query={query}
        emptyMessage={emptyMessage(filters)}
        isGroupedByDay
      />
    </Stack>
  );
}
