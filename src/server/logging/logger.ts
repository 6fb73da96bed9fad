import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import type { Config } from "../config";
import { createLogStream } from "./log-stream";

/**
 * A backstop for fields that must never reach the log whatever a caller passes; request paths
 * carrying tokens are redacted where they are logged (http/request-log.ts).
 */
const SECRET_FIELDS = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "secret",
  "*.password",
  "*.newPassword",
  "*.currentPassword",
  "*.token",
  "*.secret",
  "headers.cookie",
  "headers.authorization",
];

/**
 * JSON lines for production and tests (what log collectors read), written in the background
 * (log-stream.ts: a log reader that is slow or gone never holds the server); readable, coloured
 * lines in development, written at once by pino-pretty in this thread.
 */
export function createLogger(config: Pick<Config, "nodeEnv" | "logLevel">): Logger {
  const options = {
    level: config.logLevel,
    redact: { paths: SECRET_FIELDS, censor: "[redacted]" },
  };
  if (config.nodeEnv !== "development") return pino(options, createLogStream());
  return pino(
    options,
    pretty({ sync: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" }),
  );
}

/** How long a stopping process waits for its last log lines to be written. */
const FLUSH_WAIT_MS = 1_000;

/** Ends the process once its pending log lines are written, or FLUSH_WAIT_MS has passed. */
export async function exitAfterLog(logger: Logger, code: number): Promise<never> {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, FLUSH_WAIT_MS);
    logger.flush(() => {
      clearTimeout(timer);
      resolve();
    });
  });
  process.exit(code);
}
