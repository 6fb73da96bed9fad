// npm run backup: one archive of the database and the stored files in BACKUP_DIR.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createBackup } from "../src/server/backup/archive";
import { BackupError } from "../src/server/backup/errors";
import { type Config, loadConfig } from "../src/server/config";
import { DataDirLockedError, openDatabase } from "../src/server/db/client";
import { openStorage } from "../src/server/files/open-storage";

async function backup(config: Config) {
  if (!config.databaseUrl && !existsSync(join(config.dataDir, "pgdata"))) {
    throw new BackupError(`no database in DATA_DIR ${config.dataDir}: nothing to back up`);
  }
  const database = await openDatabase(config).catch((err) => {
    if (err instanceof DataDirLockedError) {
      throw new BackupError(
        `DATA_DIR ${config.dataDir} is held by a running server: it takes backups itself on BACKUP_SCHEDULE; stop it to back up from the command line`,
      );
    }
    throw err;
  });
  try {
    const { path, manifest } = await createBackup({
      database,
      storage: await openStorage(config.storage, config.s3Credentials),
      backupDir: config.backupDir,
    });
    const rows = Object.values(manifest.rowCounts).reduce((sum, count) => sum + count, 0);
    const files = manifest.entries.filter((entry) => entry.path.startsWith("files/")).length;
    console.log(`backup written: ${path} (${rows} rows, ${files} stored files)`);
  } finally {
    await database.close();
  }
}

try {
  await backup(loadConfig());
} catch (err) {
  process.stderr.write(`backup failed: ${(err as Error).message}\n`);
  process.exit(1);
}
