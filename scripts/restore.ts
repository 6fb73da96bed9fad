// npm run restore -- FILE [--force]: an archive from npm run backup into an empty DATA_DIR or
// PostgreSQL database (DATABASE_URL), or over a non-empty one with --force.
import { parseArgs } from "node:util";
import { openArchive } from "../src/server/backup/archive";
import { BackupError } from "../src/server/backup/errors";
import { restoreArchive } from "../src/server/backup/restore";
import { type Config, loadConfig } from "../src/server/config";
import { DataDirLockedError, openDatabase } from "../src/server/db/client";
import { openStorage } from "../src/server/files/open-storage";

function target(config: Config): string {
  if (!config.databaseUrl) return `DATA_DIR ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  url.password = "";
  return `DATABASE_URL ${url}`;
}

async function restore(config: Config, args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { force: { type: "boolean", default: false } },
  });
  if (positionals.length !== 1) throw new BackupError("usage: npm run restore -- FILE [--force]");
  // Verified before the target is opened: opening an embedded DATA_DIR creates a database.
  const archive = await openArchive(positionals[0]);
  try {
    const database = await openDatabase(config).catch((err) => {
      if (err instanceof DataDirLockedError) {
        throw new BackupError(
          `DATA_DIR ${config.dataDir} is held by a running server: stop it first`,
        );
      }
      throw err;
    });
    try {
      const { manifest, countersRebuilt } = await restoreArchive(archive, {
        database,
        storage: await openStorage(config.storage, config.s3Credentials),
        force: values.force,
      });
      const rows = Object.values(manifest.rowCounts).reduce((sum, count) => sum + count, 0);
      console.log(
        `restored ${positionals[0]} (taken ${manifest.createdAt} on ${manifest.engine}, ${rows} rows) into ${target(config)}`,
      );
      if (countersRebuilt) console.log("task counters disagreed with the tasks and were recounted");
    } finally {
      await database.close();
    }
  } finally {
    await archive.close();
  }
}

try {
  await restore(loadConfig(), process.argv.slice(2));
} catch (err) {
  process.stderr.write(`restore failed: ${(err as Error).message}\n`);
  process.exit(1);
}
