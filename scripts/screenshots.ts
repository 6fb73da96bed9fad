// Refreshes the README's screenshots: starts the built app on a fresh database, adds a little
// demo data through the API, and photographs the main screens in the system Chromium.
// Run with: npm run build && node --import tsx scripts/screenshots.ts
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { addDays, todayIn } from "../src/shared/dates";
import { SERVER_BUNDLE, startAppServer } from "./app-server";
import { CHROMIUM_LAUNCH } from "./chromium";

const PORT = 3190;
const ADMIN_PASSWORD = "screenshot-admin";
const OUT = "docs/screenshots";

const server = await startAppServer({
  port: PORT,
  bundle: SERVER_BUNDLE,
  env: { ADMIN_PASSWORD, LOG_LEVEL: "warn" },
});
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

  // Older work, so the Pendency page's ageing buckets and the brief's longest pending show.
  const backlog = [
    ["Reconcile last year's college audit objections", 45, 40],
    ["Collect the affiliation fee arrears statement", 30, 20],
    ["Answer the Ombudsman's complaint on admissions", 15, 9],
  ] as const;
  for (const [i, [subject, assigned, due]] of backlog.entries()) {
    await page.request.post("/api/tasks", {
      multipart: {
        subject,
        assignedTo: ids[i % ids.length],
        assignDate: shift(-assigned),
        dueDate: shift(-due),
        taskType: "Task",
      },
      headers,
    });
  }

  // Last week's meeting decided three things; this week's follow-up opens with them.
  const meeting = async (fields: Record<string, unknown>) =>
    (
      await (
        await page.request.post("/api/engagements", {
          data: { time: "11:00", venue: "Secretary Board Room", allowClash: true, ...fields },
          headers,
        })
      ).json()
    ).id as string;
  const review = await meeting({
    date: shift(-7),
    subject: "Review of college admissions",
    status: "Held",
    participants: ids,
    guests: ["Director Colleges"],
  });
  await page.request.put(`/api/engagements/${review}/agenda`, {
    data: {
      items: [
        { title: "Admissions in public colleges", presenter: "Asma Khan" },
        { title: "Hostel capacity", presenter: "Bilal Ahmed" },
      ],
    },
    headers,
  });
  await page.request.post(`/api/engagements/${review}/decisions`, {
    data: {
      decisions: [
        {
          description: "Share college-wise admission figures",
          outcome: "action",
          ownerId: ids[0],
          dueDate: shift(-2),
        },
        {
          description: "Survey hostel vacancies",
          outcome: "action",
          ownerId: ids[1],
          dueDate: shift(5),
        },
        {
          description: "New hostel in the current year",
          outcome: "regretted",
          reason: "No funds in this year's budget",
        },
      ],
    },
    headers,
  });
  const followUp = await meeting({
    date: today,
    subject: "Admissions follow-up",
    status: "Scheduled",
    participants: ids,
    followUpOf: review,
  });
  await page.request.put(`/api/engagements/${followUp}/agenda`, {
    data: { items: [{ title: "Progress on last week's decisions", presenter: "Sana Iqbal" }] },
    headers,
  });

  for (const [path, name] of [
    ["/dashboard", "dashboard"],
    ["/admin", "admin"],
    ["/admin/manage-users", "users"],
    [`/engagement/${followUp}?section=agenda`, "meeting"],
    ["/admin/decisions", "decisions"],
    ["/admin/pendency", "pendency"],
    ["/admin/brief", "brief"],
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
