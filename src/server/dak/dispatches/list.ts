import { and, eq, gte, ilike, lte, ne, or, type SQL, sql } from "drizzle-orm";
import {
  type DispatchFilters,
  type DispatchPage,
  REGISTER_PAGE_SIZE,
  readsWholeRegister,
} from "../../../shared/dak";
import type { CurrentUser } from "../../../shared/users";
import { countOfAny } from "../../db/any-of";
import { type Db, rowsOf } from "../../db/client";
import { containing } from "../../db/like";
import { dispatchCounts, dispatches } from "../../db/schema";
import type { DakDeps } from "../deps";
import { dakActor, dispatchesReadableByAny } from "../policy";
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

/**
 * How many dispatches `viewer` may read match the filters. With none, from the counters
 * (dispatch_counts): an administrator's total is theirs, a keeper's or a head's the Normal
 * ones' and the few restricted ones they may read besides; otherwise counted.
 */
export async function countDispatches(db: Db, viewer: CurrentUser, filters: Filters) {
  const actor = dakActor(viewer);
  const filtered = dispatchesMatching(filters);
  const readable = dispatchesReadableByAny(actor);
  const register = { table: dispatches, id: dispatches.id };
  const countedBy = (classification: SQL | undefined) =>
    sql`(select coalesce(sum(${dispatchCounts.total}), 0) from ${dispatchCounts} where ${classification ?? sql`true`})`;
  const total =
    filtered || !readsWholeRegister(actor)
      ? countOfAny(register, filtered, readable)
      : actor.role === "admin"
        ? countedBy(undefined)
        : sql`${countedBy(eq(dispatchCounts.classification, "normal"))} + ${countOfAny(
            register,
            ne(dispatches.classification, "normal"),
            readable,
          )}`;
  const [row] = rowsOf<{ total: number }>(await db.execute(sql`select (${total})::int as total`));
  return row.total;
}

/** The Dispatch Register: a page of the dispatches `viewer` may read that match the filters. */
export async function listDispatches(
  deps: Pick<DakDeps, "db" | "links">,
  viewer: CurrentUser,
  filters: DispatchFilters,
): Promise<DispatchPage> {
  const [total, list] = await Promise.all([
    countDispatches(deps.db, viewer, filters),
    readDispatches(deps, viewer, dispatchesMatching(filters), {
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
