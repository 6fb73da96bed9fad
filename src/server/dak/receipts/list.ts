import { and, count, desc, eq, gte, ilike, inArray, lte, or, type SQL } from "drizzle-orm";
import { REGISTER_PAGE_SIZE, type ReceiptFilters, type ReceiptPage } from "../../../shared/dak";
import type { CurrentUser } from "../../../shared/users";
import type { Db } from "../../db/client";
import { containing } from "../../db/like";
import { receipts } from "../../db/schema";
import type { DakDeps } from "../deps";
import { dakActor, receiptsReadableBy } from "../policy";
import { readReceipts, selectReceiptRows } from "./read";

type Filters = Omit<ReceiptFilters, "page">;

/** The Diary Register's filters as SQL, within what `viewer` may read. */
export function receiptsMatching(viewer: CurrentUser, filters: Filters): SQL | undefined {
  return and(
    receiptsReadableBy(dakActor(viewer)),
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

/** The matching receipts in the register's order (the newest diarised first), a window of them. */
export function selectMatchingReceipts(
  db: Db,
  where: SQL | undefined,
  window?: { limit: number; offset: number },
) {
  const ids = db
    .select({ id: receipts.id })
    .from(receipts)
    .where(where)
    .orderBy(desc(receipts.seq));
  const windowed = window ? ids.limit(window.limit).offset(window.offset) : ids;
  return selectReceiptRows(db).where(inArray(receipts.id, windowed)).orderBy(desc(receipts.seq));
}

/** The Diary Register: a page of the receipts `viewer` may read that match the filters. */
export async function listReceipts(
  { db, links }: Pick<DakDeps, "db" | "links">,
  viewer: CurrentUser,
  filters: ReceiptFilters,
): Promise<ReceiptPage> {
  const where = receiptsMatching(viewer, filters);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(receipts).where(where),
    selectMatchingReceipts(db, where, {
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
  const rows = await selectMatchingReceipts(db, receiptsMatching(viewer, filters));
  const list = await readReceipts(db, links, viewer, rows);
  return { receipts: list, total: list.length };
}
