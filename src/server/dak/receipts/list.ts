import { and, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import { REGISTER_PAGE_SIZE, type ReceiptFilters, type ReceiptPage } from "../../../shared/dak";
import type { CurrentUser } from "../../../shared/users";
import { countOfAny, newestIds } from "../../db/any-of";
import { type Db, rowsOf } from "../../db/client";
import { containing } from "../../db/like";
import { receiptCounts, receipts } from "../../db/schema";
import type { DakDeps } from "../deps";
import { dakActor, receiptsReadableByAny, receiptTotalParts } from "../policy";
import { readReceipts, selectReceiptRows } from "./read";

type Filters = Omit<ReceiptFilters, "page">;

/** The Diary Register's filters as SQL (what a reader may read is added by the reads). */
function receiptsFiltered(filters: Partial<Filters>): SQL | undefined {
  return and(
    filters.q
      ? or(
          ilike(receipts.diaryNumber, containing(filters.q)),
          ilike(receipts.letterNumber, containing(filters.q)),
          ilike(receipts.subject, containing(filters.q)),
          ilike(receipts.senderName, containing(filters.q)),
        )
      : undefined,
    filters.from ? gte(receipts.receivedOn, filters.from) : undefined,
    filters.to ? lte(receipts.receivedOn, filters.to) : undefined,
    filters.category ? eq(receipts.category, filters.category) : undefined,
    filters.mode ? eq(receipts.mode, filters.mode) : undefined,
    filters.classification ? eq(receipts.classification, filters.classification) : undefined,
    filters.status ? eq(receipts.status, filters.status) : undefined,
  );
}

/**
 * The receipts `viewer` may read that match the filters, in the register's order (the newest
 * diarised first), a window of them.
 */
export function selectMatchingReceipts(
  db: Db,
  viewer: CurrentUser,
  filters: Filters,
  window?: { limit: number; offset: number },
) {
  const ids = newestIds(
    { table: receipts, id: receipts.id, seq: receipts.seq },
    receiptsFiltered(filters),
    receiptsReadableByAny(dakActor(viewer)),
    window,
  );
  return selectReceiptRows(db).where(inArray(receipts.id, ids)).orderBy(desc(receipts.seq));
}

/**
 * How many receipts `viewer` may read match the filters. With none but classification and
 * status, from the counters (receipt_counts) and the few receipts the reader's tasks carry
 * beyond them; otherwise counted.
 */
export async function countReceipts(db: Db, viewer: CurrentUser, filters: Filters) {
  const actor = dakActor(viewer);
  // The filters receipt_counts is keyed by; with no other, a total sums its rows.
  const keyed = { classification: filters.classification, status: filters.status };
  if (filters.q || filters.from || filters.to || filters.category || filters.mode) {
    const counting = countOfAny(
      { table: receipts, id: receipts.id },
      receiptsFiltered(filters),
      receiptsReadableByAny(actor),
    );
    const [{ total }] = rowsOf<{ total: number }>(
      await db.execute(sql`select (${counting})::int as total`),
    );
    return total;
  }
  const { counted, carried } = receiptTotalParts(actor);
  const countedWhere = and(
    counted,
    keyed.classification ? eq(receiptCounts.classification, keyed.classification) : undefined,
    keyed.status ? eq(receiptCounts.status, keyed.status) : undefined,
  );
  const carriedTotal = carried
    ? sql`(select count(*) from ${receipts} where ${and(carried, receiptsFiltered(keyed))})`
    : sql`0`;
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(sql`select ((
        select coalesce(sum(${receiptCounts.total}), 0) from ${receiptCounts}
        where ${countedWhere ?? sql`true`}
      ) + ${carriedTotal})::int as total`),
  );
  return total;
}

/** The Diary Register: a page of the receipts `viewer` may read that match the filters. */
export async function listReceipts(
  { db, links }: Pick<DakDeps, "db" | "links">,
  viewer: CurrentUser,
  filters: ReceiptFilters,
): Promise<ReceiptPage> {
  const [total, rows] = await Promise.all([
    countReceipts(db, viewer, filters),
    selectMatchingReceipts(db, viewer, filters, {
      limit: REGISTER_PAGE_SIZE,
      offset: (filters.page - 1) * REGISTER_PAGE_SIZE,
    }),
  ]);
  return {
    receipts: await readReceipts(db, links, viewer, rows),
    total,
    page: filters.page,
    pageSize: REGISTER_PAGE_SIZE,
  };
}

/** Every matching receipt, for the day's print and the Excel export. */
export async function exportReceipts(
  { db, links }: Pick<DakDeps, "db" | "links">,
  viewer: CurrentUser,
  filters: Filters,
): Promise<Omit<ReceiptPage, "page" | "pageSize">> {
  const rows = await selectMatchingReceipts(db, viewer, filters);
  const list = await readReceipts(db, links, viewer, rows);
  return { receipts: list, total: list.length };
}
