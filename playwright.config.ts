import { defineConfig, devices, type ReporterDescription } from "@playwright/test";
import { E2E_BASE_URL, E2E_WORKERS } from "./e2e/support/env";
import { CHROMIUM_LAUNCH } from "./scripts/chromium";

/** The test runner's count of the run (scripts/layers.ts), when it asks for one. */
const jsonReport: ReporterDescription[] = process.env.E2E_JSON_REPORT
  ? [["json", { outputFile: process.env.E2E_JSON_REPORT }]]
  : [];

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/support/global-setup.ts",
  // A spec file's tests run in order in one worker; the files are shared out between workers,
  // each with its own server and database (e2e/support/env.ts).
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ...(process.env.CI
      ? [["list"] as const]
      : [["list"] as const, ["html", { open: "never" }] as const]),
    ...jsonReport,
  ],
  use: {
    ...devices["Desktop Chrome"],
    // In this worker, its own server (config is read again in every worker).
    baseURL: E2E_BASE_URL,
    // Recording a trace of every test cost a third of the suite's CPU; `--trace on` or
    // `--trace retain-on-failure` records one when a failure needs it.
    trace: "off",
    screenshot: "only-on-failure",
    // The app honours "reduce motion" (theme.ts): dialogs and menus appear at once, so nothing
    // is read or clicked half-way through a fade. The specs about motion ask for it back.
    reducedMotion: "reduce",
    launchOptions: CHROMIUM_LAUNCH,
  },
});
