import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import {
  AUDIT_MESSAGES,
  type AuditListState,
  type AuditPage,
  type TaskHistory,
} from "../../shared/audit";
import { api, toQuery } from "../api/client";
import { useErrorToast } from "../api/use-error-toast";
import { taskKeys } from "../tasks/task-queries";

const auditApi = api.api.audit;

/** A page of the Audit Log, newest first; the previous rows stay up while a new one loads. */
export function useAuditLog(filters: AuditListState) {
  const query = useQuery({
    queryKey: ["audit", "list", filters],
    // The RPC types flatten the changes' recursive JSON type; the shape is the shared one.
    queryFn: async () =>
      (await parseResponse(auditApi.$get({ query: toQuery(filters) }))) as AuditPage,
    placeholderData: keepPreviousData,
  });
  useErrorToast(query.error, AUDIT_MESSAGES.loadFailed);
  return query;
}

/** Whether the hash chain holds: a walk of the whole trail, so asked once per visit. */
export function useAuditStatus() {
  return useQuery({
    queryKey: ["audit", "status"],
    queryFn: () => parseResponse(auditApi.status.$get()),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The CSV of every row the filters match (not just the page on screen). */
export function auditCsvHref(filters: AuditListState): string {
  const { page: _page, ...rest } = filters;
  const query = new URLSearchParams(toQuery(rest));
  return query.size ? `/api/audit/export.csv?${query}` : "/api/audit/export.csv";
}

/** A task's history, newest first; under "tasks", so any change to a task reads it again. */
export function useTaskHistory(taskId: string) {
  const query = useQuery({
    queryKey: [...taskKeys.all, "history", taskId],
    queryFn: async () =>
      (await parseResponse(
        api.api.tasks[":id"].history.$get({ param: { id: taskId } }),
      )) as TaskHistory,
  });
  useErrorToast(query.error, AUDIT_MESSAGES.historyLoadFailed);
  return query;
}
