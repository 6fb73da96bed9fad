import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import {
  ENGAGEMENT_MESSAGES,
  type EngagementFields,
  type EngagementListQuery,
} from "../../shared/engagements";
import { api } from "../api/client";
import { useErrorToast } from "../api/use-error-toast";

/**
 * Every key starts with "engagements": live updates (api/live.ts) and our own mutations
 * invalidate that prefix, so every open list and chart refetches after any change.
 */
const engagementKeys = {
  all: ["engagements"] as const,
  list: (query: EngagementListQuery) => ["engagements", "list", query] as const,
  calendarFeed: ["engagements", "calendar-feed"] as const,
};

/** A filtered list; the previous rows stay up while a new filter loads. */
export function useEngagements(query: EngagementListQuery) {
  const result = useQuery({
    queryKey: engagementKeys.list(query),
    queryFn: () => parseResponse(api.api.engagements.$get({ query })),
    placeholderData: keepPreviousData,
  });
  useErrorToast(result.error, ENGAGEMENT_MESSAGES.fetchFailed);
  return result;
}

function useEngagementMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Returning the promise keeps the mutation pending until the lists hold the change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: engagementKeys.all }),
  });
}

export function useCreateEngagement() {
  return useEngagementMutation((json: EngagementFields) =>
    parseResponse(api.api.engagements.$post({ json })),
  );
}

export function useUpdateEngagement(id: string) {
  return useEngagementMutation((json: EngagementFields) =>
    parseResponse(api.api.engagements[":id"].$put({ param: { id }, json })),
  );
}

export function useDeleteEngagement() {
  return useEngagementMutation((id: string) =>
    parseResponse(api.api.engagements[":id"].$delete({ param: { id } })),
  );
}

/** The signed-in person's private calendar address; the server creates it on first request. */
export function useCalendarFeed() {
  return useQuery({
    queryKey: engagementKeys.calendarFeed,
    queryFn: () => parseResponse(api.api.calendar.feed.$get()),
  });
}

export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => parseResponse(api.api.calendar.feed.reset.$post()),
    onSuccess: (feed) => queryClient.setQueryData(engagementKeys.calendarFeed, feed),
  });
}
