import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { Cron } from "croner";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import { createBackup } from "./archive";
import { ARCHIVE_NAME } from "./manifest";

/** Deletes all but the newest `keep` archives in `backupDir`; answers the names removed. */
export async function pruneBackups(backupDir: string, keep: number): Promise<string[]> {
  const archives = (await readdir(backupDir)).filter((name) => ARCHIVE_NAME.test(name)).sort();
  const removed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of removed) await rm(join(backupDir, name), { force: true });
  return removed;
}

export type BackupScheduleOptions = {
  /** BACKUP_SCHEDULE; no schedule, no job. */
  pattern: string | undefined;
  timezone: string;
  keep: number;
  backupDir: string;
  database: Database;
  filesDir: string;
  logger: Logger;
  clock?: () => Date;
};

export type BackupSchedule = {
  /** When the next backup starts, or null without a schedule. */
  nextRun(): Date | null;
  /** Takes a backup now, as the schedule would (and waits for one already running). */
  runNow(): Promise<void>;
  /** Stops scheduling and waits for a backup in progress to finish. */
  stop(): Promise<void>;
};

/**
 * Backups taken by the running server on BACKUP_SCHEDULE (cron, in APP_TIMEZONE), keeping the
 * newest BACKUP_KEEP. They run while the server serves requests; one at a time.
 */
export function startBackupSchedule(options: BackupScheduleOptions): BackupSchedule {
  const { logger } = options;
  let running: Promise<void> | undefined;

  async function backupAndPrune() {
    const startedAt = performance.now();
    try {
      const { path } = await createBackup({
        database: options.database,
        filesDir: options.filesDir,
        backupDir: options.backupDir,
        now: options.clock?.(),
      });
      const removed = await pruneBackups(options.backupDir, options.keep);
      logger.info(
        { path, removed, durationMs: Math.round(performance.now() - startedAt) },
        "backup written",
      );
    } catch (err) {
      logger.error({ err }, "scheduled backup failed");
    }
  }

  function runNow(): Promise<void> {
    running ??= backupAndPrune().finally(() => {
      running = undefined;
    });
    return running;
  }

  const job = options.pattern
    ? new Cron(options.pattern, { timezone: options.timezone, name: "backup" }, runNow)
    : undefined;

  if (job) logger.info({ nextRun: job.nextRun(), keep: options.keep }, "backups scheduled");
  return {
    nextRun: () => job?.nextRun() ?? null,
    runNow,
    async stop() {
      job?.stop();
      await running;
    },
  };
}
