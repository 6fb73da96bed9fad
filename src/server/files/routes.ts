import { Hono } from "hono";
import { FILE_MESSAGES } from "../../shared/files";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import type { SignedLinks } from "./signed-links";
import type { Storage } from "./storage";

function contentDisposition(fileName: string, inline: boolean): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** GET /api/files/:token: the signed link is the permission; no session needed. */
export function fileRoutes(storage: Storage, links: SignedLinks) {
  return new Hono<AppEnv>().get("/:token", async (c) => {
    const ref = links.verify(c.req.param("token"));
    const bytes = ref ? await storage.get(ref.bucket, ref.key) : null;
    if (!ref || !bytes) throw new AppError("NOT_FOUND", FILE_MESSAGES.linkExpired);
    const inline = c.req.query("download") === undefined;
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": ref.mimeType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": contentDisposition(ref.fileName, inline),
      "X-Content-Type-Options": "nosniff",
      // Served files never run script as pages of ours; the sandbox would blank the PDF viewer.
      "Content-Security-Policy": `default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'${ref.mimeType === "application/pdf" ? "" : "; sandbox"}`,
      "Cache-Control": "private, no-store",
    });
  });
}
