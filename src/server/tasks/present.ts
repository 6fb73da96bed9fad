import { ALLOWED_FILE_TYPES, type AllowedMimeType } from "../../shared/files";
import type { TaskItem } from "../../shared/tasks";
import { type CurrentUser, displayNameOf, isPlaceholderEmail } from "../../shared/users";
import type { tasks } from "../db/schema";
import { safeFileName } from "../files/file-name";
import type { SignedLinks } from "../files/signed-links";
import { type CarriedReceipt, carriedReceiptFor } from "./carried-receipt";
import { taskAbilities } from "./policy";

export type TaskRow = {
  task: typeof tasks.$inferSelect;
  assignee: { name: string; email: string; username: string | null };
  file: {
    id: string;
    fileName: string;
    filePath: string;
    fileType: string;
    uploadedBy: string | null;
  } | null;
  receipt: CarriedReceipt | null;
};

/** The stored type of an attachment, from the extension we gave its key. */
export function mimeTypeOfKey(key: string): AllowedMimeType {
  const extension = key.split(".").pop();
  const entry = Object.entries(ALLOWED_FILE_TYPES).find(([, ext]) => ext === extension);
  return (entry?.[0] as AllowedMimeType | undefined) ?? "application/pdf";
}

/**
 * The fields of a task that leave the server, with what `viewer` may do to it and download links
 * for them valid for `ttlSeconds` (and only while they may read the task: tasks/file-access.ts).
 */
export function presentTask(
  row: TaskRow,
  links: SignedLinks,
  ttlSeconds: number,
  viewer: Pick<CurrentUser, "id" | "role" | "receiptIssueDuty">,
): TaskItem {
  const { task, assignee, file, receipt } = row;
  const issued = { recordId: task.id, holderId: viewer.id };
  return {
    id: task.id,
    subject: task.subject,
    description: task.description ?? "",
    assignedTo: task.assignedTo,
    assignedUserName: displayNameOf(assignee),
    assignedUserEmail: isPlaceholderEmail(assignee.email) ? null : assignee.email,
    createdBy: task.createdBy,
    assignDate: task.assignDate,
    dueDate: task.dueDate,
    originalDueDate: task.originalDueDate,
    status: task.status,
    remarks: task.remarks ?? "",
    taskType: task.taskType,
    attachment:
      task.attachmentPath && task.attachmentName
        ? {
            fileName: safeFileName(task.attachmentName, mimeTypeOfKey(task.attachmentPath)),
            url: links.create(
              {
                ...issued,
                bucket: "task-attachments",
                key: task.attachmentPath,
                fileName: task.attachmentName,
                mimeType: mimeTypeOfKey(task.attachmentPath),
              },
              ttlSeconds,
            ),
          }
        : null,
    responseFile: file
      ? {
          id: file.id,
          fileName: safeFileName(file.fileName, file.fileType),
          uploadedBy: file.uploadedBy,
          url: links.create(
            {
              ...issued,
              bucket: "task-progress-files",
              key: file.filePath,
              fileName: file.fileName,
              mimeType: file.fileType,
            },
            ttlSeconds,
          ),
        }
      : null,
    responseFileCount: file ? 1 : 0,
    completionDate: task.completionDate,
    receipt: carriedReceiptFor(viewer, task, receipt),
    createdAt: task.createdAt.toISOString(),
    version: task.version,
    can: taskAbilities(viewer, task, file),
  };
}
