import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import { z } from "zod/mini";

export const MANIFEST_FILE = "manifest.json";
export const DUMP_FILE = "database.sql";
export const FILES_DIR = "files";

/** An archive's own path for an entry: relative, forward slashes, never leaving the archive. */
const entryPath = z.string().check(
  z.minLength(1),
  z.refine(
    (path) =>
      !path.startsWith("/") && !path.split("/").some((part) => part === ".." || part === ""),
    "must be a relative path inside the archive",
  ),
);

export const manifestSchema = z.object({
  format: z.literal("hed-task-manager-backup"),
  formatVersion: z.literal(1),
  appVersion: z.string(),
  engine: z.enum(["pglite", "postgres"]),
  serverVersion: z.string(),
  /** Tag of the last migration applied to the dumped database (drizzle/meta/_journal.json). */
  schemaVersion: z.string().check(z.minLength(1)),
  createdAt: z.iso.datetime(),
  /** Rows per table at the moment of the dump, checked again after a restore. */
  rowCounts: z.record(z.string(), z.number().check(z.int(), z.gte(0))),
  entries: z.array(
    z.object({
      path: entryPath,
      size: z.number().check(z.int(), z.gte(0)),
      sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
    }),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = Manifest["entries"][number];

export async function sha256Of(path: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(path), hash);
  return hash.digest("hex");
}

/** Every regular file under `dir` with its size and checksum, by archive path, sorted. */
export async function describeFiles(dir: string): Promise<ManifestEntry[]> {
  const found = await readdir(dir, { recursive: true, withFileTypes: true });
  const entries: ManifestEntry[] = [];
  for (const dirent of found) {
    if (!dirent.isFile()) continue;
    const full = join(dirent.parentPath, dirent.name);
    const path = relative(dir, full).split(sep).join("/");
    if (path === MANIFEST_FILE) continue;
    const { size } = await stat(full);
    entries.push({ path, size, sha256: await sha256Of(full) });
  }
  return entries.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** `hed-backup-2026-11-22T14-50-46-009Z.tar.gz`: sortable by name, one per millisecond. */
export function archiveName(at: Date): string {
  return `hed-backup-${at.toISOString().replace(/[:.]/g, "-")}.tar.gz`;
}

export const ARCHIVE_NAME = /^hed-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar\.gz$/;
