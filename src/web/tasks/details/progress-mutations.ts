import { parseResponse } from "hono/client";
import { PROGRESS_MESSAGES, THREAD_MESSAGES } from "../../../shared/tasks";
import { api } from "../../api/client";
import { errorMessage, hasStatus } from "../../api/errors";
import { useFeedbackMutation } from "../../api/mutation-feedback";
import { taskKeys } from "../task-queries";

export function useUpdateRemarks() {
  return useFeedbackMutation({
    mutationFn: ({ id, remarks }: { id: string; remarks: string }) =>
      parseResponse(api.api.tasks[":id"].remarks.$put({ param: { id }, json: { remarks } })),
    success: PROGRESS_MESSAGES.remarksUpdated,
    failure: PROGRESS_MESSAGES.remarksFailed,
    invalidate: taskKeys.all,
  });
}

/**
 * Sends the response file. A task holds one at most: when another arrived first (another tab,
 * a view not yet refreshed) the server answers 409, shown under SPEC.md's 'Upload Error'.
 */
export function useUploadResponseFile() {
  return useFeedbackMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) =>
      parseResponse(api.api.tasks[":id"]["response-file"].$post({ param: { id }, form: { file } })),
    success: PROGRESS_MESSAGES.uploaded,
    failure: (error) =>
      hasStatus(error, 409)
        ? { title: PROGRESS_MESSAGES.uploadErrorTitle, message: PROGRESS_MESSAGES.oneFileOnly }
        : { message: errorMessage(error, PROGRESS_MESSAGES.uploadFailed) },
    invalidate: taskKeys.all,
  });
}

export function useDeleteResponseFile() {
  return useFeedbackMutation({
    mutationFn: (id: string) =>
      parseResponse(api.api.tasks[":id"]["response-file"].$delete({ param: { id } })),
    success: PROGRESS_MESSAGES.fileDeleted,
    failure: PROGRESS_MESSAGES.deleteFailed,
    invalidate: taskKeys.all,
  });
}

/** An admin's reply in the progress thread; the assignee is told. */
export function useReply() {
  return useFeedbackMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      parseResponse(api.api.tasks[":id"].replies.$post({ param: { id }, json: { body } })),
    success: (result) => result.message,
    failure: THREAD_MESSAGES.replyFailed,
    invalidate: taskKeys.all,
  });
}
