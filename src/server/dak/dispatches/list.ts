import { and, count, eq, gte, ilike, lte, or, type SQL, sql } from "drizzle-orm";
import { type DispatchFilters, type DispatchPage, REGISTER_PAGE_SIZE } from "../../../shared/dak";
import type { CurrentUser } from "../../../shared/users";
import { containing } from "../../db/like";
import { dispatches } from "../../db/schema";
import type { DakDeps } from "../deps";
import { dakActor, dispatchesReadableBy } from "../policy";
import { readDispatches } from "./read";

type Filters = Omit<DispatchFilters, "page">;

/** The Dispatch Register's filters as SQL (what `viewer` may read is added by the reads). */
export function dispatchesMatching(filters: Filters): SQL | undefined {
  return and(
    filters.q
      ? or(
          ilike(dispatches.dispatchNumber, containing(filters.q)),
          ilike(dispatches.subject, containing(filters.q)),
          sql`${dispatches.addressees}::text ilike ${containing(filters.q)}`,
        )
      : undefined,
    filters.from ? gte(dispatches.dispatchedOn, filters.from) : undefined,
    filters.to ? lte(dispatches.dispatchedOn, filters.to) : undefined,
    filters.mode ? eq(dispatches.mode, filters.mode) : undefined,
  );
}

/** The Dispatch Register: a page of the dispatches `viewer` may read that match the filters. */
export async function listDispatches(
  deps: Pick<DakDeps, "db" | "links">,
  viewer: CurrentUser,
  filters: DispatchFilters,
): Promise<DispatchPage> {
  const where = dispatchesMatching(filters);
  const [[{ total }], list] = await Promise.all([
    deps.db
      .select({ total: count() })
      .from(dispatches)
      .where(and(where, dispatchesReadableBy(dakActor(viewer)))),
    readDispatches(deps, viewer, where, {
      limit: REGISTER_PAGE_SIZE,
      offset: (filters.page - 1) * REGISTER_PAGE_SIZE,
    }),
  ]);
  return { dispatches: list, total, page: filters.page, pageSize: REGISTER_PAGE_SIZE };
}

/** Every matching dispatch, for the day's print and the Excel export. */
export async function exportDispatches(
  deps: Pick<DakDeps, "db" | "links">,
  viewer: CurrentUser,
  filters: Filters,
): Promise<Omit<DispatchPage, "page" | "pageSize">> {
  const list = await readDispatches(deps, viewer, dispatchesMatching(filters));
  return { dispatches: list, total: list.length };
}
