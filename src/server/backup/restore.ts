import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Database } from "../db/client";
import { COUNTERS, differingSql, recountSql } from "../db/counters";
import { migrate } from "../db/migrate";
import type { Storage } from "../files/storage";
import { type OpenedArchive, openArchive } from "./archive";
import { BackupError } from "./errors";
import { DUMP_FILE, FILES_DIR, type Manifest } from "./manifest";
import { migrateTo } from "./schema-version";
import { publicTables, quoteIdent, rowCounts, type SqlSession, withSession } from "./session";
import { holdsStoredFiles, putStoredFiles, removeStoredFiles } from "./stored-files";

export type RestoreTarget = {
  /** An embedded database in DATA_DIR or a PostgreSQL database. */
  database: Database;
  /** Where the target keeps its files: a folder or a bucket, whichever STORAGE_URL names. */
  storage: Storage;
  /** Replace a target that already holds data. */
  force?: boolean;
};

export type RestoreResult = {
  manifest: Manifest;
  /** A counter table (db/counters.ts) disagreed with the archive's rows and was recounted. */
  countersRebuilt: boolean;
};

/** Opens, verifies and restores an archive file (openArchive, then restoreArchive). */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreResult> {
  const archive = await openArchive(file);
  try {
    return await restoreArchive(archive, target);
  } finally {
    await archive.close();
  }
}

/**
 * Restores a verified archive: the schema is built by our own migrations up to the archive's
 * version, the data loaded (data only, so a dump from either engine fits), the row counts
 * checked against the manifest, later migrations applied, and the files put back.
 */
export async function restoreArchive(
  archive: OpenedArchive,
  target: RestoreTarget,
): Promise<RestoreResult> {
  const { manifest } = archive;
  const hasObjects = await withSession(target.database, (session) => checkTarget(session, target));
  if (hasObjects) await withSession(target.database, clearSchemas);
  await migrateTo(target.database, manifest.schemaVersion);
  const dump = await readFile(join(archive.dir, DUMP_FILE), "utf8");
  const countersRebuilt = await withSession(target.database, (session) =>
    loadDump(session, dump, manifest),
  );
  await migrate(target.database);
  await removeStoredFiles(target.storage);
  await putStoredFiles(join(archive.dir, FILES_DIR), target.storage);
  return { manifest, countersRebuilt };
}

/**
 * Refuses a target holding data unless forced; answers whether it holds any schema to clear
 * (an empty database that a server has already migrated, or a forced one).
 */
async function checkTarget(session: SqlSession, options: RestoreTarget): Promise<boolean> {
  const tables = await publicTables(session);
  const counts = await rowCounts(session, tables);
  const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
  if (rows && !options.force) throw notEmpty(`its database holds ${rows} rows`);
  if (!rows && !options.force && (await holdsStoredFiles(options.storage)))
    throw notEmpty(`${options.storage.name} holds stored files`);
  const [{ migrated }] = await session.rows<{ migrated: boolean }>(
    "select exists (select 1 from pg_namespace where nspname = 'drizzle') as migrated",
  );
  return tables.length > 0 || migrated;
}

function notEmpty(what: string): BackupError {
  return new BackupError(
    `the restore target is not empty (${what}): restore into an empty DATA_DIR or database, or add --force to replace everything in it`,
  );
}

/** Drops everything the app keeps in the database, to rebuild it from our migrations. */
async function clearSchemas(session: SqlSession): Promise<void> {
  await session.exec(`
    drop schema if exists drizzle cascade;
    drop schema public cascade;
    create schema public;
    grant usage on schema public to public;`);
}

/**
 * pg_dump's plain output: a header of session settings, then the data. A setting the target
 * does not know (18's transaction_timeout on a 15 server) is left out, and psql's
 * \restrict lines are for psql only.
 */
async function prepareDump(
  session: SqlSession,
  dump: string,
): Promise<{ header: string; body: string }> {
  const start = dump.search(/^-- Data for Name: /m);
  const headerText = start < 0 ? dump : dump.slice(0, start);
  const body = start < 0 ? "" : dump.slice(start).replace(/\n\\unrestrict \S+\s*$/, "\n");
  const known = new Set(
    (await session.rows<{ name: string }>("select name from pg_settings")).map((row) => row.name),
  );
  const header = headerText
    .split("\n")
    .filter((line) => {
      const setting = /^SET (\w+) = /.exec(line);
      if (setting) return known.has(setting[1].toLowerCase());
      return line.startsWith("SELECT pg_catalog.set_config(");
    })
    .join("\n");
  return { header, body };
}

/**
 * Loads the data in one transaction with the tables' own triggers off (the task counters'
 * triggers would count every task on top of the dumped counters), checks every table's row
 * count against the manifest, and makes sure the counters match the tasks.
 */
async function loadDump(session: SqlSession, dump: string, manifest: Manifest): Promise<boolean> {
  const { header, body } = await prepareDump(session, dump);
  const tables = await publicTables(session);
  const triggers = (state: "enable" | "disable") =>
    tables
      .map((table) => `alter table public.${quoteIdent(table)} ${state} trigger user;`)
      .join("\n");
  await session.exec("begin");
  try {
    await session.exec(header);
    await session.exec(triggers("disable"));
    // The migrations seed the audit chain's head (0012); the archive holds the head that goes
    // with its own audit rows.
    if (tables.includes("audit_chain")) await session.exec("delete from public.audit_chain;");
    await session.exec(body);
    await session.exec(triggers("enable"));
    const counts = await rowCounts(session, tables);
    const names = new Set([...tables, ...Object.keys(manifest.rowCounts)]);
    for (const table of names) {
      if (counts[table] !== manifest.rowCounts[table]) {
        throw new BackupError(
          `restored table ${table} has ${counts[table] ?? "no"} rows where the archive recorded ${manifest.rowCounts[table] ?? "none"}`,
        );
      }
    }
    const countersRebuilt = await reconcileCounters(session, tables);
    await session.exec("commit");
    return countersRebuilt;
  } catch (err) {
    await session.exec("rollback");
    throw err;
  } finally {
    await session.exec("reset all");
  }
}

/**
 * Recounts each counter table the archive's schema has from the rows it counts when it
 * disagrees with them (an archive from before a counter table has none: its migration counts it after);
 * answers whether any had to be.
 */
async function reconcileCounters(session: SqlSession, tables: string[]): Promise<boolean> {
  let rebuilt = false;
  for (const counter of COUNTERS) {
    if (!tables.includes(counter.table)) continue;
    const [{ differing }] = await session.rows<{ differing: number }>(differingSql(counter));
    if (!differing) continue;
    for (const statement of recountSql(counter)) await session.exec(statement);
    rebuilt = true;
  }
  return rebuilt;
}
