import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import {
  type ExtensionRequestFields,
  type ExtensionStatus,
  THREAD_MESSAGES,
} from "../../../shared/tasks";
import { api } from "../../api/client";
import { useFeedbackMutation } from "../../api/mutation-feedback";
import { taskKeys } from "../task-queries";

const extensionApi = api.api["extension-requests"];

// Under "tasks" (taskKeys): a live change to any task, or any task mutation, reads them again.
function extensionRequestsOptions(status: ExtensionStatus) {
  return queryOptions({
    queryKey: taskKeys.extensionRequests(status),
    queryFn: () => parseResponse(extensionApi.$get({ query: { status } })),
  });
}

/** The Extension Requests page's list; the previous tab's rows stay up while the next loads. */
export function useExtensionRequests(status: ExtensionStatus) {
  return useQuery({ ...extensionRequestsOptions(status), placeholderData: keepPreviousData });
}

/** How many requests await an answer (the sidebar's badge); the page's Pending tab's query. */
export function usePendingExtensionCount(): number {
  const { data } = useQuery({
    ...extensionRequestsOptions("pending"),
    select: (list) => list.pending,
  });
  return data ?? 0;
}

/** The assignee asks for a later due date; a refusal (not later, one pending) is the server's. */
export function useRequestExtension() {
  return useFeedbackMutation({
    mutationFn: ({ id, values }: { id: string; values: ExtensionRequestFields }) =>
      parseResponse(
        api.api.tasks[":id"]["extension-requests"].$post({ param: { id }, json: values }),
      ),
    success: (result) => result.message,
    failure: THREAD_MESSAGES.requestFailed,
    invalidate: taskKeys.all,
  });
}

export function useApproveExtension() {
  return useFeedbackMutation({
    mutationFn: (id: string) => parseResponse(extensionApi[":id"].approve.$post({ param: { id } })),
    success: (result) => result.message,
    failure: THREAD_MESSAGES.decideFailed,
    invalidate: taskKeys.all,
  });
}

export function useDeclineExtension() {
  return useFeedbackMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      parseResponse(extensionApi[":id"].decline.$post({ param: { id }, json: { reason } })),
    success: (result) => result.message,
    failure: THREAD_MESSAGES.decideFailed,
    invalidate: taskKeys.all,
  });
}
