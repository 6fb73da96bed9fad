import { readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import type { AppEnv } from "./env";

/**
 * Serves the built web app: hashed assets cached for a year, and index.html (never cached)
 * for every other path, so client-side routes survive a reload.
 */
export function serveWebApp(app: Hono<AppEnv>, webDir: string) {
  const root = relative(process.cwd(), webDir) || ".";
  app.use(
    "/assets/*",
    async (c, next) => {
      await next();
      if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
    },
    serveStatic({ root }),
  );
  app.use("*", serveStatic({ root }));
  app.get("*", async (c) => {
    const html = await readFile(join(webDir, "index.html"), "utf8");
    c.header("Cache-Control", "no-cache");
    return c.html(html);
  });
}
