import { useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import { api, toQuery } from "../api/client";
import { useErrorToast } from "../api/use-error-toast";
import { taskKeys } from "../tasks/task-queries";

/**
 * Under "tasks": the brief is read from tasks (and engagements and decisions), so a live change
 * to a task reads it again.
 */
export const briefKeys = {
  day: (date: string | undefined) => [...taskKeys.all, "brief", date ?? "today"] as const,
};

/** The Daily Brief of `date`, the office's today when undefined. */
export function useBrief(date: string | undefined) {
  const query = useQuery({
    queryKey: briefKeys.day(date),
    queryFn: () => parseResponse(api.api.brief.$get({ query: toQuery({ date }) })),
  });
  useErrorToast(query.error, "brief:loadFailed");
  return query;
}
