// The JavaScript a browser really loads for a page: opens it in the system Chromium (signed in
// when given a cookie; in the browser language `locale`, en-US unless given), waits for the
// page's first heading (the route's lazy chunks are in by then; a signed-in page keeps its live
// stream open, so the network never goes idle) and gzips every script it fetched.
//
// And how many rounds of script requests the page waits through (issue 32: at most three): every
// request is held back a slow link's round trip, so the scripts asked at once leave together and
// each script found only by running the last ones leaves a round trip later. The page's own
// work between rounds takes far less than the gap that separates them.
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "../scripts/chromium";

export type PageJs = {
  path: string;
  locale: string;
  files: number;
  gzipBytes: number;
  /** Sequential rounds of script requests, the HTML's own scripts being the first. */
  rounds: number;
};

/** Slow 4G's round trip, as Lighthouse's mobile settings simulate it. */
const ROUND_TRIP_MS = 150;
/** Requests started closer together than this belong to one round. */
const SAME_ROUND_MS = ROUND_TRIP_MS / 2;

/** Counts the bursts in request start times (milliseconds, any order). */
export function countRounds(startTimes: number[]): number {
  const sorted = [...startTimes].sort((a, b) => a - b);
  return sorted.filter((time, i) => i === 0 || time - sorted[i - 1] > SAME_ROUND_MS).length;
}

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
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: ROUND_TRIP_MS,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      const scriptStarts: number[] = [];
      cdp.on("Network.requestWillBeSent", (event) => {
        if (event.type === "Script") scriptStarts.push(event.timestamp * 1000);
      });
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
        rounds: countRounds(scriptStarts),
      });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}
