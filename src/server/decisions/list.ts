import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { todayIn } from "../../shared/dates";
import {
  complianceOf,
  DECISIONS_PAGE_SIZE,
  type DecisionFilters,
  type DecisionPage,
  type DecisionStatus,
} from "../../shared/decisions";
import type { CurrentUser } from "../../shared/users";
import type { Db } from "../db/client";
import { engagementDecisions, engagements } from "../db/schema";
import type { DecisionDeps } from "./deps";
import {
  daysOverdueSql,
  dueDateOrder,
  presentDecision,
  selectDecisionRows,
  statusSql,
} from "./read";

const d = engagementDecisions;

type ListDeps = Pick<DecisionDeps, "db" | "sweeper" | "timeZone" | "clock">;

/** The Decisions page's filters as SQL, over decisions joined to their meeting and task. */
function filterSql(filters: Omit<DecisionFilters, "page">, today: string): SQL | undefined {
  return and(
    filters.engagement ? eq(d.engagementId, filters.engagement) : undefined,
    filters.owner ? eq(d.ownerId, filters.owner) : undefined,
    filters.status ? sql`${statusSql(today)} = ${filters.status}` : undefined,
    filters.from ? gte(engagements.date, filters.from) : undefined,
    filters.to ? lte(engagements.date, filters.to) : undefined,
  );
}

/** The Decisions page's order on `today`: the most days overdue first, the earliest due, seq. */
const pageOrder = (today: string) => [desc(daysOverdueSql(today)), dueDateOrder, asc(d.seq)];

/**
 * The decisions matching the Decisions page's filters on `today`, in the page's order: its
 * pages, its print and its Excel export. A window (a page) is chosen from the decisions and
 * their meetings alone, and only its rows are joined to what they show: sorted after the
 * joins, a page had read every matching decision's task (at 1,000,000 tasks, 71,457 of them).
 */
export function selectMatchingDecisions(
  db: Db,
  filters: Omit<DecisionFilters, "page">,
  today: string,
  window?: { limit: number; offset: number },
) {
  const where = filterSql(filters, today);
  if (!window)
    return selectDecisionRows(db)
      .where(where)
      .orderBy(...pageOrder(today));
  const ids = db
    .select({ id: d.id })
    .from(d)
    .innerJoin(engagements, eq(engagements.id, d.engagementId))
    .where(where)
    .orderBy(...pageOrder(today))
    .limit(window.limit)
    .offset(window.offset);
  return selectDecisionRows(db)
    .where(inArray(d.id, ids))
    .orderBy(...pageOrder(today));
}

/** How many decisions match the filters, by status: the total and the compliance. */
async function countMatching(db: Db, filters: Omit<DecisionFilters, "page">, day: string) {
  const rows = await db
    .select({ status: statusSql(day), count: sql<number>`count(*)::int` })
    .from(d)
    .innerJoin(engagements, eq(engagements.id, d.engagementId))
    .where(filterSql(filters, day))
    // By position: the status expression carries today as a parameter, and PostgreSQL
    // matches a GROUP BY expression to the selected one only when the two are identical.
    .groupBy(sql`1`);
  // complianceOf's own rule (the rate's rounding included), from the counts.
  const statuses: DecisionStatus[] = rows.flatMap(({ status, count }) =>
    Array.from({ length: count }, () => status),
  );
  return { total: statuses.length, compliance: complianceOf(statuses) };
}

/** Today in the office, the overdue sweep made for it (statuses read the tasks' copies). */
async function sweptToday({ sweeper, timeZone, clock }: ListDeps): Promise<string> {
  const day = todayIn(timeZone, clock());
  await sweeper.ensureSwept(day);
  return day;
}

/**
 * The Decisions page: every meeting's decisions matching the filters, the most days overdue
 * first, a page at a time, with the compliance of all of them (not only the page's).
 */
export async function listDecisions(
  deps: ListDeps,
  actor: CurrentUser,
  filters: DecisionFilters,
): Promise<DecisionPage> {
  const day = await sweptToday(deps);
  // Each reads every matching decision (its status from the copies it keeps of its task):
  // on PostgreSQL the two run side by side on two connections.
  const [{ total, compliance }, rows] = await Promise.all([
    countMatching(deps.db, filters, day),
    selectMatchingDecisions(deps.db, filters, day, {
      limit: DECISIONS_PAGE_SIZE,
      offset: (filters.page - 1) * DECISIONS_PAGE_SIZE,
    }),
  ]);
  return {
    decisions: rows.map((row) => presentDecision(row, day, actor)),
    total,
    page: filters.page,
    pageSize: DECISIONS_PAGE_SIZE,
    compliance,
  };
}

/** Every decision the filters match, in the page's order: for print and the CSV. */
export async function exportDecisions(
  deps: ListDeps,
  actor: CurrentUser,
  filters: Omit<DecisionFilters, "page">,
): Promise<Omit<DecisionPage, "page" | "pageSize">> {
  const day = await sweptToday(deps);
  const rows = await selectMatchingDecisions(deps.db, filters, day);
  const decisions = rows.map((row) => presentDecision(row, day, actor));
  return {
    decisions,
    total: decisions.length,
    compliance: complianceOf(decisions.map((one) => one.status)),
  };
}
