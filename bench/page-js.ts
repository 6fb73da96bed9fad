// The JavaScript a browser really loads for a page: opens it in the system Chromium (signed in
// when given a cookie; in the browser language `locale`, en-US unless given), waits for the page's first heading (the route's lazy chunks are in by
// then; a signed-in page keeps its live stream open, so the network never goes idle) and
// gzips every script it fetched.
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "../scripts/chromium";

export type PageJs = { path: string; locale: string; files: number; gzipBytes: number };

/** `cookie` is a Cookie header ("name=value; name2=value2") for the signed-in pages. */
export async function measurePageJs(
  baseUrl: string,
  pages: { path: string; cookie?: string; locale?: string }[],
): Promise<PageJs[]> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const results: PageJs[] = [];
    for (const { path, cookie, locale = "en-US" } of pages) {
      const context = await browser.newContext({ baseURL: baseUrl, locale });
      if (cookie) {
        await context.addCookies(
          cookie.split("; ").map((pair) => {
            const [name, ...value] = pair.split("=");
            return { name, value: value.join("="), url: baseUrl };
          }),
        );
      }
      const page = await context.newPage();
      const scripts = new Map<string, Promise<Buffer>>();
      page.on("response", (response) => {
        if (response.request().resourceType() === "script" && response.ok())
          scripts.set(response.url(), response.body());
      });
      await page.goto(path);
      await page.getByRole("heading").first().waitFor();
      await page.waitForTimeout(500);
      const bodies = await Promise.all(scripts.values());
      results.push({
        path,
        locale,
        files: bodies.length,
        gzipBytes: bodies.reduce((sum, body) => sum + gzipSync(body).length, 0),
      });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}
