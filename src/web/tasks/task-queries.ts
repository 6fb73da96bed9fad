import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import {
  type ExtensionStatus,
  TASK_MESSAGES,
  type TaskFilters,
  type TaskStatsQuery,
} from "../../shared/tasks";
import { api, toQuery } from "../api/client";
import { useErrorToast } from "../api/use-error-toast";

/** A list's filters and page; the page size when not the server's default. */
export type TaskListParams = Partial<TaskFilters>;

/** Everything under "tasks" is refetched after any task changes (see task-mutations.ts). */
export const taskKeys = {
  all: ["tasks"] as const,
  list: (params: TaskListParams) => ["tasks", "list", params] as const,
  stats: (scope: TaskStatsQuery) => ["tasks", "stats", scope] as const,
  detail: (id: string) => ["tasks", "detail", id] as const,
  dueNext: ["tasks", "due-next"] as const,
  thread: (id: string) => ["tasks", "thread", id] as const,
  extensionRequests: (status: ExtensionStatus) => ["tasks", "extension-requests", status] as const,
};

export function taskListOptions(params: TaskListParams) {
  return queryOptions({
    queryKey: taskKeys.list(params),
    queryFn: () => parseResponse(api.api.tasks.$get({ query: toQuery(params) })),
  });
}

/** One page of tasks (the server filters and pages); the previous page stays up while loading. */
export function useTasks(params: TaskListParams) {
  const query = useQuery({ ...taskListOptions(params), placeholderData: keepPreviousData });
  useErrorToast(query.error, TASK_MESSAGES.fetchFailed);
  return query;
}

/** The stat cards' counts; SPEC.md section 8: a failure here is not toasted. */
export function useTaskStats(scope: TaskStatsQuery) {
  return useQuery({
    queryKey: taskKeys.stats(scope),
    queryFn: () => parseResponse(api.api.tasks.stats.$get({ query: scope })),
  });
}

/** One task, with file links that live for an hour rather than the list's minute. */
export function taskDetailOptions(id: string) {
  return queryOptions({
    queryKey: taskKeys.detail(id),
    queryFn: () => parseResponse(api.api.tasks[":id"].$get({ param: { id } })),
  });
}

export function useTask(id: string) {
  return useQuery(taskDetailOptions(id));
}

/** /dashboard's Due Next: the caller's (or the department's) next open tasks. */
export function useDueNext() {
  return useQuery({
    queryKey: taskKeys.dueNext,
    queryFn: () => parseResponse(api.api.tasks["due-next"].$get()),
  });
}

/**
 * A task's progress thread (oldest first) and its extension requests. Under "tasks", so a live
 * change to any task, and the assignee's own Update Task, read it again.
 */
export function useTaskThread(id: string) {
  return useQuery({
    queryKey: taskKeys.thread(id),
    queryFn: () => parseResponse(api.api.tasks[":id"].thread.$get({ param: { id } })),
  });
}
