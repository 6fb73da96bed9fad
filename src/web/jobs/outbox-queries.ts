import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import type { z } from "zod/mini";
import type { outboxQuery } from "../../shared/notifications";
import { api, toQuery } from "../api/client";
import { useFeedbackMutation } from "../api/mutation-feedback";
import { useErrorToast } from "../api/use-error-toast";

const outboxApi = api.api.admin.outbox;

export const OUTBOX_QUERY_KEY = ["outbox"] as const;

/** The state shown and the page, as the address holds them. */
export type OutboxFilters = z.output<typeof outboxQuery>;

/**
 * Mail moves on by itself (the job runner sends, retries and gives up in the background, and
 * no live event says so): an open outbox looks again every few seconds.
 */
const REFRESH_MS = 10_000;

/** A page of the outbox, newest first; the previous rows stay up while a new filter loads. */
export function useOutbox(filters: OutboxFilters) {
  const result = useQuery({
    queryKey: [...OUTBOX_QUERY_KEY, filters],
    queryFn: () => parseResponse(outboxApi.$get({ query: toQuery(filters) })),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  useErrorToast(result.error, "office:outbox.loadFailed");
  return result;
}

/** A failed mail back in the queue; the server words the toast. */
export function useResendMail() {
  return useFeedbackMutation({
    mutationFn: (id: string) => parseResponse(outboxApi[":id"].resend.$post({ param: { id } })),
    success: (result) => result.message,
    failure: "office:outbox.resendFailed",
    invalidate: OUTBOX_QUERY_KEY,
  });
}
