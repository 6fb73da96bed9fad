import { z } from "zod/mini";
import type { MarkPurpose } from "./dak";
import { dateSchema } from "./dates";
import type { MessageKey } from "./i18n/message";
import { withFallbacks } from "./list-state";
import { ageBucketSchema } from "./pendency";
import { plainText } from "./text";
import { accountId } from "./users";
import { openedVersion } from "./versions";

export const TASK_STATUSES = ["in_progress", "completed", "delayed", "super_delayed"] as const;
export const taskStatusSchema = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

/** Each status's label, a catalog key (SPEC.md section 4's words, the lower-case 'completed' too). */
export const TASK_STATUS_LABELS = {
  in_progress: "tasks:status.in_progress",
  completed: "tasks:status.completed",
  delayed: "tasks:status.delayed",
  super_delayed: "tasks:status.super_delayed",
} as const satisfies Record<TaskStatus, MessageKey>;

/** Over Due on the stat cards and the 'overdue' filter: both late statuses. */
export const OVERDUE_STATUSES: readonly TaskStatus[] = ["delayed", "super_delayed"];

/** Tasks still to be done: every status but completed. */
export const OPEN_STATUSES: readonly TaskStatus[] = TASK_STATUSES.filter(
  (status) => status !== "completed",
);

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
 * An in-progress task past due on `today` becomes Over Due (delayed), unless it is held for
 * information (issue 36: read and kept, it never counts as overdue). The overdue sweep applies
 * it in SQL (src/server/tasks/overdue.ts), so a list never shows an in-progress task past due.
 */
export function becomesOverdue(
  task: { status: TaskStatus; dueDate: string; purpose: MarkPurpose },
  today: string,
): boolean {
  return (
    task.status === "in_progress" &&
    task.purpose !== "information" &&
    isPastDue(task.dueDate, today)
  );
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

/** A task has been given a later due date than it was created with (any move counts). */
export function isExtended(task: { dueDate: string; originalDueDate: string | null }): boolean {
  return task.originalDueDate !== null && task.dueDate > task.originalDueDate;
}

/**
 * Completed on time against the due date the task was created with, however often it moved
 * (the performance report's stricter rate).
 */
export function isCompletedByOriginalDueDate(task: {
  status: TaskStatus;
  dueDate: string;
  originalDueDate: string | null;
  completionDate: string | null;
}): boolean {
  return isCompletedOnTime({ ...task, dueDate: task.originalDueDate ?? task.dueDate });
}

export const TASK_TYPES = ["Task", "Request"] as const;
export const taskTypeSchema = z.enum(TASK_TYPES);
export type TaskType = z.infer<typeof taskTypeSchema>;

/** What people read for each type; the stored value stays the English word. */
export const TASK_TYPE_LABELS = {
  Task: "tasks:type.Task",
  Request: "tasks:type.Request",
} as const satisfies Record<TaskType, MessageKey>;

/** Catalog keys: whoever shows a message translates it (toasts, forms, the API's answers). */
export const TASK_MESSAGES = {
  required: "common:error.required",
  invalidDate: "common:error.invalidDate",
  dueBeforeAssign: "tasks:error.dueBeforeAssign",
  invalidAssignee: "tasks:error.invalidAssignee",
  subjectTooLong: "tasks:error.subjectTooLong",
  descriptionTooLong: "tasks:error.descriptionTooLong",
  chooseAssignedUser: "tasks:error.chooseAssignedUser",
  created: "tasks:toast.created",
  updated: "tasks:toast.updated",
  deleted: "tasks:toast.deleted",
  markedCompleted: "tasks:toast.markedCompleted",
  alreadyCompleted: "tasks:error.alreadyCompleted",
  changedBy: "tasks:conflict.changedBy",
  changedAutomatically: "tasks:conflict.changedAutomatically",
  changedLive: "tasks:conflict.live",
  notFound: "tasks:notFound",
  fetchFailed: "tasks:error.fetchFailed",
  createFailed: "tasks:error.createFailed",
  updateFailed: "tasks:error.updateFailed",
  deleteFailed: "tasks:error.deleteFailed",
  statusFailed: "tasks:error.statusFailed",
  confirmComplete: "tasks:confirm.complete",
  confirmDelete: "tasks:confirm.delete",
  emptyAdminIndex: "tasks:empty.adminIndex",
  emptyManage: "tasks:empty.manage",
  emptyList: "tasks:empty.list",
} as const satisfies Record<string, MessageKey>;

/** The assignee's side of a task (SPEC.md sections 2, 6 and 8). */
export const PROGRESS_MESSAGES = {
  remarksUpdated: "tasks:toast.remarksUpdated",
  remarksFailed: "tasks:error.remarksFailed",
  remarksTooLong: "tasks:error.remarksTooLong",
  uploaded: "tasks:toast.fileUploaded",
  uploadFailed: "tasks:error.uploadFailed",
  uploadErrorTitle: "tasks:error.uploadTitle",
  oneFileOnly: "tasks:error.oneFileOnly",
  chooseFile: "tasks:error.chooseFile",
  fileDeleted: "tasks:toast.fileDeleted",
  deleteFailed: "tasks:error.fileDeleteFailed",
  deleteForbidden: "tasks:error.fileDeleteForbidden",
  noFilesTitle: "tasks:error.noFilesTitle",
  noFiles: "tasks:error.noFiles",
  fetchDetailsFailed: "tasks:error.fetchDetailsFailed",
  readOnly: "tasks:error.readOnly",
} as const satisfies Record<string, MessageKey>;

/** The progress thread, due-date reasons and extension requests (issue 16). */
export const THREAD_MESSAGES = {
  replyRequired: "tasks:thread.error.replyRequired",
  replyTooLong: "tasks:thread.error.replyTooLong",
  replied: "tasks:thread.toast.replied",
  replyFailed: "tasks:thread.error.replyFailed",
  loadFailed: "tasks:thread.error.loadFailed",
  reasonRequired: "tasks:extension.error.reasonRequired",
  reasonTooLong: "tasks:extension.error.reasonTooLong",
  dueDateReasonRequired: "tasks:extension.error.dueDateReasonRequired",
  notLater: "tasks:extension.error.notLater",
  completed: "tasks:extension.error.completed",
  alreadyPending: "tasks:extension.error.alreadyPending",
  notAssignee: "tasks:extension.error.notAssignee",
  notPending: "tasks:extension.error.notPending",
  notFound: "tasks:extension.error.notFound",
  requested: "tasks:extension.toast.requested",
  requestFailed: "tasks:extension.error.requestFailed",
  approved: "tasks:extension.toast.approved",
  declined: "tasks:extension.toast.declined",
  decideFailed: "tasks:extension.error.decideFailed",
} as const satisfies Record<string, MessageKey>;

const isoDate = dateSchema(TASK_MESSAGES.invalidDate);
const requiredText = z
  .string({ error: TASK_MESSAGES.required })
  .check(z.trim(), z.minLength(1, TASK_MESSAGES.required));
const requiredDate = z.pipe(requiredText, isoDate);
/** An empty form field or query parameter: the same as one left out. */
const blank = z.pipe(
  z.literal(""),
  z.transform(() => undefined),
);

/** A task's id in a path: anything but a UUID names no task. */
export const taskIdParam = z.object({ id: z.guid(TASK_MESSAGES.notFound) });

/** The longest reason (a due-date change, an extension request, a decline). */
export const REASON_MAX_LENGTH = 1000;
const reasonText = z
  .string({ error: THREAD_MESSAGES.reasonRequired })
  .check(
    z.trim(),
    z.maxLength(REASON_MAX_LENGTH, THREAD_MESSAGES.reasonTooLong),
    plainText("tasks:extension.field.reason", "multiline"),
  );
const requiredReason = reasonText.check(z.minLength(1, THREAD_MESSAGES.reasonRequired));

/** The fields of the Create New Task and Edit Task dialogs (dates as yyyy-MM-dd). */
export const taskFieldsInput = z
  .object({
    subject: requiredText.check(
      z.maxLength(300, TASK_MESSAGES.subjectTooLong),
      plainText("tasks:field.subject"),
    ),
    description: z._default(
      z.optional(
        z
          .string()
          .check(
            z.trim(),
            z.maxLength(10_000, TASK_MESSAGES.descriptionTooLong),
            plainText("tasks:field.description", "multiline"),
          ),
      ),
      "",
    ),
    assignedTo: z.pipe(requiredText, accountId(TASK_MESSAGES.invalidAssignee)),
    assignDate: requiredDate,
    dueDate: requiredDate,
    taskType: z._default(taskTypeSchema, "Task"),
  })
  .check(
    z.refine((task) => task.dueDate >= task.assignDate, {
      message: TASK_MESSAGES.dueBeforeAssign,
      path: ["dueDate"],
    }),
  );
export type TaskFieldsInput = z.input<typeof taskFieldsInput>;
/** The dialogs' fields as the schema hands them over: trimmed, defaults filled in. */
export type TaskFields = z.output<typeof taskFieldsInput>;

const optionalFile = z.union([z.optional(z.instanceof(File)), blank]);

/** POST /api/tasks as multipart form data: the fields and an optional attachment. */
export const createTaskForm = z.intersection(
  taskFieldsInput,
  z.object({ attachment: optionalFile }),
);
export type CreateTaskFields = z.output<typeof createTaskForm>;

/** The Edit Task dialog's typed fields: the create fields, status and remarks (files sit beside). */
export const editTaskFieldsInput = z.intersection(
  taskFieldsInput,
  z.object({
    status: taskStatusSchema,
    remarks: z._default(
      z.optional(
        z
          .string()
          .check(
            z.maxLength(10_000, PROGRESS_MESSAGES.remarksTooLong),
            plainText("tasks:field.remarks", "multiline"),
          ),
      ),
      "",
    ),
  }),
);

/** PATCH /api/tasks/:id as multipart form data: every field of the Edit Task dialog. */
export const updateTaskForm = z.intersection(
  editTaskFieldsInput,
  z.object({
    attachment: optionalFile,
    /** Why the due date moves: required when it does (the service compares with the stored one). */
    dueDateReason: z._default(z.optional(reasonText), ""),
    version: openedVersion,
    /** "true" drops the current attachment (ignored when a new one is sent). */
    removeAttachment: z.pipe(
      z.optional(z.enum(["true", "false"])),
      z.transform((value) => value === "true"),
    ),
  }),
);
export type UpdateTaskFields = z.output<typeof updateTaskForm>;

/** Every status, each one, both late ones, and every one but completed (the Pendency page's "Open"). */
export const STATUS_FILTERS = ["all", ...TASK_STATUSES, "overdue", "open"] as const;
export const statusFilterSchema = z.enum(STATUS_FILTERS);
export type StatusFilter = z.infer<typeof statusFilterSchema>;

export const TASKS_PAGE_SIZE = 25;
/** The most rows one request may ask for (Print Tasks asks for them all). */
export const TASKS_MAX_PAGE_SIZE = 1000;

/** Tasks with an extension request awaiting an answer, or given a later due date. */
export const EXTENSION_FILTERS = ["pending", "extended"] as const;
export type ExtensionFilter = (typeof EXTENSION_FILTERS)[number];

/** SPEC.md 'Filters' (status, assignDate, dueDate, assignedUser), plus paging and extensions. */
export const taskListQuery = z.object({
  status: z._default(statusFilterSchema, "all"),
  assignDate: z.union([z.optional(isoDate), blank]),
  dueDate: z.union([z.optional(isoDate), blank]),
  /** An assign-date range (inclusive), e.g. a report's period. */
  assignDateFrom: z.union([z.optional(isoDate), blank]),
  assignDateTo: z.union([z.optional(isoDate), blank]),
  assignedUser: z.pipe(
    z.optional(
      z.pipe(
        z.string().check(z.trim()),
        z.union([accountId(TASK_MESSAGES.chooseAssignedUser), z.literal("")]),
      ),
    ),
    z.transform((value) => value || undefined),
  ),
  extension: z.union([z.optional(z.enum(EXTENSION_FILTERS)), blank]),
  /** Open tasks by working days past due (shared/pendency.ts): the Pendency page's figures. */
  age: z.union([z.optional(ageBucketSchema), blank]),
  /** Completed on or after this date: the Pendency page's "completed this week". */
  completedFrom: z.union([z.optional(isoDate), blank]),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  pageSize: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(TASKS_MAX_PAGE_SIZE)),
    TASKS_PAGE_SIZE,
  ),
});
export type TaskListQuery = z.input<typeof taskListQuery>;
export type TaskFilters = z.output<typeof taskListQuery>;

/** The filters proper: the list query without its paging. */
export const TASK_FILTER_FIELDS = z.keyof(
  z.omit(taskListQuery, { page: true, pageSize: true }),
).options;
export type TaskFilterField = (typeof TASK_FILTER_FIELDS)[number];

/** A task list in the address bar: its filters and page (the page size is the app's). */
export const taskListState = withFallbacks(z.omit(taskListQuery, { pageSize: true }));
export type TaskListState = z.output<typeof taskListState>;

export const taskStatsQuery = z.pick(taskListQuery, {
  assignedUser: true,
  assignDateFrom: true,
  assignDateTo: true,
  age: true,
  completedFrom: true,
});
/** The filters the stat cards count within; the others (status, single days) narrow the list only. */
export type TaskStatsQuery = z.input<typeof taskStatsQuery>;

export type FileLink = { fileName: string; url: string };

/** The receipt (the letter, in the diary register) a task was made from or linked to. */
export type TaskReceipt = { id: string; diaryNumber: string };

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
  /** Answer in the progress thread: admins. */
  reply: boolean;
  /** Ask for a later due date: the assignee, while the task is open. */
  requestExtension: boolean;
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
  /** The due date it was created with, once the due date has moved; null while it has not. */
  originalDueDate: string | null;
  status: TaskStatus;
  remarks: string;
  taskType: TaskType;
  attachment: FileLink | null;
  responseFile: (FileLink & { id: string; uploadedBy: string | null }) | null;
  responseFileCount: number;
  completionDate: string | null;
  /** Its receipt; null when it has none, or the viewer may not read that receipt. */
  receipt: TaskReceipt | null;
  createdAt: string;
  /** What an edit sends back (shared/versions.ts). */
  version: number;
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

export const updateRemarksInput = z.object({
  remarks: z
    .string()
    .check(
      z.maxLength(10_000, PROGRESS_MESSAGES.remarksTooLong),
      plainText("tasks:field.remarks", "multiline"),
    ),
});
export type UpdateRemarksInput = z.infer<typeof updateRemarksInput>;

export const responseFileForm = z.object({
  file: z.instanceof(File, { message: PROGRESS_MESSAGES.chooseFile }),
});

export const PROGRESS_ENTRY_KINDS = ["progress", "reply"] as const;
export type ProgressEntryKind = (typeof PROGRESS_ENTRY_KINDS)[number];

/** One entry of a task's progress thread: the assignee's update, or an admin's reply. */
export type ProgressEntry = {
  id: string;
  kind: ProgressEntryKind;
  body: string;
  fileName: string | null;
  authorId: string | null;
  /** Empty when the author's account is gone. */
  authorName: string;
  createdAt: string;
};

/** POST /api/tasks/:id/replies: an admin's answer (or question) in the thread. */
export const replyInput = z.object({
  body: z
    .string({ error: THREAD_MESSAGES.replyRequired })
    .check(
      z.trim(),
      z.minLength(1, THREAD_MESSAGES.replyRequired),
      z.maxLength(10_000, THREAD_MESSAGES.replyTooLong),
      plainText("tasks:thread.field.reply", "multiline"),
    ),
});
export type ReplyInput = z.input<typeof replyInput>;

export const EXTENSION_STATUSES = ["pending", "approved", "declined"] as const;
export type ExtensionStatus = (typeof EXTENSION_STATUSES)[number];

export const EXTENSION_STATUS_LABELS = {
  pending: "tasks:extension.status.pending",
  approved: "tasks:extension.status.approved",
  declined: "tasks:extension.status.declined",
} as const satisfies Record<ExtensionStatus, MessageKey>;

/** POST /api/tasks/:id/extension-requests: the new due date asked for, and why. */
export const extensionRequestInput = z.object({
  dueDate: requiredDate,
  reason: requiredReason,
});
export type ExtensionRequestInput = z.input<typeof extensionRequestInput>;
export type ExtensionRequestFields = z.output<typeof extensionRequestInput>;

/** POST /api/extension-requests/:id/decline: why not (the assignee is told). */
export const extensionDeclineInput = z.object({ reason: requiredReason });
export type ExtensionDeclineInput = z.input<typeof extensionDeclineInput>;

export const extensionIdParam = z.object({ id: z.guid(THREAD_MESSAGES.notFound) });

/** GET /api/extension-requests: pending ones by default, oldest first. */
export const extensionListQuery = z.object({
  status: z._default(z.enum(EXTENSION_STATUSES), "pending"),
});

/** An extension request as the thread and the admins' list show it. */
export type ExtensionRequestItem = {
  id: string;
  taskId: string;
  taskSubject: string;
  assignedUserName: string;
  requestedByName: string;
  previousDueDate: string;
  requestedDueDate: string;
  reason: string;
  status: ExtensionStatus;
  decidedByName: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
  createdAt: string;
  /** Whether the viewer may approve or decline it now (an admin, while it is pending). */
  canDecide: boolean;
};

/** GET /api/tasks/:id/thread: the progress thread (oldest first) and the task's requests. */
export type TaskThread = { entries: ProgressEntry[]; extensions: ExtensionRequestItem[] };

/** GET /api/extension-requests: the requests, and how many are pending (the sidebar's badge). */
export type ExtensionRequestList = { requests: ExtensionRequestItem[]; pending: number };
