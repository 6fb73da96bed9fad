import { Button, Paper, SimpleGrid, Skeleton, Text } from "@mantine/core";
import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OVERSEER_PAGES, ROLE_HOME } from "../../shared/roles";
import { taskListState } from "../../shared/tasks";
import { useBrief } from "../brief/brief-queries";
import { usePendingExtensionCount } from "../tasks/extensions/extension-queries";
import { listHref } from "../ui/list/use-list-state";

type Figure = { title: ParseKeys<"dashboard">; count: number | undefined; href: string };

/**
 * /dashboard's "Today" for those who see every task: the day's headline figures from the
 * Daily Brief (due today, newly overdue, engagements today) and the extension requests
 * waiting, each a click from the list or page that holds them.
 */
export function TodayFigures({ role }: { role: keyof typeof OVERSEER_PAGES }) {
  const { t } = useTranslation("dashboard");
  const { data: brief } = useBrief(undefined);
  const pendingExtensions = usePendingExtensionCount();
  const pages = OVERSEER_PAGES[role];
  const figures: Figure[] = [
    {
      title: "today.dueToday",
      count: brief?.dueToday.total,
      href: listHref(ROLE_HOME[role], taskListState, {
        status: "open",
        dueDate: brief?.date,
      }),
    },
    {
      title: "today.newlyOverdue",
      count: brief?.newlyOverdue.total,
      href: `${pages}/brief`,
    },
    {
      title: "today.extensionRequests",
      count: brief ? pendingExtensions : undefined,
      href: `${pages}/extension-requests`,
    },
    {
      title: "today.engagements",
      count: brief?.engagementsToday.total,
      href: `${pages}/engagement-chart`,
    },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: figures.length }} spacing="sm">
      {figures.map((figure) => (
        <Paper key={figure.title} withBorder p="sm">
          <Text size="sm" c="dimmed" fw={500}>
            {t(figure.title)}
          </Text>
          {figure.count === undefined ? (
            // The links wait for the brief too: "due today" needs the office's date.
            <Skeleton height={28} width={48} my={4} />
          ) : (
            <>
              <Text fz={28} fw={700} lh={1.3}>
                {figure.count}
              </Text>
              <Button
                component={Link}
                to={figure.href}
                variant="subtle"
                size="compact-sm"
                px={4}
                aria-label={t("today.showNamed", { figure: t(figure.title) })}
              >
                {t("today.show")}
              </Button>
            </>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
