import type { AuditValue } from "../../shared/audit";
import { displayNameOf } from "../../shared/users";
import type { PersonRef } from "../audit/changes";
import type { TaskRow } from "./present";

/** A task's audited fields (the shared API's names), in the order the trail lists them. */
export const TASK_AUDIT_KEYS = [
  "subject",
  "description",
  "assignedTo",
  "assignDate",
  "dueDate",
  "taskType",
  "status",
  "remarks",
  "attachment",
  "responseFile",
] as const;
export type TaskAuditKey = (typeof TASK_AUDIT_KEYS)[number];

/** A task's assignee as the trail keeps them: id and name at the time. */
type AuditedRow = Pick<TaskRow, "task"> & {
  /** As displayNameOf takes it: a name alone will do. */
  assignee: Parameters<typeof displayNameOf>[0];
  file: Pick<NonNullable<TaskRow["file"]>, "fileName"> | null;
};

export function assigneeRef(row: Pick<AuditedRow, "task" | "assignee">): PersonRef {
  return { id: row.task.assignedTo, name: displayNameOf(row.assignee) };
}

/**
 * What the trail records of a task: files by their names (never the stored key or a link),
 * empty text as the API shows it.
 */
export function taskAuditState(row: AuditedRow) {
  const { task } = row;
  return {
    subject: task.subject,
    description: task.description ?? "",
    assignedTo: assigneeRef(row),
    assignDate: task.assignDate,
    dueDate: task.dueDate,
    taskType: task.taskType,
    status: task.status,
    remarks: task.remarks ?? "",
    attachment: task.attachmentPath ? task.attachmentName : null,
    responseFile: row.file?.fileName ?? null,
  } satisfies Record<TaskAuditKey, AuditValue>;
}
