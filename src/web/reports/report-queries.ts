import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { parseResponse } from "hono/client";
import { useEffect } from "react";
import { REPORT_MESSAGES, type ReportRange } from "../../shared/reports";
import { api } from "../api/client";
import { notifyError } from "../ui/notify";

export const reportKeys = {
  performance: (range: ReportRange) => ["reports", "performance", range] as const,
};

/** The server aggregates the report; the previous range's report stays up while a new one loads. */
export function usePerformanceReport(range: ReportRange) {
  const query = useQuery({
    queryKey: reportKeys.performance(range),
    queryFn: () =>
      parseResponse(api.api.reports.performance.$get({ query: { range: String(range) } })),
    placeholderData: keepPreviousData,
  });

  // A new error object means a new failure, worth a new toast.
  useEffect(() => {
    if (query.error) notifyError(REPORT_MESSAGES.fetchFailed);
  }, [query.error]);

  return query;
}
