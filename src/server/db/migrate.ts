import { fileURLToPath } from "node:url";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database, Schema } from "./client";

const migrationsFolder = fileURLToPath(new URL("../../../drizzle", import.meta.url));

/** Applies the committed drizzle-kit migrations; already-applied ones are skipped. */
export async function migrate(database: Database): Promise<void> {
  if (database.engine === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
  } else {
    await migrateNodePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
  }
}
