import { Box, Group, Tooltip, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isExtended, type TaskItem } from "../../shared/tasks";
import { TintedBadge } from "../ui/tinted-badge";
import { useDisplayDate } from "../ui/use-display-date";

/**
 * A task's due date, marked "Extended" once it has moved later than the task was created with.
 * The first due date is in the marker's tooltip for the eye, and spoken after it.
 */
export function DueDate({ task }: { task: Pick<TaskItem, "dueDate" | "originalDueDate"> }) {
  const { t } = useTranslation(["tasks", "common"]);
  const displayDate = useDisplayDate();
  const dueDate = displayDate(task.dueDate);
  if (!isExtended(task) || !task.originalDueDate) return dueDate;
  const originally = t("due.originally", { date: displayDate(task.originalDueDate) });
  return (
    <Group gap={6} wrap="nowrap">
      <span>{dueDate}</span>
      <Tooltip label={originally} withArrow>
        {/* The tooltip needs an element it can hold a ref to. */}
        <Box>
          <TintedBadge color="blue">{t("due.extended")}</TintedBadge>
        </Box>
      </Tooltip>
      <VisuallyHidden>{originally}</VisuallyHidden>
    </Group>
  );
}
