import { z } from "zod";

export const TASK_STATUSES = ["in_progress", "completed", "delayed", "super_delayed"] as const;
export const taskStatusSchema = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

/** SPEC.md section 4, verbatim (including the lower-case 'completed'). */
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  in_progress: "In Progress",
  completed: "completed",
  delayed: "Over Due",
  super_delayed: "Super Over Due",
};

export const TASK_TYPES = ["Task", "Request"] as const;
export const taskTypeSchema = z.enum(TASK_TYPES);
export type TaskType = z.infer<typeof taskTypeSchema>;
