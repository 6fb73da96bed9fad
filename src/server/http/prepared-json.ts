import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import {
  COMPRESSION_THRESHOLD,
  type ContentEncoding,
  compressBytes,
  negotiateEncoding,
} from "./compression";

/**
 * A value serialised once, kept with its UTF-8 bytes, so that a cached answer (the performance
 * report: some 1 MB of JSON for 3,000 people) is not serialised again for every request. At
 * 1,000,000 tasks each cached report request had made a fresh megabyte string, and those
 * strings (too big for the young generation) piled up in the heap until a full collection.
 */
export type PreparedJson<T> = { readonly value: T; readonly bytes: Uint8Array<ArrayBuffer> };

export function prepareJson<T>(value: T): PreparedJson<T> {
  return { value, bytes: new TextEncoder().encode(JSON.stringify(value)) };
}

/**
 * Each prepared value's compressed bytes, by encoding, made on the first request that asks for
 * that encoding: the compression middleware would compress the same megabyte again for every
 * request. Kept as long as the prepared value is (the report cache drops it on a change).
 */
const compressedCopies = new WeakMap<
  PreparedJson<unknown>,
  Map<ContentEncoding, Promise<Uint8Array<ArrayBuffer>>>
>();

function compressedOnce(
  prepared: PreparedJson<unknown>,
  encoding: ContentEncoding,
): Promise<Uint8Array<ArrayBuffer>> {
  let copies = compressedCopies.get(prepared);
  if (!copies) {
    copies = new Map();
    compressedCopies.set(prepared, copies);
  }
  let copy = copies.get(encoding);
  if (!copy) {
    // Requests arriving while it is made wait for the same promise rather than start another.
    copy = compressBytes(prepared.bytes, encoding);
    copies.set(encoding, copy);
    copy.catch(() => copies.delete(encoding));
  }
  return copy;
}

/**
 * Answers with the prepared bytes, compressed as the client accepts (then the compression
 * middleware leaves it be), typed for the RPC client as `c.json(value)` would be.
 */
export async function respondPrepared<T>(c: Context, prepared: PreparedJson<T>) {
  const headers = { "Content-Type": "application/json", Vary: "Accept-Encoding" };
  const encoding =
    prepared.bytes.byteLength >= COMPRESSION_THRESHOLD
      ? negotiateEncoding(c.req.header("Accept-Encoding"))
      : undefined;
  const compressed = encoding && (await compressedOnce(prepared, encoding));
  const response: Response =
    encoding && compressed && compressed.byteLength < prepared.bytes.byteLength
      ? c.body(compressed, 200, {
          ...headers,
          "Content-Encoding": encoding,
          "Content-Length": String(compressed.byteLength),
        })
      : c.body(prepared.bytes, 200, headers);
  // The bytes are JSON.stringify(value), which is what c.json would have sent.
  return response as Response & TypedResponse<JSONParsed<T>, 200, "json">;
}
