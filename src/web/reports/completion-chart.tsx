import { Paper, Skeleton, Text, Title } from "@mantine/core";
import type { CSSProperties } from "react";
import type { PerformanceRow } from "../../shared/reports";
import { formatRate, PERFORMANCE_COLORS } from "./report-figures";
import classes from "./reports.module.css";

const SKELETON_BARS = 3;

type CompletionChartProps = {
  /** Undefined while the first report loads. */
  rows: PerformanceRow[] | undefined;
};

/**
 * Completion rate per person as a list of horizontal bars: plain markup, no chart library.
 * Each item reads as "name, NN%"; the bar itself is decoration for the eye.
 */
export function CompletionChart({ rows }: CompletionChartProps) {
  if (rows?.length === 0) return null;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="completion-chart-title">
      <Title order={2} size="h4" mb="sm" id="completion-chart-title">
        Completion Rate by User
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
                <div className={classes.fill} style={{ width: `${row.completionRate}%` }} />
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
