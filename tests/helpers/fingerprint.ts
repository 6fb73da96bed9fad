import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../src/server/db/client";

type Row = { name: string; rows: number; hash: string };

/**
 * A cheap fingerprint of every table in the database: its row count and the md5 of its rows
 * in a fixed order. Two equal fingerprints mean no row was added, removed or changed.
 * `except` names tables that change on purpose when a request is refused (failure counters).
 */
export async function createFingerprint(db: Db, except: readonly string[] = []) {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
      order by table_name
    `),
  )
    .map((row) => row.name)
    .filter((name) => !except.includes(name));
  const statement = sql.join(
    tables.map(
      (name) =>
        sql`select ${name}::text as name, count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${sql.identifier(name)} t`,
    ),
    sql` union all `,
  );
  return async function fingerprint(): Promise<Record<string, string>> {
    const rows = rowsOf<Row>(await db.execute(statement));
    return Object.fromEntries(rows.map((row) => [row.name, `${row.rows}:${row.hash}`]));
  };
}
