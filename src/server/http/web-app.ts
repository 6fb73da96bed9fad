import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Hono } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import {
  addVaryAcceptEncoding,
  type ContentEncoding,
  compressBytes,
  isWorthSending,
  negotiateEncoding,
} from "./compression";
import type { AppEnv } from "./context";

/**
 * Serves the built web app: hashed assets cached for a year, and index.html (never cached
 * without asking again) for every other path, so client-side routes survive a reload. Both as
 * brotli or gzip when the client takes it: the build writes `.br` and `.gz` beside each file
 * (scripts/precompress.ts).
 */
export function serveWebApp(app: Hono<AppEnv>, webDir: string) {
  const root = relative(process.cwd(), webDir) || ".";
  app.use(
    "/assets/*",
    async (c, next) => {
      await next();
      if (!c.res.ok) return;
      c.header("Cache-Control", "public, max-age=31536000, immutable");
      // serveStatic names Accept-Encoding in Vary only when it sends a compressed file; the
      // plain answer of the same URL must say so too, or a shared cache hands it to everyone.
      if (COMPRESSIBLE_CONTENT_TYPE_REGEX.test(c.res.headers.get("Content-Type") ?? ""))
        addVaryAcceptEncoding(c.res.headers);
    },
    // Takes br, then gzip, when Accept-Encoding names it (without a q-value; "br;q=0" is not
    // taken), and its .br/.gz file exists.
    serveStatic({ root, precompressed: true }),
  );
  // A hashed file that is not there (an old tab asking after a deploy) is missing, not the page:
  // index.html under an immutable asset's name would be kept for a year.
  app.get("/assets/*", (c) => c.notFound());
  const page = indexPage(join(webDir, "index.html"));
  app.get("*", async (c) => {
    const loaded = await page();
    return loaded ? answerPage(c, loaded) : c.notFound();
  });
}

type Representation = {
  body: Uint8Array<ArrayBuffer>;
  /** Strong: one per encoding, since each is other bytes (RFC 9110 8.8.3.3). */
  etag: string;
  encoding?: ContentEncoding;
};
type LoadedPage = { identity: Representation } & Partial<Record<ContentEncoding, Representation>>;

const SUFFIX: Record<ContentEncoding, string> = { br: ".br", gzip: ".gz" };

/**
 * index.html and its compressed copies, read once and again only when the file changes (a new
 * build under a running server), so a page load costs no disk read or compression.
 */
function indexPage(path: string): () => Promise<LoadedPage | undefined> {
  let loaded: { version: string; page: Promise<LoadedPage> } | undefined;
  return async () => {
    const stats = await stat(path).catch(() => undefined);
    if (!stats) return undefined;
    const version = `${stats.mtimeMs}:${stats.size}`;
    if (loaded?.version !== version) {
      const current = { version, page: loadPage(path, stats.mtimeMs) };
      loaded = current;
      // A read that failed (the file replaced meanwhile) is tried again by the next request.
      current.page.catch(() => {
        if (loaded === current) loaded = undefined;
      });
    }
    return loaded.page;
  };
}

async function loadPage(path: string, mtimeMs: number): Promise<LoadedPage> {
  const identity = new Uint8Array(await readFile(path));
  const hash = createHash("sha256").update(identity).digest("base64url").slice(0, 22);
  const page: LoadedPage = { identity: { body: identity, etag: `"${hash}"` } };
  for (const encoding of ["br", "gzip"] as const) {
    const body = await precompressed(path + SUFFIX[encoding], mtimeMs).then(
      (built) => built ?? compressBytes(identity, encoding, "static"),
    );
    if (isWorthSending(body, identity))
      page[encoding] = { body, encoding, etag: `"${hash}-${encoding === "br" ? "br" : "gz"}"` };
  }
  return page;
}

/** The build's copy, unless it is older than the page (index.html edited after the build). */
async function precompressed(
  path: string,
  pageMtimeMs: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const stats = await stat(path).catch(() => undefined);
  if (!stats || stats.mtimeMs < pageMtimeMs) return undefined;
  return new Uint8Array(await readFile(path));
}

/** Weak comparison (RFC 9110 13.1.2): `W/"x"` matches `"x"`, and `*` matches any. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
  });
}

function answerPage(c: Context<AppEnv>, page: LoadedPage) {
  const encoding = negotiateEncoding(
    c.req.header("Accept-Encoding"),
    (["br", "gzip"] as const).filter((name) => page[name]),
  );
  const chosen = (encoding && page[encoding]) || page.identity;
  const headers: Record<string, string> = {
    // Every load asks again; an unchanged page costs a 304 of no body.
    "Cache-Control": "no-cache",
    Vary: "Accept-Encoding",
    ETag: chosen.etag,
  };
  if (matchesIfNoneMatch(c.req.header("If-None-Match"), chosen.etag))
    return c.body(null, 304, headers);
  if (chosen.encoding) headers["Content-Encoding"] = chosen.encoding;
  return c.body(chosen.body, 200, {
    ...headers,
    "Content-Type": "text/html; charset=UTF-8",
    "Content-Length": String(chosen.body.byteLength),
  });
}
