// What a person on a district office's link waits for (issue 32): Lighthouse 12.2.3 under its
// default mobile settings (simulated slow 4G, 4x CPU slowdown) on the system Chromium, each page
// opened cold in a fresh profile, signed in by a Cookie header where the page needs one.
//
//   node --import tsx bench/lighthouse.ts --url http://127.0.0.1:3000 [--cookie "a=b"] /auth /admin
import { parseArgs } from "node:util";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_LAUNCH } from "../scripts/chromium";

export type LighthouseResult = {
  path: string;
  performance: number;
  /** Milliseconds, as Lighthouse's simulation estimates them. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** Bytes on the wire and requests, as the browser really fetched them. */
  transferredBytes: number;
  requests: number;
};

export type LighthousePage = { path: string; cookie?: string };

export async function measureLighthouse(
  baseUrl: string,
  pages: LighthousePage[],
): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  for (const page of pages) results.push(await measureOne(baseUrl, page));
  return results;
}

async function measureOne(baseUrl: string, { path, cookie }: LighthousePage) {
  // A fresh browser per page: no cache, no service state, as a first visit is.
  const chrome = await launch({
    chromePath: CHROMIUM_LAUNCH.executablePath,
    chromeFlags: ["--headless", ...CHROMIUM_LAUNCH.args],
    logLevel: "silent",
  });
  try {
    const run = await lighthouse(`${baseUrl}${path}`, {
      port: chrome.port,
      logLevel: "error",
      onlyCategories: ["performance"],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    });
    if (!run) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { lhr } = run;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`);
    const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
    const network = lhr.audits["network-requests"]?.details;
    const items = network?.type === "table" ? network.items : [];
    return {
      path,
      performance: lhr.categories.performance?.score ?? 0,
      fcp: metric("first-contentful-paint"),
      lcp: metric("largest-contentful-paint"),
      tbt: metric("total-blocking-time"),
      cls: Math.round((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
      speedIndex: metric("speed-index"),
      transferredBytes: items.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0),
      requests: items.length,
    };
  } finally {
    chrome.kill();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { url: { type: "string" }, cookie: { type: "string" } },
  });
  if (!values.url) throw new Error("--url is required");
  const results = await measureLighthouse(
    values.url,
    positionals.map((path) => ({ path, cookie: values.cookie })),
  );
  for (const r of results) console.log(JSON.stringify(r));
}
