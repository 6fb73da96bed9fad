import { and, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

// Reads of the rows matching any one of several alternatives, each of which an index answers
// alone (a reader's own entries: marked to them, carried by their tasks; or every Normal one).
// One OR of them is read row by row: it read every entry to find a reader's few (about 100 ms
// at 1,000,000 receipts, however few were theirs), and an OR over a large IN list was not
// hashed at all (a user's dispatch total ran for minutes). Each alternative is read apart and
// the results merged.

/** A table read newest first: its id and the column that orders it. */
export type NewestFirst = { table: PgTable; id: PgColumn; seq: PgColumn };

const branches = (
  alternatives: SQL[] | undefined,
  where: SQL | undefined,
  branch: (condition: SQL | undefined) => SQL,
) =>
  alternatives
    ? sql.join(
        alternatives.map((alternative) => branch(and(where, alternative))),
        sql` union `,
      )
    : branch(where);

const whereOf = (condition: SQL | undefined) => condition ?? sql`true`;

/**
 * The ids of the rows matching `where` and any one of `alternatives` (every row matching `where`
 * when there are none), the highest `seq` first, as a subquery; a window of them when asked.
 * Each alternative reads only as many of its newest rows as the window needs.
 */
export function newestIds(
  { table, id, seq }: NewestFirst,
  where: SQL | undefined,
  alternatives: SQL[] | undefined,
  window?: { limit: number; offset: number },
): SQL {
  const enough = window ? sql` limit ${window.offset + window.limit}` : sql``;
  const union = branches(
    alternatives,
    where,
    (condition) =>
      sql`(select ${id} as id, ${seq} as seq from ${table} where ${whereOf(condition)} order by ${seq} desc${enough})`,
  );
  const cut = window ? sql` limit ${window.limit} offset ${window.offset}` : sql``;
  return sql`(select id from (${union}) as newest order by seq desc${cut})`;
}

/** How many rows match `where` and any one of `alternatives` (all of `where` when none). */
export function countOfAny(
  { table, id }: Pick<NewestFirst, "table" | "id">,
  where: SQL | undefined,
  alternatives: SQL[] | undefined,
): SQL {
  const union = branches(
    alternatives,
    where,
    (condition) => sql`(select ${id} as id from ${table} where ${whereOf(condition)})`,
  );
  return sql`(select count(*) from (${union}) as matching)`;
}
