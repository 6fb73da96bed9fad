import { Anchor, Group, Paper, Skeleton, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DUE_NEXT_COUNT, TASK_MESSAGES, type TaskItem } from "../../shared/tasks";
import { StatusBadge } from "../tasks/status-badge";
import { useDueNext } from "../tasks/task-queries";
import { LoadFailed } from "../ui/load-failed";
import { useDisplayDate } from "../ui/use-display-date";
import classes from "./due-next.module.css";

function DueTask({ task, showsAssignee }: { task: TaskItem; showsAssignee: boolean }) {
  const { t } = useTranslation("dashboard");
  const displayDate = useDisplayDate();
  const date = displayDate(task.dueDate);
  return (
    <Paper component="li" withBorder p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Anchor component={Link} to={`/task/${task.id}`} fw={500} className={classes.subject}>
            {task.subject}
          </Anchor>
          <Text size="sm" c="dimmed">
            {showsAssignee
              ? t("assigneeDue", { name: task.assignedUserName, date })
              : t("due", { date })}
          </Text>
        </Stack>
        <StatusBadge status={task.status} />
      </Group>
    </Paper>
  );
}

/**
 * /dashboard's next open tasks, the earliest due date first (overdue ones lead): the caller's
 * own, or the department's for those who see every task. Each opens its task page.
 */
export function DueNext({ label, showsAssignee }: { label: string; showsAssignee: boolean }) {
  const { t } = useTranslation(["dashboard", "tasks", "common"]);
  const { data, isPending, isError, refetch } = useDueNext();

  if (isPending) {
    return (
      <Stack gap="xs" aria-busy>
        {Array.from({ length: DUE_NEXT_COUNT }, (_, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on.
          <Skeleton key={row} height={58} />
        ))}
      </Stack>
    );
  }
  if (isError) {
    return <LoadFailed message={t(TASK_MESSAGES.fetchFailed)} onRetry={() => void refetch()} />;
  }
  if (data.tasks.length === 0) return <Text c="dimmed">{t("noOpenTasks")}</Text>;
  return (
    <Stack component="ol" aria-label={label} gap="xs" className={classes.list}>
      {data.tasks.map((task) => (
        <DueTask key={task.id} task={task} showsAssignee={showsAssignee} />
      ))}
    </Stack>
  );
}
