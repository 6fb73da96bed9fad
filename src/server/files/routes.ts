import { Hono } from "hono";
import { FILE_MESSAGES, fileTokenParam } from "../../shared/files";
import type { AppEnv } from "../http/context";
import { AppError } from "../http/errors";
import { validate } from "../http/validate";
import { EXPIRED_LINK_PAGE_CSP, expiredLinkPage, isBrowserNavigation } from "./expired-link-page";
import { safeFileName } from "./file-name";
import type { FileRef, SignedLinks } from "./signed-links";
import type { Storage } from "./storage";

/** RFC 6266 with an RFC 5987 UTF-8 name (which also escapes ' ( ) *), and an ASCII fallback. */
function contentDisposition(fileName: string, inline: boolean): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const utf8 = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/**
 * GET /api/files/:token: a signed link, no session needed (it opens in a new tab or a
 * download), served only while `mayStillServe` says its holder may still read the record the
 * file belongs to (the task's rule: tasks/file-access.ts, wired by app.ts).
 */
export function fileRoutes(
  storage: Storage,
  links: SignedLinks,
  mayStillServe: (ref: FileRef) => Promise<boolean>,
) {
  return new Hono<AppEnv>()
    .use("/:token", async (c, next) => {
      await next();
      // A dead link opened in a tab reads as a page with a way back; the app keeps the JSON.
      if (
        c.error instanceof AppError &&
        c.error.code === "NOT_FOUND" &&
        isBrowserNavigation(c.req)
      ) {
        // Cleared first: assigning over a response would carry its headers across.
        c.res = undefined;
        c.res = c.html(expiredLinkPage(c), 404, {
          "Content-Security-Policy": EXPIRED_LINK_PAGE_CSP,
          "Cache-Control": "no-store",
        });
      }
    })
    .get("/:token", validate("param", fileTokenParam), async (c) => {
      const ref = links.verify(c.req.valid("param").token);
      const stored =
        ref && (await mayStillServe(ref)) ? await storage.open(ref.bucket, ref.key) : null;
      if (!ref || !stored) throw new AppError("NOT_FOUND", FILE_MESSAGES.linkExpired);
      const inline = c.req.query("download") === undefined;
      // Streamed from the store as the browser reads it: a large file is never whole in memory.
      return c.body(stored.body, 200, {
        "Content-Type": ref.mimeType,
        "Content-Length": String(stored.size),
        // Names stored before they were cleaned at upload are cleaned here too.
        "Content-Disposition": contentDisposition(safeFileName(ref.fileName, ref.mimeType), inline),
        "X-Content-Type-Options": "nosniff",
        // Served files never run script as pages of ours. Chromium's PDF viewer works sandboxed
        // (checked with Chromium 156; docs/decisions/008), so PDFs get the sandbox too.
        "Content-Security-Policy":
          "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; sandbox",
        "Cache-Control": "private, no-store",
      });
    });
}
