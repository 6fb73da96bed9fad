import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import {
  DECISION_MESSAGES,
  type DecisionFilters,
  type DecisionInput,
} from "../../shared/decisions";
import { message } from "../../shared/i18n/message";
import { api, toQuery } from "../api/client";
import { useFeedbackMutation } from "../api/mutation-feedback";
import { useErrorToast } from "../api/use-error-toast";
import { engagementKeys } from "../engagements/engagement-queries";
import { taskKeys } from "../tasks/task-queries";

/**
 * Under "engagements": a decision belongs to its meeting's record, so recording or deleting one
 * (which refetches the engagements) and a live change to any engagement read the Decisions page
 * again. A decision's status is its task's, so a live change to a task reads them too
 * (app/live-updates.ts).
 */
export const decisionKeys = {
  all: [...engagementKeys.all, "decisions"] as const,
  list: (filters: DecisionFilters) =>
    [...engagementKeys.all, "decisions", "list", filters] as const,
};

/** The Decisions page's filters without its page: what Print and Export CSV take. */
export type DecisionExportFilters = Omit<DecisionFilters, "page">;

const decisionsApi = api.api.decisions;

/** A page of decisions, the most days overdue first; the previous rows stay up while loading. */
export function useDecisions(filters: DecisionFilters) {
  const query = useQuery({
    queryKey: decisionKeys.list(filters),
    queryFn: () => parseResponse(decisionsApi.$get({ query: toQuery(filters) })),
    placeholderData: keepPreviousData,
  });
  useErrorToast(query.error, "decisions:error.loadFailed");
  return query;
}

/** Every decision the filters match (not only the page on screen): for print and the CSV. */
export function fetchAllDecisions(filters: DecisionExportFilters) {
  return parseResponse(decisionsApi.export.$get({ query: toQuery(filters) }));
}

/**
 * Records the decisions of one save of the minutes. Each action becomes a task of type Request,
 * so the task lists are read again too; the engagement (and the decisions it shows) before the
 * save is over.
 */
export function useRecordDecisions(engagementId: string) {
  const queryClient = useQueryClient();
  return useFeedbackMutation({
    mutationFn: async (decisions: DecisionInput[]) => {
      const result = await parseResponse(
        api.api.engagements[":id"].decisions.$post({
          param: { id: engagementId },
          json: { decisions },
        }),
      );
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      return result;
    },
    success: (result) => message(DECISION_MESSAGES.recorded, { count: result.decisions.length }),
    // The server's refusals name no row (the schema's own are shown on the rows before sending).
    failure: "decisions:error.recordFailed",
    invalidate: engagementKeys.all,
  });
}

export function useDeleteDecision() {
  const queryClient = useQueryClient();
  return useFeedbackMutation({
    mutationFn: async (id: string) => {
      const result = await parseResponse(decisionsApi[":id"].$delete({ param: { id } }));
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      return result;
    },
    success: DECISION_MESSAGES.deleted,
    failure: "decisions:error.deleteFailed",
    invalidate: engagementKeys.all,
  });
}
