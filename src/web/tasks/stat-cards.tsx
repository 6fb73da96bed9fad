import { Button, Paper, SimpleGrid, Skeleton, Text } from "@mantine/core";
import type { StatusFilter, TaskStats } from "../../shared/tasks";
import { TASK_STATUS_COLORS } from "./status-colors";
import { useTaskStats } from "./task-queries";

type StatCard = { title: string; count: keyof TaskStats; filter: StatusFilter; color: string };

/** SPEC.md 'Stat cards': Over Due counts delayed and super_delayed, and shows the overdue filter. */
const CARDS: StatCard[] = [
  { title: "Total", count: "total", filter: "all", color: "var(--mantine-color-gray-6)" },
  {
    title: "Completed",
    count: "completed",
    filter: "completed",
    color: TASK_STATUS_COLORS.completed,
  },
  {
    title: "In Progress",
    count: "inProgress",
    filter: "in_progress",
    color: TASK_STATUS_COLORS.in_progress,
  },
  { title: "Over Due", count: "overdue", filter: "overdue", color: TASK_STATUS_COLORS.delayed },
];

type StatCardsProps = {
  /** Counts only this assignee's tasks when set. */
  assignedUser?: string;
  activeStatus: StatusFilter;
  onShow: (status: StatusFilter) => void;
};

export function StatCards({ assignedUser, activeStatus, onShow }: StatCardsProps) {
  const { data: stats, isPending } = useTaskStats(assignedUser);

  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {CARDS.map((card) => (
        <Paper
          key={card.title}
          withBorder
          p="sm"
          style={{ borderInlineStart: `4px solid ${card.color}` }}
        >
          <Text size="sm" c="dimmed" fw={500}>
            {card.title}
          </Text>
          {isPending ? (
            <Skeleton height={28} width={48} my={4} />
          ) : (
            <Text fz={28} fw={700} lh={1.3}>
              {stats?.[card.count] ?? "—"}
            </Text>
          )}
          <Button
            variant={activeStatus === card.filter ? "light" : "subtle"}
            size="compact-sm"
            px={4}
            aria-label={`Show ${card.title}`}
            aria-pressed={activeStatus === card.filter}
            onClick={() => onShow(card.filter)}
          >
            Show
          </Button>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
