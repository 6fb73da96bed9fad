import { useSearchParams } from "react-router";
import { z } from "zod";
import {
  ENGAGEMENT_STATUSES,
  LEGACY_ENGAGEMENT_STATUSES,
  venueSchema,
} from "../../shared/engagements";

// A hand-edited or outdated URL falls back to the default for that one parameter.
const urlFilters = z.object({
  venue: venueSchema.optional().catch(undefined),
  status: z
    .enum([...ENGAGEMENT_STATUSES, ...LEGACY_ENGAGEMENT_STATUSES])
    .optional()
    .catch(undefined),
  date: z.iso.date().optional().catch(undefined),
  search: z.string().trim().catch(""),
  /** The chart's "Show All Engagements" switch. */
  range: z.enum(["week", "all"]).catch("week"),
});

export type EngagementFilterValues = z.output<typeof urlFilters>;
export type EngagementFilterChange = Partial<EngagementFilterValues>;

function toSearchParams(filters: EngagementFilterValues): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.venue) params.set("venue", filters.venue);
  if (filters.status) params.set("status", filters.status);
  if (filters.date) params.set("date", filters.date);
  if (filters.search) params.set("search", filters.search);
  if (filters.range === "all") params.set("range", "all");
  return params;
}

export function hasActiveFilters(filters: EngagementFilterValues): boolean {
  return Boolean(filters.venue || filters.status || filters.date || filters.search);
}

/** The filters of Manage Engagements and the chart, kept in the URL to survive a reload. */
export function useEngagementFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = urlFilters.parse(Object.fromEntries(searchParams));

  /** Typing in the search box replaces the history entry rather than adding one per pause. */
  function changeFilters(change: EngagementFilterChange, { replace = false } = {}) {
    setSearchParams(toSearchParams({ ...filters, ...change }), { replace });
  }

  /** Clears the filters, not the chart's choice of week or everything. */
  function clearFilters() {
    setSearchParams(toSearchParams({ search: "", range: filters.range }));
  }

  return { filters, changeFilters, clearFilters };
}
