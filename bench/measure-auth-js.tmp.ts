// Local only: /auth's JS in English and Urdu, per file when VERBOSE=1. Needs `npx vite build`.
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { startAppServer } from "../scripts/app-server";
import { CHROMIUM_LAUNCH } from "../scripts/chromium";

const server = await startAppServer({ port: 3977, env: { LOG_LEVEL: "warn", NODE_ENV: "production" }, timeoutMs: 120_000 });
const browser = await chromium.launch(CHROMIUM_LAUNCH);
for (const locale of ["en-US", "ur-PK"]) {
  const context = await browser.newContext({ baseURL: server.url, locale });
  const page = await context.newPage();
  const scripts = new Map<string, Promise<Buffer>>();
  page.on("response", (r) => { if (r.request().resourceType() === "script" && r.ok()) scripts.set(r.url(), r.body()); });
  await page.goto("/auth");
  await page.getByRole("heading").first().waitFor();
  await page.waitForTimeout(500);
  let total = 0; const rows: [string, number][] = [];
  for (const [url, body] of scripts) { const n = gzipSync(await body).length; total += n; rows.push([url.split("/").pop() ?? url, n]); }
  console.log(locale, "files", rows.length, "gzip", total, (total / 1024).toFixed(1), "KiB");
  if (process.env.VERBOSE) for (const [n, b] of rows.sort((a, b) => b[1] - a[1])) console.log("  ", (b / 1024).toFixed(1), n);
  await context.close();
}
await browser.close();
await server.stop();
