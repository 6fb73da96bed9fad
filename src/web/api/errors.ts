import { DetailedError } from "hono/client";

/** `parseResponse` from hono/client throws a DetailedError carrying the status and the JSON body. */
function statusOf(error: unknown): number | undefined {
  return error instanceof DetailedError ? error.statusCode : undefined;
}

/** Whether a failed call was answered with this HTTP status. */
export function hasStatus(error: unknown, status: number): boolean {
  return statusOf(error) === status;
}

export function isUnauthorized(error: unknown): boolean {
  return hasStatus(error, 401);
}

/** The error code of the server's JSON answer (`{ error: { code } }`), if it gave one. */
export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof DetailedError)) return undefined;
  const detail = error.detail as { data?: { error?: { code?: unknown } } } | undefined;
  const code = detail?.data?.error?.code;
  return typeof code === "string" ? code : undefined;
}

/** A save refused because the record changed after the form was opened (server/audit/versions.ts). */
export function isEditConflict(error: unknown): boolean {
  return errorCode(error) === "CONFLICT";
}

/** 4xx answers will not change on a retry. */
export function isClientError(error: unknown): boolean {
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}

/**
 * The message to show for a failed call: the server's own (SPEC.md: "the server message,
 * or ..."), else the given fallback such as 'Failed to create user'.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof DetailedError) {
    const detail = error.detail as
      | { data?: { error?: { message?: unknown }; message?: unknown } }
      | undefined;
    const message = detail?.data?.error?.message ?? detail?.data?.message;
    if (typeof message === "string" && message) return message;
  }
  return fallback;
}
