import { useSearchParams } from "react-router";
import { z } from "zod";
import { formatDisplayDate } from "../../../shared/dates";
import { type StatusFilter, statusFilterSchema } from "../../../shared/tasks";

/** What the filter bar and pager choose; kept in the URL so a filtered view survives a reload. */
export type TaskFilterValues = {
  status: StatusFilter;
  assignDate?: string;
  dueDate?: string;
  /** An inclusive assign-date range, set by links such as the Performance Reports page's. */
  assignDateFrom?: string;
  assignDateTo?: string;
  assignedUser?: string;
  page: number;
};

export type TaskFilterChange = Partial<Omit<TaskFilterValues, "page">>;

// A hand-edited or outdated URL falls back to the default for that one parameter.
const urlFilters = z.object({
  status: statusFilterSchema.catch("all"),
  assignDate: z.iso.date().optional().catch(undefined),
  dueDate: z.iso.date().optional().catch(undefined),
  assignDateFrom: z.iso.date().optional().catch(undefined),
  assignDateTo: z.iso.date().optional().catch(undefined),
  assignedUser: z.string().trim().min(1).optional().catch(undefined),
  page: z.coerce.number().int().min(1).catch(1),
});

/** The assign-date range in words ("Assigned Nov 15, 2026 – Nov 22, 2026"), or null when unset. */
export function describeAssignRange({
  assignDateFrom,
  assignDateTo,
}: Pick<TaskFilterValues, "assignDateFrom" | "assignDateTo">): string | null {
  if (assignDateFrom && assignDateTo) {
    return `Assigned ${formatDisplayDate(assignDateFrom)} – ${formatDisplayDate(assignDateTo)}`;
  }
  if (assignDateFrom) return `Assigned from ${formatDisplayDate(assignDateFrom)}`;
  if (assignDateTo) return `Assigned until ${formatDisplayDate(assignDateTo)}`;
  return null;
}

function toSearchParams(filters: TaskFilterValues): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status !== "all") params.set("status", filters.status);
  if (filters.assignDate) params.set("assignDate", filters.assignDate);
  if (filters.dueDate) params.set("dueDate", filters.dueDate);
  if (filters.assignDateFrom) params.set("assignDateFrom", filters.assignDateFrom);
  if (filters.assignDateTo) params.set("assignDateTo", filters.assignDateTo);
  if (filters.assignedUser) params.set("assignedUser", filters.assignedUser);
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

export function useTaskFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters: TaskFilterValues = urlFilters.parse(Object.fromEntries(searchParams));

  /** A different filter shows a different list, so paging starts again at page 1. */
  function changeFilters(change: TaskFilterChange) {
    setSearchParams(toSearchParams({ ...filters, ...change, page: 1 }));
  }

  function changePage(page: number) {
    setSearchParams(toSearchParams({ ...filters, page }));
  }

  function clearFilters() {
    setSearchParams(new URLSearchParams());
  }

  return { filters, changeFilters, changePage, clearFilters };
}
