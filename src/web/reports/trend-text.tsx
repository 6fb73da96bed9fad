import { Text, VisuallyHidden } from "@mantine/core";
import type { PerformanceRow } from "../../shared/reports";
import { trendOf } from "./report-figures";

function colorOf(change: number | null): string {
  if (change === null || change === 0) return "dimmed";
  return change > 0 ? "green.9" : "red.8";
}

/** "+12%" in green or "−8%" in red; a screen reader hears the sentence instead. */
export function TrendText({ row }: { row: PerformanceRow }) {
  const trend = trendOf(row);
  return (
    <Text component="span" size="sm" fw={600} c={colorOf(trend.change)} title={trend.label}>
      <span aria-hidden="true">{trend.text}</span>
      <VisuallyHidden>{trend.label}</VisuallyHidden>
    </Text>
  );
}
