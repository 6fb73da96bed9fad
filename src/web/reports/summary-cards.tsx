import { Paper, SimpleGrid, Skeleton, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { PerformanceRow } from "../../shared/reports";
import { formatRate, REPORTS_NAMESPACES, summarizeReport } from "./report-figures";
import classes from "./reports.module.css";

type SummaryCardsProps = {
  /** Undefined while the first report loads. */
  rows: PerformanceRow[] | undefined;
};

export function SummaryCards({ rows }: SummaryCardsProps) {
  const { t } = useTranslation(REPORTS_NAMESPACES);
  const summary = rows && summarizeReport(rows);
  const rate = (value: number | null) => (value === null ? "—" : formatRate(value));
  const cards = [
    { id: "people", title: t("summary.people"), value: summary?.people },
    { id: "tasks", title: t("summary.totalTasks"), value: summary?.totalTasks },
    {
      id: "completion",
      title: t("summary.completionRate"),
      value: summary && rate(summary.completionRate),
    },
    { id: "on-time", title: t("summary.onTimeRate"), value: summary && rate(summary.onTimeRate) },
  ];

  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {cards.map((card) => (
        <Paper key={card.id} withBorder p="sm" className={classes.card}>
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
