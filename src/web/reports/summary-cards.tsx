import { Paper, SimpleGrid, Skeleton, Text } from "@mantine/core";
import type { PerformanceRow } from "../../shared/reports";
import { formatRate, summarizeReport } from "./report-figures";
import classes from "./reports.module.css";

type SummaryCardsProps = {
  /** Undefined while the first report loads. */
  rows: PerformanceRow[] | undefined;
};

export function SummaryCards({ rows }: SummaryCardsProps) {
  const summary = rows && summarizeReport(rows);
  const rate = (value: number | null) => (value === null ? "—" : formatRate(value));
  const cards = [
    { title: "People in Report", value: summary?.people },
    { title: "Total Tasks", value: summary?.totalTasks },
    { title: "Overall Completion Rate", value: summary && rate(summary.completionRate) },
    { title: "Overall On-Time Rate", value: summary && rate(summary.onTimeRate) },
  ];

  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {cards.map((card) => (
        <Paper key={card.title} withBorder p="sm" className={classes.card}>
          <Text size="sm" c="dimmed" fw={500}>
            {card.title}
          </Text>
          {card.value === undefined ? (
            <Skeleton height={28} width={56} my={4} />
          ) : (
            <Text fz={28} fw={700} lh={1.3}>
              {card.value}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
