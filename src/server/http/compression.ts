import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { parseAccept } from "hono/utils/accept";

/** The encodings the server sends, in its order of preference: brotli's bytes are fewer. */
export type ContentEncoding = "br" | "gzip";
const PREFERRED: readonly ContentEncoding[] = ["br", "gzip"];

/**
 * Below this a response goes as it is: with its headers it fits in a packet or two anyway, so
 * compressing saves no round trip; most of the API's small answers (saves, counts) are here.
 */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * A compressed copy is worth keeping only when it saves a tenth: below that, the client's
 * decoding and the extra file (at build) cost more than the bytes saved.
 */
export function isWorthSending(compressed: Uint8Array, original: Uint8Array): boolean {
  return compressed.byteLength < original.byteLength * 0.9;
}

/**
 * The encoding to answer `Accept-Encoding` with, among `available` (default: both); undefined
 * for identity. Honours q-values (q=0 refuses, `*` stands for every encoding not named), and of
 * equally weighted ones takes brotli. No header means identity (RFC 9110 allows any encoding
 * then, but a client that sends none, like a script or a probe, may not decode one).
 */
export function negotiateEncoding(
  acceptEncoding: string | undefined,
  available: readonly ContentEncoding[] = PREFERRED,
): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = parseAccept(acceptEncoding);
  const qualityOf = (name: string) =>
    accepted.find((entry) => {
      const type = entry.type.toLowerCase();
      // RFC 9110 8.4.1.3: x-gzip is gzip.
      return type === name || (name === "gzip" && type === "x-gzip");
    })?.q;
  const wildcard = qualityOf("*") ?? 0;
  let best: { encoding: ContentEncoding; q: number } | undefined;
  for (const encoding of PREFERRED) {
    if (!available.includes(encoding)) continue;
    const q = qualityOf(encoding) ?? wildcard;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/**
 * "dynamic": per response, where the time counts as much as the bytes. Brotli 5 rather than 4:
 * on the real 37 KB task page and 1 MB report, 4 is no smaller than gzip 6 (the report larger)
 * while 5 is a tenth smaller than both for 0.15 ms more on the page (docs/decisions/028).
 * "static": once per file, at build or at load, where only the bytes count.
 */
export type CompressionEffort = "dynamic" | "static";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compresses on libuv's thread pool, so the event loop goes on serving meanwhile. */
export async function compressBytes(
  bytes: Uint8Array,
  encoding: ContentEncoding,
  effort: CompressionEffort = "dynamic",
): Promise<Uint8Array<ArrayBuffer>> {
  const compressed =
    encoding === "br"
      ? await brotliAsync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: effort === "static" ? 11 : 5,
            // Lets brotli size its window and tables to the input rather than to 4 MB.
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
          },
        })
      : await gzipAsync(bytes, { level: effort === "static" ? 9 : 6 });
  return new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength);
}

/** Adds Accept-Encoding to Vary unless it (or `*`) is there already. */
export function addVaryAcceptEncoding(headers: Headers): void {
  const vary = headers.get("Vary");
  if (!vary) {
    headers.set("Vary", "Accept-Encoding");
    return;
  }
  const names = vary.split(",").map((name) => name.trim().toLowerCase());
  if (!names.includes("*") && !names.includes("accept-encoding"))
    headers.set("Vary", `${vary}, Accept-Encoding`);
}

/** What the API answers with that is worth compressing: JSON, and the few HTML pages. */
const COMPRESSIBLE_TYPE = /^\s*(?:application\/json|text\/html)\s*(?:;|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
/** No body (204, 304), or part of one (206) whose range is of the identity bytes. */
const BODILESS_STATUSES = new Set([204, 206, 304]);

/**
 * Compresses the API's JSON (and HTML) answers of COMPRESSION_THRESHOLD bytes or more, brotli
 * or gzip as the client accepts. Hono's own `compress` offers only gzip and deflate, and
 * compresses a body of unknown length (c.json sets none) whatever its size. Answers the app
 * builds in memory only: a download (Content-Disposition) keeps its bytes and length, a stream
 * (text/event-stream, the .xlsx and CSV exports) is not of these types, and an answer that is
 * already encoded (respondPrepared's) is left alone.
 */
export function compression(threshold = COMPRESSION_THRESHOLD): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const headers = res.headers;
    if (
      !COMPRESSIBLE_TYPE.test(headers.get("Content-Type") ?? "") ||
      headers.has("Content-Encoding") ||
      headers.has("Content-Disposition") ||
      NO_TRANSFORM.test(headers.get("Cache-Control") ?? "")
    )
      return;
    // The same URL answers differently by Accept-Encoding, small or not: a shared cache must
    // key on it, or it hands brotli to a client that sent none.
    addVaryAcceptEncoding(headers);
    if (c.req.method === "HEAD" || BODILESS_STATUSES.has(res.status) || !res.body) return;
    const declaredLength = headers.get("Content-Length");
    if (declaredLength !== null && Number(declaredLength) < threshold) return;
    const encoding = negotiateEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) return;

    const bytes = new Uint8Array(await res.arrayBuffer());
    const compressed = bytes.byteLength >= threshold ? await compressBytes(bytes, encoding) : null;
    const body = compressed && compressed.byteLength < bytes.byteLength ? compressed : bytes;
    const sent = new Headers(headers);
    sent.set("Content-Length", String(body.byteLength));
    if (body !== bytes) {
      sent.set("Content-Encoding", encoding);
      // The compressed bytes are not the identity bytes a strong validator names.
      const etag = sent.get("ETag");
      if (etag && !etag.startsWith("W/")) sent.set("ETag", `W/${etag}`);
    }
    // Cleared first: assigning over a response carries its headers (the old length) across.
    c.res = undefined;
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers: sent });
  };
}
