import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import type { Config } from "./config";

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
 * JSON lines for production and tests (what log collectors read); readable, coloured lines in
 * development. pino-pretty runs in this thread and writes synchronously, so the last lines
 * before an exit are never lost.
 */
export function createLogger(config: Pick<Config, "nodeEnv" | "logLevel">): Logger {
  const options = {
    level: config.logLevel,
    redact: { paths: SECRET_FIELDS, censor: "[redacted]" },
  };
  if (config.nodeEnv !== "development") return pino(options);
  return pino(
    options,
    pretty({ sync: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" }),
  );
}
