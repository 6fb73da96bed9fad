import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { join, resolve } from "node:path";
import { createAdaptorServer } from "@hono/node-server";
import type { Logger } from "pino";
import { todayIn } from "../shared/dates";
import { createApp } from "./app";
import { bootstrapAdmin } from "./auth/bootstrap-admin";
import { loadOrCreateSecret } from "./auth/secret";
import { backupSchedule } from "./backup/schedule";
import type { Config } from "./config";
import { DataDirLockedError, openDatabase } from "./db/client";
import { migrate } from "./db/migrate";
import { openStorage } from "./files/open-storage";
import { startingResponse } from "./health/routes";
import { closeGracefully } from "./http/graceful-close";
import { ListenError, listen } from "./http/listen";
import { createInProcessChannel, createPostgresChannel } from "./live/channel";
import { exitAfterLog } from "./logging/logger";
import { createMailer } from "./mail/mailer";
import { seedPublicHolidays } from "./office/service";
import { projectRoot } from "./process/project-root";
import { armStopDeadline, STOP_DEADLINE_SLACK_MS } from "./process/stop-deadline";

/** A start that cannot go on: one line on stderr, exit code 1. */
export function failStart(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

export type ServeOptions = {
  config: Config;
  logger: Logger;
  /**
   * Whether this process takes the scheduled backups: of several workers, one does (the
   * others' would be copies of the same database at the same time).
   */
  takesBackups: boolean;
  /** The signals that stop this process; a worker leaves SIGINT to its primary. */
  stopSignals: NodeJS.Signals[];
  /**
   * Open the port before migrating (a port in use then stops the start with nothing changed,
   * and requests meanwhile are told to come back). A worker started after the first, on a
   * database already migrated, listens only once it is ready: the port is already open, and
   * new connections should not reach a worker still starting.
   */
  listensFirst: boolean;
};

/**
 * One server process: opens the database, listens, migrates and makes the first administrator,
 * then serves until a stop signal. Answers once the start is done.
 */
export async function serve({
  config,
  logger,
  takesBackups,
  stopSignals,
  listensFirst,
}: ServeOptions) {
  const startedAt = performance.now();
  // A store that cannot be reached (a missing bucket, wrong keys) stops the start with one line,
  // before the database is opened.
  const storage = await openStorage(config.storage, config.s3Credentials);
  await storage.check().catch((err: Error) => failStart(`Invalid STORAGE_URL: ${err.message}`));

  const database = await openDatabase(config).catch((err) => {
    if (err instanceof DataDirLockedError) failStart(err.message);
    throw err;
  });

  const webDir = resolve(config.webDir ?? join(projectRoot, "dist", "web"));
  if (!existsSync(join(webDir, "index.html"))) {
    logger.warn({ webDir }, "web app not built (npm run build); serving the API only");
  }

  /** Aborted on a stop signal: live streams end with a retry hint, readiness turns false. */
  const stopping = new AbortController();
  const changes = config.databaseUrl
    ? createPostgresChannel(config.databaseUrl, logger)
    : createInProcessChannel();
  // On the one scheduler beside the office's schedules: each time of BACKUP_SCHEDULE, one backup
  // across workers and instances (claimed), taken by the worker that takes backups.
  const backups =
    takesBackups && config.backupSchedule
      ? [
          backupSchedule({
            pattern: config.backupSchedule,
            timezone: config.timezone,
            keep: config.backupKeep,
            backupDir: config.backupDir,
            database,
            storage,
            logger,
          }),
        ]
      : [];
  const { app, auth, jobs, schedules } = createApp({
    schedules: backups,
    changes,
    config,
    db: database.db,
    storage,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, "outbox"),
      logger,
    }),
    logger,
    authSecret: config.authSecret ?? (await loadOrCreateSecret(config.dataDir)),
    webDir: existsSync(webDir) ? webDir : undefined,
    shutdown: stopping.signal,
  });

  // The port opens before the database is migrated and the first administrator made, so a
  // port in use stops the start with nothing changed. Until then every request but the health
  // check is told to come back: nobody sees (or signs up into) a half-made database.
  let started = false;
  const server = createAdaptorServer({
    fetch: (request, env) => {
      if (started) return app.fetch(request, env);
      const { pathname } = new URL(request.url);
      return pathname === "/api/health" ? app.fetch(request, env) : startingResponse(pathname);
    },
  }) as Server;
  async function listenOrFail() {
    try {
      await listen(server, config.port, config.host);
    } catch (err) {
      await changes.close();
      await database.close();
      if (err instanceof ListenError) failStart(err.message);
      throw err;
    }
  }
  if (listensFirst) await listenOrFail();

  /** What runs beside the requests, each stopped (and awaited) before the database closes. */
  const background: { name: string; stop: () => unknown }[] = [];

  /** Migrations and the first administrator; a stop signal meanwhile waits for them. */
  async function finishStarting() {
    await migrate(database);
    await bootstrapAdmin({ db: database.db, auth, logger, password: config.adminPassword });
    const seeded = await seedPublicHolidays(
      database.db,
      Number(todayIn(config.timezone).slice(0, 4)),
    );
    if (seeded > 0) logger.info({ seeded }, "holidays: this year's fixed public holidays added");
    started = true;
    jobs.start();
    background.push({ name: "job runner", stop: jobs.stop });
    schedules.start();
    background.push({ name: "schedules", stop: schedules.stop });
  }

  let hurry: (() => void) | undefined;
  async function shutdown(signal: NodeJS.Signals, starting: Promise<void>) {
    if (hurry) {
      logger.warn({ signal }, "second stop signal: ending the requests still running now");
      hurry();
      return;
    }
    armStopDeadline(config.shutdownGraceMs + STOP_DEADLINE_SLACK_MS);
    logger.info({ signal, graceMs: config.shutdownGraceMs }, "shutting down: finishing requests");
    stopping.abort();
    const close = closeGracefully(server, config.shutdownGraceMs);
    hurry = close.hurry;
    await starting.catch(() => {});
    await Promise.all(
      background.map(({ name, stop }) =>
        Promise.resolve()
          .then(stop)
          .catch((err) => logger.error({ err }, `${name}: stop failed`)),
      ),
    );
    if (await close.closed) logger.warn("requests still running after the grace period were cut");
    await changes.close();
    await database.close();
    logger.info("stopped");
    await exitAfterLog(logger, 0);
  }

  const starting = finishStarting();
  for (const signal of stopSignals) process.on(signal, () => void shutdown(signal, starting));
  await starting;
  if (!listensFirst) await listenOrFail();
  logger.info(
    {
      port: config.port,
      engine: database.engine,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `HED Task Manager listening on ${config.appUrl}`,
  );
}
