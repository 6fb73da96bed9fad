import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "../db/client";
import { migrate, migrationJournal, migrationsFolder } from "../db/migrate";
import { BackupError } from "./errors";
import type { SqlSession } from "./session";

/** The tag of this code's newest migration: the schema version it writes and understands. */
export function latestSchemaVersion(): string {
  const { entries } = migrationJournal();
  return entries[entries.length - 1].tag;
}

/** Whether this code's migrations include `tag` (an archive's schema version). */
export function isKnownSchemaVersion(tag: string): boolean {
  return migrationJournal().entries.some((entry) => entry.tag === tag);
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
  const entry = migrationJournal().entries.find((e) => String(e.when) === applied?.when);
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
  const journal = migrationJournal();
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
    await migrate(database, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
