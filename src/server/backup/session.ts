import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { Database } from "../db/client";

/** Plain SQL on one connection, the same on both engines. */
export type SqlSession = {
  exec(sql: string): Promise<void>;
  rows<Row>(sql: string): Promise<Row[]>;
};

/** The driver under a Database (drizzle keeps it as `$client`): the PGlite instance, or the pg pool. */
export function driverOf(
  database: Database,
): { engine: "pglite"; client: PGlite } | { engine: "postgres"; pool: pg.Pool } {
  return database.engine === "pglite"
    ? { engine: "pglite", client: (database.db as unknown as { $client: PGlite }).$client }
    : { engine: "postgres", pool: (database.db as unknown as { $client: pg.Pool }).$client };
}

/** PGlite is a single session already. */
export function pgliteSession(client: PGlite): SqlSession {
  return {
    async exec(sql) {
      await client.exec(sql);
    },
    async rows<Row>(sql: string) {
      return (await client.query<Row>(sql)).rows;
    },
  };
}

/** One pg connection. */
export function pgSession(connection: pg.ClientBase): SqlSession {
  return {
    async exec(sql) {
      await connection.query(sql);
    },
    async rows<Row>(sql: string) {
      return (await connection.query(sql)).rows as Row[];
    },
  };
}

/**
 * Runs `work` on a single connection, so session settings and a transaction hold throughout
 * (a pool would hand each statement to any of its connections).
 */
export async function withSession<T>(
  database: Database,
  work: (session: SqlSession) => Promise<T>,
): Promise<T> {
  const driver = driverOf(database);
  if (driver.engine === "pglite") return work(pgliteSession(driver.client));
  const connection = await driver.pool.connect();
  try {
    return await work(pgSession(connection));
  } finally {
    // Closed rather than returned to the pool: a dump's session settings (an empty
    // search_path) must not leak into the app's later queries.
    connection.release(true);
  }
}

/** `"name"` for SQL, for identifiers read from the catalog. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The application's tables: every table in the public schema, by name. */
export async function publicTables(session: SqlSession): Promise<string[]> {
  const rows = await session.rows<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by 1",
  );
  return rows.map((row) => row.name);
}

/** One query counting the rows of each table. */
export function rowCountsSql(tables: string[]): string {
  return tables
    .map(
      (table) =>
        `select '${table.replaceAll("'", "''")}' as name, count(*)::text as total from public.${quoteIdent(table)}`,
    )
    .join(" union all ");
}

export async function rowCounts(
  session: SqlSession,
  tables: string[],
): Promise<Record<string, number>> {
  if (!tables.length) return {};
  const rows = await session.rows<{ name: string; total: string }>(rowCountsSql(tables));
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.total)]));
}
