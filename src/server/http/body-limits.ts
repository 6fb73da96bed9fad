import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Context, MiddlewareHandler } from "hono";
import { MAX_SCANS } from "../../shared/dak";
import { MAX_MINUTES_BYTES } from "../../shared/engagements";
import { FILE_MESSAGES, MAX_FILE_BYTES } from "../../shared/files";
import type { Message } from "../../shared/i18n/message";
import { AppError } from "./errors";
import { receiveMultipart } from "./multipart";
import { createTurns } from "./turns";

/** Every request body without a route of its own below: JSON forms, sign-in, sign-up. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** One file just under MAX_FILE_BYTES plus the multipart framing and the task fields around it. */
export const UPLOAD_BODY_LIMIT = MAX_FILE_BYTES + 256 * 1024;
/** A receipt's scans: MAX_SCANS files, each just under MAX_FILE_BYTES, and its fields. */
export const SCANS_BODY_LIMIT = MAX_SCANS * MAX_FILE_BYTES + 256 * 1024;
/**
 * A meeting's minutes (or agenda) of up to MAX_MINUTES_BYTES, as JSON: room for its quotes
 * escaped, so the route's own check answers a text over the limit with its own message.
 */
export const RECORD_BODY_LIMIT = 2 * MAX_MINUTES_BYTES + DEFAULT_BODY_LIMIT;

export const BODY_LIMIT_MESSAGE = "common:error.bodyTooLarge" satisfies Message;

/** `message` is a catalog key: the error handler says it in the caller's language. */
type BodyLimit = { maxBytes: number; message: Message };

/** The routes that take a file (src/server/tasks/routes.ts); matched on the request path. */
const UPLOAD_ROUTES: readonly { method: string; path: RegExp }[] = [
  { method: "POST", path: /^\/api\/tasks$/ },
  { method: "PATCH", path: /^\/api\/tasks\/[^/]+$/ },
  { method: "POST", path: /^\/api\/tasks\/[^/]+\/response-file$/ },
  // src/server/dak/routes.ts: a receipt's scans, a dispatch's letter.
  { method: "POST", path: /^\/api\/receipts$/ },
  { method: "POST", path: /^\/api\/dispatches$/ },
];

/** The routes that take a meeting's minutes or agenda (src/server/engagements/routes.ts). */
const RECORD_ROUTES: readonly { method: string; path: RegExp }[] = [
  { method: "PUT", path: /^\/api\/engagements\/[^/]+\/(minutes|agenda)$/ },
];

function isUploadRoute(method: string, path: string): boolean {
  return UPLOAD_ROUTES.some((route) => route.method === method && route.path.test(path));
}

export function bodyLimitFor(method: string, path: string): BodyLimit {
  if (RECORD_ROUTES.some((route) => route.method === method && route.path.test(path)))
    return { maxBytes: RECORD_BODY_LIMIT, message: BODY_LIMIT_MESSAGE };
  if (method === "POST" && path === "/api/receipts")
    return { maxBytes: SCANS_BODY_LIMIT, message: FILE_MESSAGES.tooLarge };
  return isUploadRoute(method, path)
    ? { maxBytes: UPLOAD_BODY_LIMIT, message: FILE_MESSAGES.tooLarge }
    : { maxBytes: DEFAULT_BODY_LIMIT, message: BODY_LIMIT_MESSAGE };
}

/** The body's bytes, or null as soon as more than `maxBytes` have arrived. */
async function readAtMost(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // The rest stays unread: the HTTP server drains or closes the connection after the 413.
    if (size > maxBytes) {
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Reads the body, bounded by `limit`, and hands it on from memory. */
async function receiveBounded(c: Context, limit: BodyLimit) {
  const body = c.req.raw.body;
  if (!body) return;
  const bytes = await readAtMost(body, limit.maxBytes);
  if (!bytes) throw new AppError("TOO_LARGE", limit.message);
  const raw = c.req.raw;
  // An empty body is no body, so readers see `body === null` as with a bodiless request.
  c.req.raw =
    bytes.byteLength > 0
      ? new Request(raw, { body: bytes })
      : new Request(raw.url, { method: raw.method, headers: raw.headers, signal: raw.signal });
}

/**
 * Limits every request body by its route (the table above), counting the bytes that
 * actually arrive: a declared Content-Length over the limit is refused before reading,
 * and a chunked, absent or understated one is cut off at the limit. The body is then
 * handed on from memory, so everything after this (the sign-in throttle's clone, the auth
 * library, form and JSON parsing) only ever sees a bounded body. An upload's body is left
 * for its route to take with `receiveUpload`, once it knows who is asking.
 */
export function bodyLimits(): MiddlewareHandler {
  return async (c, next) => {
    // A GET or HEAD request has no body (fetch's Request refuses one). Asking for it anyway
    // makes the Node adapter build a full Request for every read: 3% of a task list's time.
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    if (!c.req.raw.body) return next();
    const limit = bodyLimitFor(c.req.method, c.req.path);
    const declared = Number(c.req.header("content-length"));
    if (declared > limit.maxBytes) throw new AppError("TOO_LARGE", limit.message);
    if (!isUploadRoute(c.req.method, c.req.path)) await receiveBounded(c, limit);
    return next();
  };
}

/**
 * Uploads this process receives at once, and how many more may wait for a turn. A file goes
 * to disk as it arrives (multipart.ts); each upload holds its socket, its parser and a file.
 */
export const UPLOAD_TURNS = { atOnce: 4, waiting: 32 };

const MULTIPART = "multipart/form-data";

/**
 * An upload route's body, read after its session and role are checked (a refused upload is
 * answered without reading it, and the server discards the rest), a few at a time: more wait
 * their turn, and past the queue are answered BUSY. A multipart body's files are written to a
 * private folder as they arrive and handed to the route's form validator from there; the
 * folder goes when the request is done. Any other body is read bounded, as everywhere.
 */
export function receiveUpload(): MiddlewareHandler {
  const inTurn = createTurns(UPLOAD_TURNS);
  return (c, next) =>
    inTurn("uploads", async () => {
      const limit = bodyLimitFor(c.req.method, c.req.path);
      const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
      if (type !== MULTIPART) {
        await receiveBounded(c, limit);
        return next();
      }
      const dir = await mkdtemp(join(tmpdir(), "hed-upload-"));
      try {
        // Hono's form validator reads a body parsed before it from here.
        c.req.bodyCache.formData = await receiveMultipart(c.req.raw, {
          dir,
          maxBytes: limit.maxBytes,
          maxFieldBytes: DEFAULT_BODY_LIMIT,
          tooLarge: () => new AppError("TOO_LARGE", limit.message),
          malformed: () => new AppError("VALIDATION", "common:error.badRequest"),
        });
        await next();
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
}
