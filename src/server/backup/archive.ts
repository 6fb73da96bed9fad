import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import * as tar from "tar";
import type { Database } from "../db/client";
import type { Storage } from "../files/storage";
import { PRIVATE_FILE_MODE, privateDir } from "../process/private-paths";
import { projectRoot } from "../process/project-root";
import { dumpPglite } from "./dump-pglite";
import { dumpPostgres } from "./dump-postgres";
import { BackupError } from "./errors";
import {
  archiveName,
  DUMP_FILE,
  describeFiles,
  FILES_DIR,
  MANIFEST_FILE,
  type Manifest,
  manifestSchema,
} from "./manifest";
import { appliedSchemaVersion, isKnownSchemaVersion, latestSchemaVersion } from "./schema-version";
import { driverOf, withSession } from "./session";
import { copyStoredFiles } from "./stored-files";

const appVersion: string = JSON.parse(
  readFileSync(join(projectRoot, "package.json"), "utf8"),
).version;

export type BackupOptions = {
  database: Database;
  /** Where the attachments and response files are stored: a folder or a bucket. */
  storage: Storage;
  backupDir: string;
  now?: Date;
};

/**
 * Writes one archive to `backupDir`: manifest.json, database.sql (a data-only dump) and
 * files/ (every stored file, from the folder or the bucket, as `files/{bucket}/{key}`). The
 * database is dumped first, then the files copied: a file is never deleted
 * before its row, so every file the dump refers to is there (newer uploads ride along unused).
 * The archive appears under its final name only when complete.
 */
export async function createBackup(
  options: BackupOptions,
): Promise<{ path: string; manifest: Manifest }> {
  const backupDir = resolve(options.backupDir);
  const createdAt = options.now ?? new Date();
  const name = archiveName(createdAt);
  await privateDir(backupDir);
  const staging = await mkdtemp(join(backupDir, `.${name}-`));
  const partial = join(staging, name);
  const contents = join(staging, "contents");
  try {
    await mkdir(contents);
    const schemaVersion = await withSession(options.database, appliedSchemaVersion);
    const driver = driverOf(options.database);
    const dumpPath = join(contents, DUMP_FILE);
    const dump =
      driver.engine === "pglite"
        ? await dumpPglite(driver.client, dumpPath)
        : await dumpPostgres(connectionStringOf(driver.pool.options.connectionString), dumpPath);
    await copyStoredFiles(options.storage, join(contents, FILES_DIR));
    const manifest: Manifest = {
      format: "hed-task-manager-backup",
      formatVersion: 1,
      appVersion,
      engine: driver.engine,
      serverVersion: dump.serverVersion,
      schemaVersion,
      createdAt: createdAt.toISOString(),
      rowCounts: dump.rowCounts,
      entries: await describeFiles(contents),
    };
    await writeFile(join(contents, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const parts = [
      MANIFEST_FILE,
      DUMP_FILE,
      ...(existsSync(join(contents, FILES_DIR)) ? [FILES_DIR] : []),
    ];
    await tar.create({ gzip: true, file: partial, cwd: contents, portable: true }, parts);
    const path = join(backupDir, name);
    await chmod(partial, PRIVATE_FILE_MODE);
    await rename(partial, path);
    return { path, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

function connectionStringOf(url: string | undefined): string {
  if (!url) throw new BackupError("the PostgreSQL connection has no URL to give pg_dump");
  return url;
}

export type OpenedArchive = {
  manifest: Manifest;
  /** Where the archive was unpacked; its entries are verified against the manifest. */
  dir: string;
  close(): Promise<void>;
};

/**
 * Unpacks an archive into a temporary directory and checks it completely (manifest, the size
 * and SHA-256 of every entry, nothing unlisted, a schema version this code can build) before
 * anything touches a restore target.
 */
export async function openArchive(file: string): Promise<OpenedArchive> {
  if (!existsSync(file)) throw new BackupError(`no such backup archive: ${file}`);
  const dir = await mkdtemp(join(tmpdir(), "hed-restore-"));
  // Retries: after a failed extraction, its last writes may still be landing in the folder.
  const close = () => rm(dir, { recursive: true, force: true, maxRetries: 5 });
  try {
    try {
      await tar.extract({
        file,
        cwd: dir,
        strict: true,
        // Plain files and folders only: a link in a crafted archive could point anywhere.
        filter: (_path, entry) =>
          "type" in entry && (entry.type === "File" || entry.type === "Directory"),
      });
    } catch (err) {
      throw new BackupError(`${file} is not a readable backup archive (${(err as Error).message})`);
    }
    const manifest = await readManifest(join(dir, MANIFEST_FILE), file);
    const listed = new Map(manifest.entries.map((entry) => [entry.path, entry]));
    const found = await describeFiles(dir);
    for (const entry of found) {
      const expected = listed.get(entry.path);
      if (!expected)
        throw new BackupError(`${file} holds ${entry.path}, which its manifest does not list`);
      if (expected.size !== entry.size || expected.sha256 !== entry.sha256) {
        throw new BackupError(`${file} is damaged: ${entry.path} does not match its checksum`);
      }
      listed.delete(entry.path);
    }
    const [missing] = listed.keys();
    if (missing) throw new BackupError(`${file} is incomplete: ${missing} is missing`);
    if (!found.some((entry) => entry.path === DUMP_FILE)) {
      throw new BackupError(`${file} is incomplete: ${DUMP_FILE} is missing`);
    }
    if (!isKnownSchemaVersion(manifest.schemaVersion)) {
      throw new BackupError(
        `the archive's schema (${manifest.schemaVersion}) is newer than this version of the app knows (${latestSchemaVersion()}): upgrade the app first`,
      );
    }
    return { manifest, dir, close };
  } catch (err) {
    await close();
    throw err;
  }
}

async function readManifest(path: string, file: string): Promise<Manifest> {
  const invalid = () =>
    new BackupError(`${file} is not a HED Task Manager backup (no valid ${MANIFEST_FILE})`);
  if (!existsSync(path)) throw invalid();
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, "utf8"));
  } catch {
    throw invalid();
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw invalid();
  return parsed.data;
}
