import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import { createScheduler, cronSchedule, type Schedule } from "../jobs/scheduler";
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

/** Takes a backup as at `now` and prunes to `keep`; one at a time (a second call joins it). */
function backupTaker(options: Omit<BackupScheduleOptions, "pattern" | "timezone" | "clock">) {
  const { logger } = options;
  let running: Promise<void> | undefined;

  async function backupAndPrune(now: Date | undefined) {
    const startedAt = performance.now();
    try {
      const { path } = await createBackup({
        database: options.database,
        filesDir: options.filesDir,
        backupDir: options.backupDir,
        now,
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

  return {
    take(now: Date | undefined): Promise<void> {
      running ??= backupAndPrune(now).finally(() => {
        running = undefined;
      });
      return running;
    },
    /** Resolves once a backup in progress is done. */
    async settled() {
      await running;
    },
  };
}

/**
 * The server's backups on BACKUP_SCHEDULE (cron, in APP_TIMEZONE) as a schedule of the app's
 * one scheduler (jobs/schedules.ts): each time of the pattern, one backup across workers and
 * instances, then only the newest BACKUP_KEEP archives kept. They run while the server serves
 * requests; one at a time.
 */
export function backupSchedule(
  options: Omit<BackupScheduleOptions, "pattern" | "clock"> & { pattern: string },
): Schedule & { nextRun(after?: Date): Date | null } {
  const backups = backupTaker(options);
  const schedule = cronSchedule({
    name: "backup",
    pattern: options.pattern,
    timeZone: options.timezone,
    db: options.database.db,
    run: (now) => backups.take(now),
  });
  options.logger.info({ nextRun: schedule.nextRun(), keep: options.keep }, "backups scheduled");
  return schedule;
}

/**
 * Backups on BACKUP_SCHEDULE on a scheduler of their own (jobs/scheduler.ts) that ticks on the
 * pattern itself, for a process without the app's schedules; the server's go through
 * `backupSchedule` on the app's scheduler instead.
 */
export function startBackupSchedule(options: BackupScheduleOptions): BackupSchedule {
  const backups = backupTaker(options);
  const scheduler = options.pattern
    ? createScheduler({
        name: "backup",
        pattern: options.pattern,
        timeZone: options.timezone,
        clock: options.clock,
        ticksAtStart: false,
        schedules: [{ name: "backup", run: (now) => backups.take(now) }],
        onError: (err) => options.logger.error({ err }, "scheduled backup failed"),
      })
    : undefined;
  scheduler?.start();

  if (scheduler)
    options.logger.info({ nextRun: scheduler.nextRun(), keep: options.keep }, "backups scheduled");
  return {
    nextRun: () => scheduler?.nextRun() ?? null,
    runNow: () => backups.take(options.clock?.()),
    async stop() {
      await scheduler?.stop();
      await backups.settled();
    },
  };
}
