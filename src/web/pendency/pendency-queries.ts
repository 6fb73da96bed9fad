import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import { PENDENCY_MESSAGES, type PendencyOrder } from "../../shared/pendency";
import { api, toQuery } from "../api/client";
import { useErrorToast } from "../api/use-error-toast";

/**
 * Under "tasks": the figures are counts of tasks, so any live change to a task or a person
 * (app/live-updates.ts) reads them again.
 */
export const pendencyKeys = {
  dashboard: (order: PendencyOrder) => ["tasks", "pendency", order] as const,
};

/** The server counts and orders; the previous order's table stays up while a new one loads. */
export function usePendency(order: PendencyOrder) {
  const query = useQuery({
    queryKey: pendencyKeys.dashboard(order),
    queryFn: () => parseResponse(api.api.pendency.$get({ query: toQuery(order) })),
    placeholderData: keepPreviousData,
  });
  useErrorToast(query.error, PENDENCY_MESSAGES.fetchFailed);
  return query;
}
