import { type StatusFilter, TASK_STATUS_LABELS } from "../../shared/tasks";

/** The status filter's choices: the four status labels, everything, and both late statuses. */
export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  all: "All",
  ...TASK_STATUS_LABELS,
  overdue: "All Over Due",
};
