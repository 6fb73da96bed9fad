import { Button, Group, Paper, Skeleton, Table, Text, Title } from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { directionOf } from "../../shared/i18n/languages";
import type { PendencyWeek } from "../../shared/pendency";
import { usePageLanguage } from "../i18n/language";
import { useDisplayDate } from "../ui/use-display-date";
import classes from "./pendency.module.css";
import { PENDENCY_NAMESPACES } from "./pendency-table";

/** The three series: what each counts, and how it is drawn (a dash apart from its colour). */
const SERIES = [
  { key: "opened", label: "pendency:trend.opened", color: "#1c7ed6", dash: undefined },
  { key: "completed", label: "pendency:trend.completed", color: "#2b8a3e", dash: "6 4" },
  { key: "overdue", label: "pendency:trend.overdue", color: "#c92a2a", dash: "2 3" },
] as const;

const WIDTH = 640;
const HEIGHT = 240;
// The end leaves room for half the last date, centred under the current week.
const MARGIN = { axis: 40, end: 48, top: 12, bottom: 36 };
const TICKS = 4;
/** Every this many weeks a date under the axis: twelve would not fit side by side. */
const DATE_EVERY = 3;

/** A top for the scale that splits into TICKS whole steps. */
function scaleTop(weeks: readonly PendencyWeek[]): number {
  const highest = Math.max(0, ...weeks.flatMap((week) => SERIES.map(({ key }) => week[key])));
  return Math.max(TICKS, Math.ceil(highest / TICKS) * TICKS);
}

/**
 * The last weeks' opened, completed and overdue-at-week-end counts as three lines, in plain
 * SVG (no chart library for one small chart). Time runs with the page's reading direction:
 * on an Urdu page the current week is on the left and the scale on the right. The same
 * figures are a table a button away, for screen readers and for reading exact values.
 */
export function TrendChart({ weeks }: { weeks: PendencyWeek[] | undefined }) {
  const { t } = useTranslation(PENDENCY_NAMESPACES);
  const displayDate = useDisplayDate();
  const isRtl = directionOf(usePageLanguage()) === "rtl";
  const [showsTable, setShowsTable] = useState(false);
  const titleId = useId();
  const tableId = useId();

  const top = weeks ? scaleTop(weeks) : TICKS;
  const plotWidth = WIDTH - MARGIN.axis - MARGIN.end;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const step = weeks && weeks.length > 1 ? plotWidth / (weeks.length - 1) : 0;
  // Positions are worked out left to right, then mirrored for a right-to-left page.
  const across = (offset: number) => (isRtl ? WIDTH - offset : offset);
  const xOf = (index: number) => across(MARGIN.axis + index * step);
  const yOf = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const ticks = Array.from({ length: TICKS + 1 }, (_, tick) => (top / TICKS) * tick);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" mb="sm">
        <Title order={2} size="h4" id={titleId}>
          {t("pendency:trend.title")}
        </Title>
        <Button
          variant="default"
          size="xs"
          onClick={() => setShowsTable((shows) => !shows)}
          aria-expanded={showsTable}
          aria-controls={tableId}
          disabled={!weeks}
        >
          {showsTable ? t("pendency:trend.hideTable") : t("pendency:trend.showTable")}
        </Button>
      </Group>
      <Group gap="md" mb="xs" component="ul" className={classes.legend}>
        {SERIES.map((series) => (
          <li key={series.key} className={classes.legendItem}>
            <svg width={28} height={10} aria-hidden="true" focusable="false">
              <line
                x1={2}
                y1={5}
                x2={26}
                y2={5}
                stroke={series.color}
                strokeWidth={3}
                strokeDasharray={series.dash}
              />
            </svg>
            <Text size="sm" component="span">
              {t(series.label)}
            </Text>
          </li>
        ))}
      </Group>
      {weeks === undefined ? (
        <Skeleton height={HEIGHT / 1.5} />
      ) : (
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className={classes.chart}
          role="img"
          aria-label={t("pendency:trend.chartLabel")}
          direction="ltr"
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={across(MARGIN.axis)}
                x2={across(WIDTH - MARGIN.end)}
                y1={yOf(tick)}
                y2={yOf(tick)}
                className={classes.gridLine}
              />
              <text
                x={across(MARGIN.axis - 6)}
                y={yOf(tick)}
                dominantBaseline="middle"
                textAnchor={isRtl ? "start" : "end"}
                className={classes.axisText}
              >
                {tick}
              </text>
            </g>
          ))}
          {weeks.map((week, index) =>
            index % DATE_EVERY === (weeks.length - 1) % DATE_EVERY ? (
              <text
                key={week.weekStart}
                x={xOf(index)}
                y={HEIGHT - MARGIN.bottom + 20}
                textAnchor="middle"
                className={classes.axisText}
              >
                {displayDate(week.weekStart)}
              </text>
            ) : null,
          )}
          {SERIES.map((series) => (
            <g key={series.key}>
              <polyline
                points={weeks
                  .map((week, index) => `${xOf(index)},${yOf(week[series.key])}`)
                  .join(" ")}
                fill="none"
                stroke={series.color}
                strokeWidth={2.5}
                strokeDasharray={series.dash}
              />
              {weeks.map((week, index) => (
                <circle
                  key={week.weekStart}
                  cx={xOf(index)}
                  cy={yOf(week[series.key])}
                  r={3}
                  fill={series.color}
                />
              ))}
            </g>
          ))}
        </svg>
      )}
      {weeks && (
        <div id={tableId} hidden={!showsTable}>
          <Table mt="sm" fz="sm" striped withTableBorder>
            <Table.Caption>{t("pendency:trend.tableCaption")}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("pendency:trend.week")}</Table.Th>
                {SERIES.map((series) => (
                  <Table.Th key={series.key} scope="col" ta="end">
                    {t(series.label)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {weeks.map((week) => (
                <Table.Tr key={week.weekStart}>
                  <Table.Th scope="row" fw={400}>
                    {displayDate(week.weekStart)}
                  </Table.Th>
                  {SERIES.map((series) => (
                    <Table.Td key={series.key} ta="end">
                      {week[series.key]}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Paper>
  );
}
