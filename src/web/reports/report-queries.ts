import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import { REPORT_MESSAGES, type ReportRange } from "../../shared/reports";
import { api, toQuery } from "../api/client";
import { useErrorToast } from "../api/use-error-toast";

export const reportKeys = {
  performance: (range: ReportRange) => ["reports", "performance", range] as const,
};

/** The server aggregates the report; the previous range's report stays up while a new one loads. */
export function usePerformanceReport(range: ReportRange) {
  const query = useQuery({
    queryKey: reportKeys.performance(range),
    queryFn: () => parseResponse(api.api.reports.performance.$get({ query: toQuery({ range }) })),
    placeholderData: keepPreviousData,
  });

  useErrorToast(query.error, REPORT_MESSAGES.fetchFailed);
  return query;
}
