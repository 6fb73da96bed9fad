import type { TFunction } from "i18next";
import {
  type Compliance,
  DECISION_STATUS_LABELS,
  type DecisionFilters,
  type DecisionItem,
} from "../../shared/decisions";

/** The Decisions page's words: `useTranslation(DECISIONS_NAMESPACES).t`. */
export const DECISIONS_NAMESPACES = ["decisions", "common"] as const;
export type DecisionsT = TFunction<typeof DECISIONS_NAMESPACES>;

/** The filters proper: what Clear Filters resets and the phone's Filters button counts. */
export const DECISION_FILTER_FIELDS = ["engagement", "owner", "status", "from", "to"] as const;

/** A compliance rate as people read it: "50%", or a dash while nothing is actionable. */
export function formatComplianceRate(rate: Compliance["rate"]): string {
  return rate === null ? "—" : `${rate}%`;
}

/** What a filter is set to, by name where the page knows it (a meeting's, an owner's). */
export type FilterNames = { meeting?: string; owner?: string };

/**
 * The filters in force, one phrase each ("Status: Overdue", "From Nov 1, 2026"), for the
 * printout's and the CSV's title; "All decisions" when there are none.
 */
export function describeDecisionFilters(
  filters: Omit<DecisionFilters, "page">,
  names: FilterNames,
  t: DecisionsT,
  displayDate: (isoDate: string) => string,
): string {
  const parts: string[] = [];
  if (filters.engagement) parts.push(t("describe.meeting", { meeting: names.meeting ?? "" }));
  if (filters.owner) parts.push(t("describe.owner", { owner: names.owner ?? "" }));
  if (filters.status)
    parts.push(t("describe.status", { status: t(DECISION_STATUS_LABELS[filters.status]) }));
  if (filters.from) parts.push(t("describe.from", { date: displayDate(filters.from) }));
  if (filters.to) parts.push(t("describe.to", { date: displayDate(filters.to) }));
  return parts.length > 0 ? parts.join(t("describe.separator")) : t("describe.all");
}

/** The date a decision is due by: its task's, which an extension may have moved, else its own. */
export function dueDateOf(decision: Pick<DecisionItem, "dueDate" | "task">): string | null {
  return decision.task?.dueDate ?? decision.dueDate;
}
