import type { MessageKey } from "../../shared/i18n/message";
import { type StatusFilter, TASK_STATUS_LABELS, type TaskStatus } from "../../shared/tasks";

/**
 * ARCHITECTURE.md: one colour per status everywhere (badges, rows, cards, print). Each is dark
 * enough for white badge text to keep a 4.5:1 contrast.
 */
export const TASK_STATUS_COLORS: Record<TaskStatus, string> = {
  in_progress: "#1864ab",
  completed: "#2b7a3e",
  delayed: "#c2410c",
  super_delayed: "#8b1a1a",
};

/** The status filter's choices (catalog keys): the four statuses, everything, both late ones. */
export const STATUS_FILTER_LABELS = {
  all: "tasks:filter.all",
  ...TASK_STATUS_LABELS,
  overdue: "tasks:filter.overdue",
  open: "tasks:filter.open",
} as const satisfies Record<StatusFilter, MessageKey>;
