import { z } from "zod/mini";
import { type MessageKey, message } from "./i18n/message";
import { extensionRequestInput, TASK_MESSAGES, taskFieldsInput, taskListQuery } from "./tasks";

/** The most tasks one request may name by id (a page of Manage Tasks holds at most 1,000). */
export const BULK_MAX_IDS = 1000;
/** The most tasks "all matching the filter" may reach: past it, the filter must be narrowed. */
export const BULK_MAX_MATCHING = 5000;

/** Catalog keys of bulk actions on Manage Tasks. */
export const BULK_MESSAGES = {
  noneSelected: "tasks:bulk.error.noneSelected",
  tooManyIds: "tasks:bulk.error.tooManyIds",
  tooManyMatching: "tasks:bulk.error.tooManyMatching",
  noneMatching: "tasks:bulk.error.noneMatching",
  missing: "tasks:bulk.error.missing",
  alreadyCompleted: "tasks:bulk.error.alreadyCompleted",
  dueBeforeAssign: "tasks:bulk.error.dueBeforeAssign",
  failed: "tasks:bulk.error.failed",
  confirmComplete: "tasks:bulk.confirm.complete",
  reassigned: "tasks:bulk.summary.reassigned",
  dueDateChanged: "tasks:bulk.summary.dueDateChanged",
  completed: "tasks:bulk.summary.completed",
} as const satisfies Record<string, MessageKey>;

/** Manage Tasks' filters as "all matching" sends them: the list query without its paging. */
export const bulkTaskFilter = z.omit(taskListQuery, { page: true, pageSize: true });

/** The tasks an action applies to: ticked rows by id, or every task the filters match. */
const bulkSelection = z.discriminatedUnion("by", [
  z.object({
    by: z.literal("ids"),
    ids: z
      .array(z.guid(TASK_MESSAGES.notFound))
      .check(
        z.minLength(1, BULK_MESSAGES.noneSelected),
        z.maxLength(BULK_MAX_IDS, message(BULK_MESSAGES.tooManyIds, { max: BULK_MAX_IDS })),
      ),
  }),
  z.object({ by: z.literal("filter"), filter: bulkTaskFilter }),
]);
export type BulkSelection = z.output<typeof bulkSelection>;

/** Reassign: the new assignee, as Edit Task's Assign To takes one. */
export const bulkReassignFields = z.object({ assignedTo: taskFieldsInput.shape.assignedTo });

/** Change Due Date: the new date and why, with an extension's rules (the trail keeps the reason). */
export const bulkDueDateFields = z.object({
  dueDate: extensionRequestInput.shape.dueDate,
  reason: extensionRequestInput.shape.reason,
});

/** What is done to each task: a new assignee, a new due date with its reason, or completion. */
const bulkAction = z.discriminatedUnion("kind", [
  z.extend(bulkReassignFields, { kind: z.literal("reassign") }),
  z.extend(bulkDueDateFields, { kind: z.literal("dueDate") }),
  z.object({ kind: z.literal("complete") }),
]);
export type BulkAction = z.output<typeof bulkAction>;
export type BulkActionKind = BulkAction["kind"];

/** POST /api/tasks/bulk. */
export const bulkTaskInput = z.object({ selection: bulkSelection, action: bulkAction });
export type BulkTaskInput = z.input<typeof bulkTaskInput>;
export type BulkTaskFields = z.output<typeof bulkTaskInput>;

/** The answer: how many tasks changed, and the summary toast in the caller's language. */
export type BulkTaskResult = { count: number; message: string };
