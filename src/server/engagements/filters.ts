import { and, asc, desc, eq, gte, ilike, lte, or, type SQL } from "drizzle-orm";
import type { EngagementFilters } from "../../shared/engagements";
import { containing } from "../db/like";
import { engagements } from "../db/schema";

/**
 * The engagement chart's and Manage Engagements' filters as SQL: `week` bounds the chart's
 * current week. Their Excel export reads through the same conditions.
 */
export function engagementListWhere(
  query: Omit<EngagementFilters, "order">,
  week: { start: string; end: string },
): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.range === "week") {
    conditions.push(gte(engagements.date, week.start), lte(engagements.date, week.end));
  }
  if (query.venue) conditions.push(eq(engagements.venue, query.venue));
  if (query.status) conditions.push(eq(engagements.status, query.status));
  if (query.date) conditions.push(eq(engagements.date, query.date));
  if (query.search) {
    const pattern = containing(query.search);
    conditions.push(
      or(ilike(engagements.subject, pattern), ilike(engagements.responsibility, pattern)) as SQL,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** The lists' order: the chart in time order, Manage Engagements the newest first. */
export function engagementListOrder(order: EngagementFilters["order"]): SQL[] {
  const direction = order === "asc" ? asc : desc;
  return [direction(engagements.date), direction(engagements.time), asc(engagements.subject)];
}
