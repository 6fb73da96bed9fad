import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database, Schema } from "../db/client";
import { BackupError } from "./errors";
import type { SqlSession } from "./session";

// The same committed migrations src/server/db/migrate.ts applies at start.
const migrationsFolder = fileURLToPath(new URL("../../../drizzle", import.meta.url));

type JournalEntry = {
  idx: number;
  when: number;
  tag: string;
  version: string;
  breakpoints: boolean;
};
type Journal = { version: string; dialect: string; entries: JournalEntry[] };

async function readJournal(): Promise<Journal> {
  return JSON.parse(await readFile(join(migrationsFolder, "meta", "_journal.json"), "utf8"));
}

/** The tag of this code's newest migration: the schema version it writes and understands. */
export async function latestSchemaVersion(): Promise<string> {
  const { entries } = await readJournal();
  return entries[entries.length - 1].tag;
}

/** Whether this code's migrations include `tag` (an archive's schema version). */
export async function isKnownSchemaVersion(tag: string): Promise<boolean> {
  return (await readJournal()).entries.some((entry) => entry.tag === tag);
}

/** The tag of the last migration applied to a database, found by the time drizzle records. */
export async function appliedSchemaVersion(session: SqlSession): Promise<string> {
  const [{ migrated }] = await session.rows<{ migrated: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as migrated",
  );
  if (!migrated)
    throw new BackupError("the database was never set up by the app: nothing to back up");
  const [applied] = await session.rows<{ when: string }>(
    "select max(created_at)::text as when from drizzle.__drizzle_migrations",
  );
  const entry = (await readJournal()).entries.find((e) => String(e.when) === applied?.when);
  if (!entry) {
    throw new BackupError(
      "the database has migrations this version of the app does not know; use the app version that last ran on it",
    );
  }
  return entry.tag;
}

/**
 * Applies the migrations up to and including `tag` and no further, so data dumped at that
 * schema version loads into exactly the tables it came from; later migrations run after.
 */
export async function migrateTo(database: Database, tag: string): Promise<void> {
  const journal = await readJournal();
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  if (last < 0) throw new BackupError(`unknown schema version ${tag}`);
  const entries = journal.entries.slice(0, last + 1);
  const folder = await mkdtemp(join(tmpdir(), "hed-migrations-"));
  try {
    await mkdir(join(folder, "meta"));
    await writeFile(join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
    for (const entry of entries) {
      await cp(join(migrationsFolder, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
    }
    if (database.engine === "pglite") {
      await migratePglite(database.db as unknown as PgliteDatabase<Schema>, {
        migrationsFolder: folder,
      });
    } else {
      await migrateNodePg(database.db as unknown as NodePgDatabase<Schema>, {
        migrationsFolder: folder,
      });
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
