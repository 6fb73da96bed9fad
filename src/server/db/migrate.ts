import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { projectRoot } from "../process/project-root";
import type { Database, Schema } from "./client";

/** The committed drizzle-kit migrations. */
export const migrationsFolder = join(projectRoot, "drizzle");

export type MigrationJournal = {
  version: string;
  dialect: string;
  entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[];
};

let journal: MigrationJournal | undefined;

/** drizzle-kit's record of the committed migrations, in order (read once: it ships with the code). */
export function migrationJournal(): MigrationJournal {
  journal ??= JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8"));
  return journal as MigrationJournal;
}

/**
 * Applies the migrations in `folder` (by default the committed ones); already-applied ones are
 * skipped.
 */
export async function migrate(database: Database, folder = migrationsFolder): Promise<void> {
  if (database.engine === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, {
      migrationsFolder: folder,
    });
  } else {
    await migrateNodePg(database.db as unknown as NodePgDatabase<Schema>, {
      migrationsFolder: folder,
    });
  }
}
