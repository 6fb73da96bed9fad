import { z } from "zod";
import { withFallbacks } from "./list-state";
import { plainText } from "./text";
import { accountId } from "./users";

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

/** Over Due on the stat cards and the 'overdue' filter: both late statuses. */
export const OVERDUE_STATUSES: readonly TaskStatus[] = ["delayed", "super_delayed"];

export function isLateStatus(status: TaskStatus): boolean {
  return OVERDUE_STATUSES.includes(status);
}

/**
 * "Late", said once: on `day` a task is past due when `day` comes after its due date (both
 * yyyy-MM-dd in the office's zone; due today is not late). The two rules below are its only
 * uses, and SQL that applies them says so.
 */
function isPastDue(dueDate: string, day: string): boolean {
  return dueDate < day;
}

/**
 * An in-progress task past due on `today` becomes Over Due (delayed). The overdue sweep applies
 * it in SQL (src/server/tasks/overdue.ts), so a list never shows an in-progress task past due.
 */
export function becomesOverdue(
  task: { status: TaskStatus; dueDate: string },
  today: string,
): boolean {
  return task.status === "in_progress" && isPastDue(task.dueDate, today);
}

/** Completed on time: not past due on its completion date (the report's on-time rate). */
export function isCompletedOnTime(task: {
  status: TaskStatus;
  dueDate: string;
  completionDate: string | null;
}): boolean {
  return (
    task.status === "completed" &&
    task.completionDate !== null &&
    !isPastDue(task.dueDate, task.completionDate)
  );
}

export const TASK_TYPES = ["Task", "Request"] as const;
export const taskTypeSchema = z.enum(TASK_TYPES);
export type TaskType = z.infer<typeof taskTypeSchema>;

export const TASK_MESSAGES = {
  required: "Please fill in all required fields",
  invalidDate: "Please enter a valid date",
  dueBeforeAssign: "Due date cannot be before the assign date",
  invalidAssignee: "Tasks can only be assigned to users and administrators",
  created: "Task created successfully",
  updated: "Task updated successfully",
  deleted: "Task deleted successfully",
  markedCompleted: "Task marked as completed successfully",
  alreadyCompleted: "This task is already completed",
  notFound: "Task not found",
  fetchFailed: "Failed to fetch tasks",
  createFailed: "Failed to create task",
  updateFailed: "Failed to update task",
  deleteFailed: "Failed to delete task",
  statusFailed: "Failed to update task status",
  confirmComplete: "Are you sure to mark this task as completed? This action cannot be undone.",
  confirmDelete: "Are you sure you want to delete this task? This action cannot be undone.",
  emptyAdminIndex: "No tasks found for the selected filter.",
  emptyManage: "No tasks found. Create your first task to get started.",
  emptyList: "No tasks found.",
} as const;

const isoDate = z.iso.date(TASK_MESSAGES.invalidDate);
const requiredText = z
  .string({ error: TASK_MESSAGES.required })
  .trim()
  .min(1, TASK_MESSAGES.required);
const requiredDate = z
  .string({ error: TASK_MESSAGES.required })
  .trim()
  .min(1, TASK_MESSAGES.required)
  .pipe(isoDate);

/** A task's id in a path: anything but a UUID names no task. */
export const taskIdParam = z.object({ id: z.guid(TASK_MESSAGES.notFound) });

/** The fields of the Create New Task and Edit Task dialogs (dates as yyyy-MM-dd). */
export const taskFieldsInput = z
  .object({
    subject: requiredText
      .max(300, "Subject must be at most 300 characters long")
      .check(plainText("Subject")),
    description: z
      .string()
      .trim()
      .max(10_000)
      .check(plainText("Description", "multiline"))
      .optional()
      .default(""),
    assignedTo: requiredText.pipe(accountId(TASK_MESSAGES.invalidAssignee)),
    assignDate: requiredDate,
    dueDate: requiredDate,
    taskType: taskTypeSchema.default("Task"),
  })
  .refine((task) => task.dueDate >= task.assignDate, {
    message: TASK_MESSAGES.dueBeforeAssign,
    path: ["dueDate"],
  });
export type TaskFieldsInput = z.input<typeof taskFieldsInput>;
/** The dialogs' fields as the schema hands them over: trimmed, defaults filled in. */
export type TaskFields = z.output<typeof taskFieldsInput>;

const optionalFile = z
  .instanceof(File)
  .optional()
  .or(z.literal("").transform(() => undefined));

/** POST /api/tasks as multipart form data: the fields and an optional attachment. */
export const createTaskForm = taskFieldsInput.and(z.object({ attachment: optionalFile }));
export type CreateTaskFields = z.output<typeof createTaskForm>;

/** The Edit Task dialog's typed fields: the create fields, status and remarks (files sit beside). */
export const editTaskFieldsInput = taskFieldsInput.and(
  z.object({
    status: taskStatusSchema,
    remarks: z.string().max(10_000).check(plainText("Remarks", "multiline")).optional().default(""),
  }),
);

/** PATCH /api/tasks/:id as multipart form data: every field of the Edit Task dialog. */
export const updateTaskForm = editTaskFieldsInput.and(
  z.object({
    attachment: optionalFile,
    /** "true" drops the current attachment (ignored when a new one is sent). */
    removeAttachment: z
      .enum(["true", "false"])
      .optional()
      .transform((value) => value === "true"),
  }),
);
export type UpdateTaskFields = z.output<typeof updateTaskForm>;

export const STATUS_FILTERS = ["all", ...TASK_STATUSES, "overdue"] as const;
export const statusFilterSchema = z.enum(STATUS_FILTERS);
export type StatusFilter = z.infer<typeof statusFilterSchema>;

export const TASKS_PAGE_SIZE = 25;
/** The most rows one request may ask for (Print Tasks asks for them all). */
export const TASKS_MAX_PAGE_SIZE = 1000;

/** SPEC.md 'Filters' (status, assignDate, dueDate, assignedUser), plus paging. */
export const taskListQuery = z.object({
  status: statusFilterSchema.default("all"),
  assignDate: isoDate.optional().or(z.literal("").transform(() => undefined)),
  dueDate: isoDate.optional().or(z.literal("").transform(() => undefined)),
  /** An assign-date range (inclusive), e.g. a report's period. */
  assignDateFrom: isoDate.optional().or(z.literal("").transform(() => undefined)),
  assignDateTo: isoDate.optional().or(z.literal("").transform(() => undefined)),
  assignedUser: z
    .string()
    .trim()
    .pipe(accountId("Please choose a person from the list").or(z.literal("")))
    .optional()
    .transform((value) => value || undefined),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(TASKS_MAX_PAGE_SIZE).default(TASKS_PAGE_SIZE),
});
export type TaskListQuery = z.input<typeof taskListQuery>;
export type TaskFilters = z.output<typeof taskListQuery>;

/** The filters proper: the list query without its paging. */
export const TASK_FILTER_FIELDS = taskListQuery
  .omit({ page: true, pageSize: true })
  .keyof().options;
export type TaskFilterField = (typeof TASK_FILTER_FIELDS)[number];

/** A task list in the address bar: its filters and page (the page size is the app's). */
export const taskListState = withFallbacks(taskListQuery.omit({ pageSize: true }));
export type TaskListState = z.output<typeof taskListState>;

export const taskStatsQuery = taskListQuery.pick({
  assignedUser: true,
  assignDateFrom: true,
  assignDateTo: true,
});
/** The filters the stat cards count within; the others (status, single days) narrow the list only. */
export type TaskStatsQuery = z.input<typeof taskStatsQuery>;

export type FileLink = { fileName: string; url: string };

/**
 * What the viewer may do to a task now, decided by the server's policy (server/tasks/policy.ts)
 * and sent with each task: the web app shows actions from these, never from roles.
 */
export type TaskAbilities = {
  view: boolean;
  edit: boolean;
  /** Mark Completed: false once the task is completed. */
  complete: boolean;
  delete: boolean;
  /** Remarks. */
  reportProgress: boolean;
  /** False while the task has its one response file. */
  uploadResponseFile: boolean;
  /** False while the task has no response file. */
  deleteResponseFile: boolean;
};

/** A task as lists and dialogs show it (SPEC.md section 3, with the derived fields). */
export type TaskItem = {
  id: string;
  subject: string;
  description: string;
  assignedTo: string;
  assignedUserName: string;
  assignedUserEmail: string | null;
  createdBy: string | null;
  assignDate: string;
  dueDate: string;
  status: TaskStatus;
  remarks: string;
  taskType: TaskType;
  attachment: FileLink | null;
  responseFile: (FileLink & { id: string; uploadedBy: string | null }) | null;
  responseFileCount: number;
  completionDate: string | null;
  createdAt: string;
  can: TaskAbilities;
};

export type TaskPage = {
  tasks: TaskItem[];
  total: number;
  page: number;
  pageSize: number;
  today: string;
};

/** How many open tasks /dashboard lists under Due Next (GET /api/tasks/due-next). */
export const DUE_NEXT_COUNT = 5;

export type TaskStats = {
  total: number;
  completed: number;
  inProgress: number;
  /** delayed + super_delayed */
  overdue: number;
  delayed: number;
  superDelayed: number;
};

/** The assignee's side of a task (SPEC.md sections 2, 6 and 8). */
export const PROGRESS_MESSAGES = {
  remarksUpdated: "Remarks updated successfully",
  remarksFailed: "Failed to update remarks",
  uploaded: "Response file uploaded successfully",
  uploadFailed: "Failed to upload response file",
  uploadErrorTitle: "Upload Error",
  oneFileOnly: "Only one response file is allowed per task. Please delete the existing file first.",
  fileDeleted: "Response file deleted successfully",
  deleteFailed: "Failed to delete progress file",
  noFilesTitle: "No Files",
  noFiles: "No response files found for this task",
  fetchDetailsFailed: "Failed to fetch task details",
  readOnly: "Organization heads can view tasks but not change them",
} as const;

export const updateRemarksInput = z.object({
  remarks: z
    .string()
    .max(10_000, "Remarks must be at most 10,000 characters long")
    .check(plainText("Remarks", "multiline")),
});
export type UpdateRemarksInput = z.infer<typeof updateRemarksInput>;

export const responseFileForm = z.object({
  file: z.instanceof(File, { message: "Please choose a file to upload" }),
});
