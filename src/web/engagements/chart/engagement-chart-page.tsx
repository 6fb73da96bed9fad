import { Button, Group, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  ENGAGEMENT_FILTER_FIELDS,
  ENGAGEMENT_MESSAGES,
  type EngagementList,
  type EngagementListState,
  engagementListState,
} from "../../../shared/engagements";
import type { MessageKey } from "../../../shared/i18n/message";
import { PrintIcon } from "../../ui/action-icons";
import { ExcelExportButton } from "../../ui/list/excel-export-button";
import { useListState } from "../../ui/list/use-list-state";
import { type ChartSpan, useEngagementDisplay } from "../engagement-display";
import { useEngagements } from "../engagement-queries";
import { useEngagementColumns } from "../list/engagement-columns";
import { EngagementFilters } from "../list/engagement-filters";
import { EngagementTable } from "../list/engagement-table";
import { CalendarFeedButton } from "./calendar-feed-dialog";
import classes from "./engagement-chart.module.css";
import { useOpenAtThisWeek } from "./use-open-at-this-week";

/** A chosen date is shown even outside this week: it is the narrower request. */
function spanOf(filters: EngagementListState, week: EngagementList["week"]): ChartSpan {
  if (filters.date) return { kind: "day", date: filters.date };
  if (filters.range === "all") return { kind: "all" };
  return { kind: "week", ...week };
}

function emptyMessage(filters: EngagementListState, hasFilters: boolean): MessageKey {
  if (hasFilters) return "engagements:empty.filtered";
  if (filters.range === "week") return "engagements:empty.week";
  return "engagements:empty.all";
}

/** SPEC.md 'Engagement chart', for every role: this week by default, grouped by day, printable. */
export function EngagementChartPage() {
  const { t } = useTranslation(["engagements", "common"]);
  const display = useEngagementDisplay();
  const columns = useEngagementColumns();
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
  const title = t(ENGAGEMENT_MESSAGES.chartTitle);

  return (
    <Stack gap="md" className={classes.chart}>
      {span && (
        <Title order={1} className={classes.printTitle}>
          {t("chart.printTitle", { title, span: display.span(span, "print") })}
        </Title>
      )}
      <Group justify="space-between" align="flex-start" className={classes.screenOnly}>
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          {span ? (
            <Text c="dimmed">{display.span(span, "screen")}</Text>
          ) : (
            <Skeleton height={20} width={260} />
          )}
        </Stack>
        <Group gap="sm">
          <ExcelExportButton
            list="engagements"
            filters={{ ...filters, range: isShowingAll || filters.date ? "all" : "week" }}
            isEmpty={query.data?.engagements.length === 0}
          />
          <Button leftSection={<PrintIcon />} onClick={() => window.print()}>
            {t("chart.print")}
          </Button>
          <CalendarFeedButton />
        </Group>
      </Group>
      <Stack gap="sm" className={classes.screenOnly}>
        <Switch
          label={t("chart.showAll")}
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
          label="engagements:chart.label"
          columns={[
            columns.time,
            columns.subject,
            columns.venue,
            columns.inAttendance,
            columns.status,
          ]}
          query={query}
          emptyMessage={emptyMessage(filters, list.activeFilters.length > 0)}
          isGroupedByDay
        />
      </div>
    </Stack>
  );
}
