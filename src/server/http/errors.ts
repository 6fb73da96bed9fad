import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Logger } from "pino";
import type { Message } from "../../shared/i18n/message";
import type { AppEnv } from "./context";
import { translateFor } from "./language";
import { redactedUrl } from "./request-log";

export const ERROR_STATUS = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  VALIDATION: 400,
  CONFLICT: 409,
  /** A double booking the caller may confirm and send again. */
  CLASH: 409,
  TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** Work this process takes a few at a time is queued full; `Retry-After` says when to come back. */
  BUSY: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error type services throw; the handler below maps it to HTTP. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: Message,
  ) {
    super(message);
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }
}

export type ErrorBody = { error: { code: ErrorCode; message: string } };

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { error: { code, message } };
}

/** A queue that was full a moment ago has usually moved on within this. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/** An error answer in the caller's language; `message` is a catalog key (shared/i18n/message.ts). */
export function errorResponse(
  c: Context<AppEnv>,
  code: ErrorCode,
  message: string,
  status: ContentfulStatusCode = ERROR_STATUS[code],
) {
  if (code === "BUSY") c.header("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
  return c.json(errorBody(code, translateFor(c, message)), status);
}

/**
 * nginx's status for a client that closed the connection before the answer: nobody reads it,
 * and the request's own log line (http/request-log.ts) is the one line the hang-up gets.
 */
const CLIENT_CLOSED = 499;

/** The body could not be read because the client went away (a closed tab, a lost network). */
function isClientGone(err: Error, c: Context<AppEnv>): boolean {
  return c.req.raw.signal.aborted || (err as NodeJS.ErrnoException).code === "ECONNRESET";
}

export function handleError(err: Error, c: Context<AppEnv>, logger: Logger) {
  if (err instanceof AppError) return errorResponse(c, err.code, err.message);
  if (isClientGone(err, c)) return new Response(null, { status: CLIENT_CLOSED });
  if (err instanceof HTTPException) {
    const code =
      err.status === 413 ? "TOO_LARGE" : err.status === 401 ? "UNAUTHENTICATED" : "VALIDATION";
    return errorResponse(c, code, err.message || "common:error.badRequest", err.status);
  }
  logger.error({ err, path: redactedUrl(new URL(c.req.url)) }, "unhandled error");
  return errorResponse(c, "INTERNAL", "common:error.unexpected");
}
