import { useMutation, useQueryClient } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import { type CreateTaskFields, TASK_MESSAGES, type UpdateTaskFields } from "../../shared/tasks";
import { api } from "../api/client";
import { errorMessage } from "../api/errors";
import { notifyError, notifySuccess } from "../ui/notify";
import { taskKeys } from "./task-queries";

/**
 * A task change with its toasts. Lists, stat cards and open details refetch afterwards, on
 * failure too: a refusal such as "already completed" means what is on screen is out of date.
 */
export function useTaskMutation<Variables>(
  mutationFn: (variables: Variables) => Promise<unknown>,
  messages: { success: string; failure: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => notifySuccess(messages.success),
    onError: (error) => notifyError(errorMessage(error, messages.failure)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

export function useCreateTask() {
  return useTaskMutation(
    (values: CreateTaskFields) => parseResponse(api.api.tasks.$post({ form: values })),
    { success: TASK_MESSAGES.created, failure: TASK_MESSAGES.createFailed },
  );
}

export function useUpdateTask() {
  return useTaskMutation(
    ({ id, values }: { id: string; values: UpdateTaskFields }) =>
      parseResponse(
        api.api.tasks[":id"].$patch({
          param: { id },
          form: {
            ...values,
            // The server ignores the flag when a new file is sent; leave it out then.
            removeAttachment: values.removeAttachment && !values.attachment ? "true" : undefined,
          },
        }),
      ),
    { success: TASK_MESSAGES.updated, failure: TASK_MESSAGES.updateFailed },
  );
}

export function useCompleteTask() {
  return useTaskMutation(
    (id: string) => parseResponse(api.api.tasks[":id"].complete.$post({ param: { id } })),
    { success: TASK_MESSAGES.markedCompleted, failure: TASK_MESSAGES.statusFailed },
  );
}

export function useDeleteTask() {
  return useTaskMutation(
    (id: string) => parseResponse(api.api.tasks[":id"].$delete({ param: { id } })),
    { success: TASK_MESSAGES.deleted, failure: TASK_MESSAGES.deleteFailed },
  );
}
