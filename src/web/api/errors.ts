import { DetailedError } from "hono/client";

/** `parseResponse` from hono/client throws a DetailedError carrying the status and the JSON body. */
function statusOf(error: unknown): number | undefined {
  return error instanceof DetailedError ? error.statusCode : undefined;
}

export function isUnauthorized(error: unknown): boolean {
  return statusOf(error) === 401;
}

/** 4xx answers will not change on a retry. */
export function isClientError(error: unknown): boolean {
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}
