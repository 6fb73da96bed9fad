import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { TASK_STATUS_LABELS, type TaskStatus } from "../../shared/tasks";
import { TASK_STATUS_COLORS } from "./status-display";

/**
 * A task's status in its colour, with the SPEC.md label as written (no upper-casing). It keeps
 * its full width: a narrow table column would otherwise cut the label short.
 */
export function StatusBadge({ status }: { status: TaskStatus }) {
  const { t } = useTranslation(["tasks", "common"]);
  return (
    <Badge
      color={TASK_STATUS_COLORS[status]}
      variant="filled"
      tt="none"
      radius="sm"
      miw="max-content"
    >
      {t(TASK_STATUS_LABELS[status])}
    </Badge>
  );
}
