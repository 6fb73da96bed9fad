import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { privateDirSync } from "../process/private-paths";
import { lockDataDir } from "./data-dir-lock";
import * as schema from "./schema";

export { DataDirLockedError } from "./data-dir-lock";

export type Schema = typeof schema;
/** The Drizzle database, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of a `db.execute` answer: each driver answers in its own shape, and both carry `rows`. */
export const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

export type Database = {
  db: Db;
  engine: "pglite" | "postgres";
  close(): Promise<void>;
};

/** PostgreSQL server through `pg`, for production and the PostgreSQL test pass. */
export function openPostgres(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // JIT pays off on queries that run for seconds; ours run for milliseconds, and compiling
    // the aggregates of the Pendency page and the Daily Brief at 1,000,000 tasks cost 180 ms
    // of a 1.2 s answer (docs/PERFORMANCE.md).
    options: "-c jit=off",
  });
  // An idle connection the server closes (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on("error", () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return { db, engine: "postgres", close: () => pool.end() };
}

/**
 * PGlite in memory (tests) or persistent in a directory; `image` (a `dumpDataDir` tarball)
 * starts it from a copy of another database instead of an empty one.
 */
export async function openPglite(
  dataDir?: string,
  image?: Blob,
): Promise<Database & { image(): Promise<Blob> }> {
  // pg_trgm: the registers' subjects are searched by words (drizzle/0032).
  const client = await PGlite.create({ dataDir, loadDataDir: image, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: "pglite",
    close: () => client.close(),
    image: () => client.dumpDataDir("none"),
  };
}

/**
 * The embedded database in DATA_DIR. Two processes on one PGlite directory corrupt it
 * silently, so the directory is locked (data-dir-lock.ts) for as long as this process holds
 * it. The server and every script that opens DATA_DIR come through here.
 */
export async function openEmbedded(dataDir: string): Promise<Database> {
  const root = resolve(dataDir);
  privateDirSync(root);
  const lock = await lockDataDir(root);
  try {
    // PGlite makes its folder with the default mode; narrowed before it holds anything.
    privateDirSync(join(root, "pgdata"));
    const database = await openPglite(join(root, "pgdata"));
    return {
      ...database,
      async close() {
        try {
          await database.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

export async function openDatabase(config: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openEmbedded(config.dataDir);
}
