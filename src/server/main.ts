import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import pino from "pino";
import { createApp } from "./app";
import { bootstrapAdmin } from "./auth/bootstrap-admin";
import { loadOrCreateSecret } from "./auth/secret";
import { ConfigError, loadConfig } from "./config";
import { DataDirLockedError, openDatabase } from "./db/client";
import { migrate } from "./db/migrate";
import { createLocalStorage } from "./files/storage";
import { createInProcessChannel, createPostgresChannel } from "./live/channel";
import { createMailer } from "./mail/mailer";
import { scheduleOverdueSweep } from "./tasks/overdue";

const startedAt = performance.now();

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}

const logger = pino({ level: config.logLevel });
const database = await openDatabase(config).catch((err) => {
  if (err instanceof DataDirLockedError) fail(err.message);
  throw err;
});
await migrate(database);

const webDir = resolve(config.webDir ?? fileURLToPath(new URL("../../dist/web", import.meta.url)));
if (!existsSync(join(webDir, "index.html"))) {
  logger.warn({ webDir }, "web app not built (npm run build); serving the API only");
}

const changes = config.databaseUrl
  ? createPostgresChannel(config.databaseUrl, logger)
  : createInProcessChannel();
const { app, auth, events } = createApp({
  changes,
  config,
  db: database.db,
  storage: createLocalStorage(join(config.dataDir, "files")),
  mailer: createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: join(config.dataDir, "outbox"),
    logger,
  }),
  logger,
  authSecret: config.authSecret ?? (await loadOrCreateSecret(config.dataDir)),
  webDir: existsSync(webDir) ? webDir : undefined,
});
await bootstrapAdmin({ db: database.db, auth, logger, password: config.adminPassword });
const stopSweep = scheduleOverdueSweep({
  db: database.db,
  events,
  timeZone: config.timezone,
  onError: (err) => logger.error({ err }, "overdue sweep failed"),
});

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  logger.info(
    {
      port: info.port,
      engine: database.engine,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `HED Task Manager listening on ${config.appUrl}`,
  );
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  stopSweep();
  server.close();
  await changes.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
