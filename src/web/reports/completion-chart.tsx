import { Paper, Skeleton, Text, Title } from "@mantine/core";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import type { PerformanceRow } from "../../shared/reports";
import { formatRate, PERFORMANCE_COLORS, REPORTS_NAMESPACES } from "./report-figures";
import classes from "./reports.module.css";

const SKELETON_BARS = 3;

type CompletionChartProps = {
  /** Undefined while the first report loads. */
  rows: PerformanceRow[] | undefined;
};

/**
 * Completion rate per person as a list of horizontal bars: plain markup, no chart library.
 * Each item reads as "name, NN%"; the bar itself is decoration for the eye. The grid and the
 * bar follow the page's direction: on an Urdu page names sit on the right and bars grow leftward.
 */
export function CompletionChart({ rows }: CompletionChartProps) {
  const { t } = useTranslation(REPORTS_NAMESPACES);
  if (rows?.length === 0) return null;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="completion-chart-title">
      <Title order={2} size="h4" mb="sm" id="completion-chart-title">
        {t("chart.title")}
      </Title>
      {rows === undefined ? (
        Array.from({ length: SKELETON_BARS }, (_, bar) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder bars have nothing else to key on.
          <Skeleton key={bar} height={14} my={8} />
        ))
      ) : (
        <ul className={classes.bars}>
          {rows.map((row) => (
            <li
              key={row.userId}
              className={classes.bar}
              style={{ "--bar-color": PERFORMANCE_COLORS[row.color] } as CSSProperties}
            >
              <Text size="sm" className={classes.barName}>
                {row.name}
              </Text>
              <div className={classes.track} aria-hidden="true">
                <div className={classes.fill} style={{ inlineSize: `${row.completionRate}%` }} />
              </div>
              <Text size="sm" fw={600} className={classes.barValue}>
                {formatRate(row.completionRate)}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </Paper>
  );
}
