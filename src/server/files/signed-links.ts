import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod/mini";
import { BUCKETS, type Bucket } from "./storage";

const linkPayload = z.object({
  b: z.enum(BUCKETS),
  k: z.string().check(z.minLength(1)),
  n: z.string(),
  t: z.string(),
  i: z.string().check(z.minLength(1)),
  u: z.string().check(z.minLength(1)),
  e: z.number().check(z.int()),
});

export type FileRef = {
  bucket: Bucket;
  key: string;
  fileName: string;
  mimeType: string;
  /** The record the file belongs to: a task, a receipt or a dispatch (by its bucket). */
  recordId: string;
  /** Who the link was issued to: it serves only while they may still read the record. */
  holderId: string;
};

/**
 * Download links that carry what to serve, to whom it was issued and until when, signed with
 * HMAC: nobody can forge or extend one. Holding a link is not enough by itself: the download
 * route checks that its holder may still read the task (tasks/file-access.ts).
 */
export function createSignedLinks(secret: string, now: () => number = Date.now) {
  const sign = (payload: string) =>
    createHmac("sha256", `file-links:${secret}`).update(payload).digest("base64url");
  return {
    /** A path under /api/files valid for `ttlSeconds`. */
    create(ref: FileRef, ttlSeconds: number): string {
      const payload = Buffer.from(
        JSON.stringify({
          b: ref.bucket,
          k: ref.key,
          n: ref.fileName,
          t: ref.mimeType,
          i: ref.recordId,
          u: ref.holderId,
          e: Math.floor(now() / 1000) + ttlSeconds,
        }),
      ).toString("base64url");
      return `/api/files/${payload}.${sign(payload)}`;
    },

    /** The file a token points to, or null when it is forged, malformed or expired. */
    verify(token: string): FileRef | null {
      const [payload, signature] = token.split(".");
      if (!payload || !signature) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      let parsed: z.infer<typeof linkPayload>;
      try {
        parsed = linkPayload.parse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
      } catch {
        return null;
      }
      if (parsed.e * 1000 < now()) return null;
      return {
        bucket: parsed.b,
        key: parsed.k,
        fileName: parsed.n,
        mimeType: parsed.t,
        recordId: parsed.i,
        holderId: parsed.u,
      };
    },
  };
}

export type SignedLinks = ReturnType<typeof createSignedLinks>;
