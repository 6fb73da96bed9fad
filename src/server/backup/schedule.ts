import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import type { Storage } from "../files/storage";
import { cronSchedule, type Schedule } from "../jobs/scheduler";
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
  /** BACKUP_SCHEDULE, a cron pattern in `timezone`. */
  pattern: string;
  timezone: string;
  keep: number;
  backupDir: string;
  database: Database;
  storage: Storage;
  logger: Logger;
};

/** Takes a backup as at `now` and prunes to `keep`; a failure is logged (the next time tries again). */
async function backupAndPrune(options: BackupScheduleOptions, now: Date): Promise<void> {
  const startedAt = performance.now();
  try {
    const { path } = await createBackup({
      database: options.database,
      storage: options.storage,
      backupDir: options.backupDir,
      now,
    });
    const removed = await pruneBackups(options.backupDir, options.keep);
    options.logger.info(
      { path, removed, durationMs: Math.round(performance.now() - startedAt) },
      "backup written",
    );
  } catch (err) {
    options.logger.error({ err }, "scheduled backup failed");
  }
}

/**
 * The server's backups on BACKUP_SCHEDULE (cron, in APP_TIMEZONE) as a schedule of the app's
 * one scheduler (jobs/schedules.ts): each time of the pattern, one backup across workers and
 * instances, then only the newest BACKUP_KEEP archives kept. They run while the server serves
 * requests; one at a time, as the scheduler's ticks never overlap.
 */
export function backupSchedule(
  options: BackupScheduleOptions,
): Schedule & { nextRun(after?: Date): Date | null } {
  const schedule = cronSchedule({
    name: "backup",
    pattern: options.pattern,
    timeZone: options.timezone,
    db: options.database.db,
    run: (now) => backupAndPrune(options, now),
  });
  options.logger.info({ nextRun: schedule.nextRun(), keep: options.keep }, "backups scheduled");
  return schedule;
}
