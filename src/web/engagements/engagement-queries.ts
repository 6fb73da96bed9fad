import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import { ENGAGEMENT_MESSAGES, type EngagementListQuery } from "../../shared/engagements";
import { api } from "../api/client";
import { hasStatus } from "../api/errors";
import { useErrorToast } from "../api/use-error-toast";

/**
 * Every key starts with "engagements": live updates (app/live-updates.ts) and our own mutations
 * (engagement-mutations.ts) invalidate that prefix, so every open list and chart refetches
 * after any change.
 */
export const engagementKeys = {
  all: ["engagements"] as const,
  list: (query: EngagementListQuery) => ["engagements", "list", query] as const,
  details: (id: string) => ["engagements", "details", id] as const,
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

/** One engagement with its record (agenda, minutes, decisions) when the viewer may read it. */
export function engagementDetailOptions(id: string) {
  return queryOptions({
    queryKey: engagementKeys.details(id),
    queryFn: () => parseResponse(api.api.engagements[":id"].$get({ param: { id } })),
  });
}

/** The engagement's page: a 404 is the page's "not found", not a toast. */
export function useEngagement(id: string) {
  const result = useQuery(engagementDetailOptions(id));
  useErrorToast(
    hasStatus(result.error, 404) ? null : result.error,
    ENGAGEMENT_MESSAGES.fetchFailed,
  );
  return result;
}

/** The signed-in person's private calendar address; the server creates it on first request. */
export function useCalendarFeed() {
  return useQuery({
    queryKey: engagementKeys.calendarFeed,
    queryFn: () => parseResponse(api.api.calendar.feed.$get()),
  });
}
