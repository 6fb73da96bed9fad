import { parseResponse } from "hono/client";
import { type CreateTaskFields, TASK_MESSAGES, type UpdateTaskFields } from "../../shared/tasks";
import { api } from "../api/client";
import { errorMessage, isEditConflict } from "../api/errors";
import { useFeedbackMutation } from "../api/mutation-feedback";
import { taskKeys } from "./task-queries";

// Task changes refetch every task query (lists, stat cards, open details) afterwards.

export function useCreateTask() {
  return useFeedbackMutation({
    mutationFn: (values: CreateTaskFields) => parseResponse(api.api.tasks.$post({ form: values })),
    success: TASK_MESSAGES.created,
    failure: TASK_MESSAGES.createFailed,
    invalidate: taskKeys.all,
  });
}

export function useUpdateTask() {
  return useFeedbackMutation({
    mutationFn: ({ id, values }: { id: string; values: UpdateTaskFields }) =>
      parseResponse(
        api.api.tasks[":id"].$patch({
          param: { id },
          form: {
            ...values,
            version: String(values.version),
            // The server ignores the flag when a new file is sent; leave it out then.
            removeAttachment: values.removeAttachment && !values.attachment ? "true" : undefined,
          },
        }),
      ),
    success: TASK_MESSAGES.updated,
    // A save refused as stale is answered in the dialog, beside what was typed.
    failure: (error) =>
      isEditConflict(error) ? null : { message: errorMessage(error, TASK_MESSAGES.updateFailed) },
    invalidate: taskKeys.all,
  });
}

export function useCompleteTask() {
  return useFeedbackMutation({
    mutationFn: (id: string) =>
      parseResponse(api.api.tasks[":id"].complete.$post({ param: { id } })),
    success: TASK_MESSAGES.markedCompleted,
    failure: TASK_MESSAGES.statusFailed,
    invalidate: taskKeys.all,
  });
}

export function useDeleteTask() {
  return useFeedbackMutation({
    mutationFn: (id: string) => parseResponse(api.api.tasks[":id"].$delete({ param: { id } })),
    success: TASK_MESSAGES.deleted,
    failure: TASK_MESSAGES.deleteFailed,
    invalidate: taskKeys.all,
  });
}
