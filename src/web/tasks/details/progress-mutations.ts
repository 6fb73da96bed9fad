import { useMutation, useQueryClient } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import { PROGRESS_MESSAGES } from "../../../shared/tasks";
import { api } from "../../api/client";
import { errorMessage, hasStatus } from "../../api/errors";
import { notifyError, notifyErrorTitled, notifySuccess } from "../../ui/notify";
import { useTaskMutation } from "../task-mutations";
import { taskKeys } from "../task-queries";

export function useUpdateRemarks() {
  return useTaskMutation(
    ({ id, remarks }: { id: string; remarks: string }) =>
      parseResponse(api.api.tasks[":id"].remarks.$put({ param: { id }, json: { remarks } })),
    { success: PROGRESS_MESSAGES.remarksUpdated, failure: PROGRESS_MESSAGES.remarksFailed },
  );
}

/**
 * Sends the response file. A task holds one at most: when another arrived first (another tab,
 * a view not yet refreshed) the server answers 409, shown under SPEC.md's 'Upload Error'.
 */
export function useUploadResponseFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) =>
      parseResponse(api.api.tasks[":id"]["response-file"].$post({ param: { id }, form: { file } })),
    onSuccess: () => notifySuccess(PROGRESS_MESSAGES.uploaded),
    onError: (error) => {
      if (hasStatus(error, 409)) {
        notifyErrorTitled(PROGRESS_MESSAGES.uploadErrorTitle, PROGRESS_MESSAGES.oneFileOnly);
      } else {
        notifyError(errorMessage(error, PROGRESS_MESSAGES.uploadFailed));
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

export function useDeleteResponseFile() {
  return useTaskMutation(
    (id: string) => parseResponse(api.api.tasks[":id"]["response-file"].$delete({ param: { id } })),
    { success: PROGRESS_MESSAGES.fileDeleted, failure: PROGRESS_MESSAGES.deleteFailed },
  );
}
