import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import type {
  AnswerFields,
  MarkedByMeFilters,
  MarkOnwardFields,
  WithMeFilters,
} from "../../shared/markings";
import { api, toQuery } from "../api/client";
import { useFeedbackMutation } from "../api/mutation-feedback";
import { useErrorToast } from "../api/use-error-toast";
import { taskKeys } from "../tasks/task-queries";

const taskApi = api.api.tasks[":id"];
const listApi = api.api.markings;

// Under "tasks": a marking changes the task (its holder), so every task query refetches after
// one, and any task change (live or local) refreshes the movement and the lists too.
export const markingKeys = {
  movement: (id: string) => [...taskKeys.all, "movement", id] as const,
  withMe: (filters: WithMeFilters) => [...taskKeys.all, "with-me", filters] as const,
  markedByMe: (filters: MarkedByMeFilters) => [...taskKeys.all, "marked-by-me", filters] as const,
};

const FAILED = "markings:failed.action";

/** A remark left blank (the form's null) is left out of the request. */
function unsaid(remark: string | null): string | undefined {
  return remark ?? undefined;
}

/** A task's movement and what the reader may do with it now. */
export function useMovement(id: string) {
  const query = useQuery({
    queryKey: markingKeys.movement(id),
    queryFn: () => parseResponse(taskApi.movement.$get({ param: { id } })),
  });
  useErrorToast(query.error, "markings:movement.loadFailed");
  return query;
}

export function useWithMe(filters: WithMeFilters) {
  const query = useQuery({
    queryKey: markingKeys.withMe(filters),
    queryFn: () => parseResponse(listApi["with-me"].$get({ query: toQuery(filters) })),
    placeholderData: keepPreviousData,
  });
  useErrorToast(query.error, "markings:list.loadFailed");
  return query;
}

export function useMarkedByMe(filters: MarkedByMeFilters) {
  const query = useQuery({
    queryKey: markingKeys.markedByMe(filters),
    queryFn: () => parseResponse(listApi["marked-by-me"].$get({ query: toQuery(filters) })),
    placeholderData: keepPreviousData,
  });
  useErrorToast(query.error, "markings:list.loadFailed");
  return query;
}

// Each action's toast is the server's own sentence ("Marked to …"), already in the page's language.

export function useMarkOnward(id: string) {
  return useFeedbackMutation({
    mutationFn: ({ remark, ...json }: MarkOnwardFields) =>
      parseResponse(
        taskApi.mark.$post({ param: { id }, json: { ...json, remark: unsaid(remark) } }),
      ),
    success: (result) => result.message,
    failure: FAILED,
    invalidate: taskKeys.all,
  });
}

export function usePullBack(id: string) {
  return useFeedbackMutation({
    mutationFn: (json: { reason: string }) =>
      parseResponse(taskApi["pull-back"].$post({ param: { id }, json })),
    success: (result) => result.message,
    failure: FAILED,
    invalidate: taskKeys.all,
  });
}

export function useAnswer(id: string) {
  return useFeedbackMutation({
    mutationFn: ({ remark, ...json }: AnswerFields) =>
      parseResponse(
        taskApi.answer.$post({ param: { id }, json: { ...json, remark: unsaid(remark) } }),
      ),
    success: (result) => result.message,
    failure: FAILED,
    invalidate: taskKeys.all,
  });
}

export function useCloseAsSeen(id: string) {
  return useFeedbackMutation({
    mutationFn: (remark: string | null) =>
      parseResponse(
        taskApi["close-as-seen"].$post({ param: { id }, json: { remark: unsaid(remark) } }),
      ),
    success: (result) => result.message,
    failure: FAILED,
    invalidate: taskKeys.all,
  });
}
