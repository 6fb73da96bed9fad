import { Button, Paper, SimpleGrid, Skeleton, Text } from "@mantine/core";
import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  type StatusFilter,
  type TaskListState,
  type TaskStats,
  type TaskStatsQuery,
  taskStatsQuery,
} from "../../../shared/tasks";
import { TASK_STATUS_COLORS } from "../status-display";
import { useTaskStats } from "../task-queries";

type StatCard = {
  title: ParseKeys<"tasks">;
  count: keyof TaskStats;
  filter: StatusFilter;
  color: string;
};

/** SPEC.md 'Stat cards': Over Due counts delayed and super_delayed, and shows the overdue filter. */
const DASHBOARD_CARDS: StatCard[] = [
  { title: "stat.total", count: "total", filter: "all", color: "var(--mantine-color-gray-6)" },
  {
    title: "stat.completed",
    count: "completed",
    filter: "completed",
    color: TASK_STATUS_COLORS.completed,
  },
  {
    title: "stat.inProgress",
    count: "inProgress",
    filter: "in_progress",
    color: TASK_STATUS_COLORS.in_progress,
  },
  { title: "stat.overdue", count: "overdue", filter: "overdue", color: TASK_STATUS_COLORS.delayed },
];

/** SPEC.md 'Task detail page' counters: Over Due and Super Over Due apart. */
export const DETAIL_CARDS: StatCard[] = [
  DASHBOARD_CARDS[0],
  DASHBOARD_CARDS[2],
  DASHBOARD_CARDS[1],
  { title: "stat.overdue", count: "delayed", filter: "delayed", color: TASK_STATUS_COLORS.delayed },
  {
    title: "stat.superOverdue",
    count: "superDelayed",
    filter: "super_delayed",
    color: TASK_STATUS_COLORS.super_delayed,
  },
];

type StatCardsProps = {
  /** Counts only these tasks (an assignee, an assign-date range) when set. */
  scope?: TaskStatsQuery;
  cards?: StatCard[];
  /** The status filter in force; its card's Show button is highlighted. */
  activeStatus?: StatusFilter;
  /**
   * Show filters the list on the page (onShow) or opens a list elsewhere (showHref); without
   * either the cards only count (the task detail page has no list to filter).
   */
  onShow?: (status: StatusFilter) => void;
  showHref?: (status: StatusFilter) => string;
};

export function StatCards({
  scope = {},
  cards = DASHBOARD_CARDS,
  activeStatus,
  onShow,
  showHref,
}: StatCardsProps) {
  const { t } = useTranslation(["tasks", "common"]);
  const { data: stats, isPending } = useTaskStats(scope);

  return (
    <SimpleGrid cols={{ base: 2, md: cards.length }} spacing="sm">
      {cards.map((card) => (
        <Paper
          key={card.title}
          withBorder
          p="sm"
          style={{ borderInlineStart: `4px solid ${card.color}` }}
        >
          <Text size="sm" c="dimmed" fw={500}>
            {t(card.title)}
          </Text>
          {isPending ? (
            <Skeleton height={28} width={48} my={4} />
          ) : (
            <Text fz={28} fw={700} lh={1.3}>
              {stats?.[card.count] ?? "—"}
            </Text>
          )}
          {onShow && (
            <Button
              variant={activeStatus === card.filter ? "light" : "subtle"}
              size="compact-sm"
              px={4}
              aria-label={t("stat.showNamed", { card: t(card.title) })}
              aria-pressed={activeStatus === card.filter}
              onClick={() => onShow(card.filter)}
            >
              {t("stat.show")}
            </Button>
          )}
          {showHref && (
            <Button
              component={Link}
              to={showHref(card.filter)}
              variant="subtle"
              size="compact-sm"
              px={4}
              aria-label={t("stat.showNamed", { card: t(card.title) })}
            >
              {t("stat.show")}
            </Button>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * The cards above a filtered task list: they count within the list's filters that the stats
 * query takes (an assignee, an assign-date range), and each Show sets the list's status filter.
 */
export function FilteredStatCards({
  filters,
  onChange,
}: {
  filters: TaskListState;
  onChange: (change: Partial<TaskListState>) => void;
}) {
  return (
    <StatCards
      // The stats query keeps its own fields of the list's filters and drops the rest.
      scope={taskStatsQuery.parse(filters)}
      activeStatus={filters.status}
      onShow={(status) => onChange({ status })}
    />
  );
}
