import { Badge } from "@mantine/core";
import { TASK_STATUS_LABELS, type TaskStatus } from "../../shared/tasks";
import { TASK_STATUS_COLORS } from "./status-display";

/**
 * A task's status in its colour, with the SPEC.md label as written (no upper-casing). It keeps
 * its full width: a narrow table column would otherwise cut the label short.
 */
export function StatusBadge({ status }: { status: TaskStatus }) {
  return (
    <Badge
      color={TASK_STATUS_COLORS[status]}
      variant="filled"
      tt="none"
      radius="sm"
      miw="max-content"
    >
      {TASK_STATUS_LABELS[status]}
    </Badge>
  );
}
