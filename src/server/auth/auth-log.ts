import { inspect } from "node:util";
import type { Logger } from "pino";

type Level = "debug" | "info" | "warn" | "error";

const URL_PATTERN = /\bhttps?:\/\/[^\s"'<>]+/gi;
const SECRET_PATTERN = /\b(token|password|secret|code)(["']?\s*[:=]\s*["']?)[^\s"',&}]+/gi;

/** Links (which may carry a reset or verification token) and secret-looking values go. */
export function redactAuthText(text: string): string {
  return text.replace(URL_PATTERN, "[link removed]").replace(SECRET_PATTERN, "$1$2[removed]");
}

function describe(arg: unknown): string {
  if (arg instanceof Error) return redactAuthText(`${arg.name}: ${arg.message}`);
  return redactAuthText(typeof arg === "string" ? arg : inspect(arg, { depth: 3 }));
}

/**
 * better-auth's log calls into pino. The library's messages and arguments are ours to keep
 * out of the log where they hold a link or a secret (a verification URL, a token), so each
 * is reduced to redacted text before it is written.
 */
export function authLogBridge(logger: Logger) {
  return {
    log(level: Level, message: string, ...args: unknown[]) {
      const details = args.map(describe);
      logger[level](details.length ? { details } : {}, `auth: ${redactAuthText(message)}`);
    },
  };
}
