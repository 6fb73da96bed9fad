// Refreshes the README's screenshots: starts the built app on a fresh database, adds a little
// demo data through the API, and photographs the main screens in the system Chromium.
// Run with: npm run build && node --import tsx scripts/screenshots.ts
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { addDays, todayIn } from "../src/shared/dates";
import { startAppServer } from "./app-server";
import { CHROMIUM_LAUNCH } from "./chromium";

const PORT = 3190;
const ADMIN_PASSWORD = "screenshot-admin";
const OUT = "docs/screenshots";

const server = await startAppServer({ port: PORT, env: { ADMIN_PASSWORD, LOG_LEVEL: "warn" } });
const browser = await chromium.launch(CHROMIUM_LAUNCH);
try {
  mkdirSync(OUT, { recursive: true });
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    baseURL: server.url,
  });
  const page = await context.newPage();
  const headers = { Origin: server.url };

  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign In" }).waitFor();
  await page.screenshot({ path: `${OUT}/auth.png` });

  await page.request.post("/api/auth/sign-in/username", {
    data: { username: "admin", password: ADMIN_PASSWORD },
    headers,
  });
  const people = [
    ["asma", "Asma Khan"],
    ["bilal", "Bilal Ahmed"],
    ["sana", "Sana Iqbal"],
  ];
  const ids: string[] = [];
  for (const [userId, fullName] of people) {
    const res = await page.request.post("/api/admin/users", {
      data: { userId, password: "demo-pass-1", fullName },
      headers,
    });
    ids.push((await res.json()).id);
  }
  const today = todayIn("Asia/Karachi");
  const shift = (days: number) => addDays(today, days);
  const subjects = [
    "Compile enrolment figures for public colleges",
    "Draft reply to the Assembly question on hostels",
    "Review the scholarship disbursement list",
    "Prepare the budget note for new faculty posts",
    "Update the college inspection schedule",
  ];
  for (const [i, subject] of subjects.entries()) {
    await page.request.post("/api/tasks", {
      multipart: {
        subject,
        assignedTo: ids[i % ids.length],
        assignDate: shift(-10 + i),
        dueDate: shift(-3 + i * 2),
        taskType: i % 2 ? "Request" : "Task",
      },
      headers,
    });
  }

  for (const [path, name] of [
    ["/dashboard", "dashboard"],
    ["/admin", "admin"],
    ["/admin/manage-users", "users"],
  ] as const) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `${OUT}/${name}.png` });
  }

  // A phone: lists become cards and the filters fold behind one button.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/admin/manage-tasks");
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${OUT}/phone-tasks.png` });

  // The same account in Urdu: right to left, Nastaliq, Urdu month names.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.request.put("/api/me/language", { data: { language: "ur" }, headers });
  for (const [path, name] of [
    ["/admin", "urdu-admin"],
    ["/admin/manage-users", "urdu-users"],
  ] as const) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${OUT}/${name}.png` });
  }
} finally {
  await browser.close();
  await server.stop();
}
