import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import pg from "pg";
import { DUMP_ARGS, type Dump } from "./dump";
import { BackupError } from "./errors";
import { pgSession, publicTables, rowCounts } from "./session";

/**
 * The newest pg_dump installed: Debian keeps each major version under /usr/lib/postgresql,
 * and pg_dump refuses a server newer than itself.
 */
export function findPgDump(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(`${root}/${version}/bin/pg_dump`))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.length ? `${root}/${versions[0]}/bin/pg_dump` : "pg_dump";
}

/** The URL without its password, which goes to pg_dump in the environment, not the process list. */
function connectionOf(url: string): { url: string; password?: string } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = "";
  return { url: parsed.toString(), password };
}

function runPgDump(url: string, snapshot: string, path: string): Promise<void> {
  const { url: withoutPassword, password } = connectionOf(url);
  const args = [
    ...DUMP_ARGS,
    `--snapshot=${snapshot}`,
    `--file=${path}`,
    `--dbname=${withoutPassword}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(findPgDump(), args, {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", (err: NodeJS.ErrnoException) => {
      reject(
        err.code === "ENOENT"
          ? new BackupError(
              "pg_dump not found: install the PostgreSQL client (node scripts/ensure-pg-client.mjs)",
            )
          : err,
      );
    });
    child.on("close", (code) => {
      if (code === 0) return resolve();
      const reason = stderr.split("\n").find((line) => line.includes("error")) ?? stderr.trim();
      reject(new BackupError(`pg_dump failed: ${reason || `exit code ${code}`}`));
    });
  });
}

/**
 * Dumps a PostgreSQL database to `path` with the system pg_dump. The row counts are read in a
 * transaction whose snapshot pg_dump adopts (--snapshot), so both describe the same instant
 * while the app goes on writing.
 */
export async function dumpPostgres(url: string, path: string): Promise<Dump> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const session = pgSession(client);
    await session.exec("begin isolation level repeatable read read only");
    const [{ snapshot, version }] = await session.rows<{ snapshot: string; version: string }>(
      "select pg_export_snapshot() as snapshot, current_setting('server_version') as version",
    );
    const counts = await rowCounts(session, await publicTables(session));
    await runPgDump(url, snapshot, path);
    await session.exec("commit");
    return { serverVersion: version, rowCounts: counts };
  } finally {
    await client.end();
  }
}
