import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { addDays, formatDisplayDate, todayIn } from "../src/shared/dates";
import { expectFits, expectNoViolations } from "./support/axe";
import { E2E_BASE_URL } from "./support/env";
import { ADMIN, signInThroughApi } from "./support/fixtures";

const ORIGIN = { Origin: E2E_BASE_URL };
// The server counts days in the office's zone (APP_TIMEZONE's default).
const TODAY = todayIn("Asia/Karachi");
const SUFFIX = Date.now().toString(36);
const ALPHA = `Alpha Reporter ${SUFFIX}`;
const BETA = `Beta Reporter ${SUFFIX}`;

const daysAgo = (days: number) => addDays(TODAY, -days);
const THIRTY_DAYS_FROM = daysAgo(30);

async function createUser(page: Page, userId: string, fullName: string): Promise<string> {
  const res = await page.request.post("/api/admin/users", {
    data: { userId, fullName, password: "e2e-user-password" },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function createTask(
  page: Page,
  task: { assignedTo: string; assignDate: string; dueDate: string; isCompleted?: boolean },
) {
  const res = await page.request.post("/api/tasks", {
    multipart: {
      subject: `Report task ${SUFFIX}`,
      assignedTo: task.assignedTo,
      assignDate: task.assignDate,
      dueDate: task.dueDate,
    },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(201);
  if (!task.isCompleted) return;
  const { id } = (await res.json()) as { id: string };
  const done = await page.request.post(`/api/tasks/${id}/complete`, { headers: ORIGIN });
  expect(done.status(), await done.text()).toBe(200);
}

let alphaId = "";

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage({ baseURL: E2E_BASE_URL });
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  alphaId = await createUser(page, `alpha_${SUFFIX}`, ALPHA);
  const betaId = await createUser(page, `beta_${SUFFIX}`, BETA);

  // Alpha: done today on time; done today, 20 days after assignment and late; and one open
  // task from 10 days ago, which is the previous period of a 7-day report.
  await createTask(page, {
    assignedTo: alphaId,
    assignDate: TODAY,
    dueDate: addDays(TODAY, 7),
    isCompleted: true,
  });
  await createTask(page, {
    assignedTo: alphaId,
    assignDate: daysAgo(20),
    dueDate: daysAgo(17),
    isCompleted: true,
  });
  await createTask(page, {
    assignedTo: alphaId,
    assignDate: daysAgo(10),
    dueDate: addDays(TODAY, 5),
  });
  // Beta: only tasks from 20 days ago, one done late and one past due.
  await createTask(page, {
    assignedTo: betaId,
    assignDate: daysAgo(20),
    dueDate: daysAgo(15),
    isCompleted: true,
  });
  await createTask(page, { assignedTo: betaId, assignDate: daysAgo(20), dueDate: daysAgo(18) });
  // The server marks past-due tasks Over Due when tasks are read (and at midnight); the report
  // counts statuses as stored, so read once to settle them.
  const listed = await page.request.get(`/api/tasks?assignedUser=${betaId}`);
  expect(listed.status()).toBe(200);
  await page.close();
});

async function openReports(page: Page, query = "") {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  await page.goto(`/admin/reports${query}`);
  await expect(page.getByRole("heading", { name: "Performance Reports", level: 1 })).toBeVisible();
}

function reportTable(page: Page) {
  return page.getByRole("region", { name: "Performance by user" }).getByRole("table");
}

function reportRow(page: Page, name: string) {
  return reportTable(page).getByRole("row", { name: new RegExp(name) });
}

test("the report shows each person's work for 30 days, and for 7 days when chosen", async ({
  page,
}) => {
  await openReports(page);
  await expect(page.getByRole("combobox", { name: "Date range" })).toHaveValue("Last 30 days");
  await expect(
    page.getByText(`${formatDisplayDate(THIRTY_DAYS_FROM)} – ${formatDisplayDate(TODAY)}`),
  ).toBeVisible();

  await expect(reportRow(page, ALPHA).getByRole("cell")).toHaveText([
    ALPHA,
    "3",
    "2",
    "1",
    "0",
    "67%",
    "50%",
    "50%",
    "0",
    "N/A",
    "10",
    "3",
    "0",
    "0",
    "—No tasks in the previous period",
    "Good",
  ]);
  await expect(reportRow(page, BETA).getByRole("cell")).toHaveText([
    BETA,
    "2",
    "1",
    "0",
    "1",
    "50%",
    "0%",
    "0%",
    "0",
    "N/A",
    "20",
    "2",
    "0",
    "0",
    "—No tasks in the previous period",
    "Average",
  ]);
  const chart = page.getByRole("region", { name: "Completion Rate by User" });
  await expect(chart.getByRole("listitem").filter({ hasText: ALPHA })).toHaveText(`${ALPHA}67%`);

  await page.getByRole("combobox", { name: "Date range" }).click();
  await page.getByRole("option", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/[?&]range=7(&|$)/);
  await expect(
    page.getByText(`${formatDisplayDate(daysAgo(7))} – ${formatDisplayDate(TODAY)}`),
  ).toBeVisible();
  // Only today's task is left; the one from 10 days ago counts for the previous period.
  await expect(reportRow(page, ALPHA).getByRole("cell")).toHaveText([
    ALPHA,
    "1",
    "1",
    "0",
    "0",
    "100%",
    "100%",
    "100%",
    "0",
    "N/A",
    "N/A",
    // Files are held from when they are given (today), whatever their assign dates.
    "3",
    "0",
    "0",
    "+100%Up 100 points from the previous period",
    "Excellent",
  ]);
  await expect(reportRow(page, BETA)).toHaveCount(0);
  await expect(chart.getByRole("listitem").filter({ hasText: BETA })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("combobox", { name: "Date range" })).toHaveValue("Last 7 days");
  await expect(reportRow(page, ALPHA)).toContainText("Excellent");
  await expect(reportRow(page, BETA)).toHaveCount(0);
});

test("the report shows the files each person held, their working days and those over the limits", async ({
  page,
}) => {
  await openReports(page);
  const headers = reportTable(page).getByRole("columnheader");
  await expect(headers.filter({ hasText: "Files Held" })).toBeVisible();
  await expect(headers.filter({ hasText: "Avg. Working Days Held" })).toBeVisible();
  await expect(headers.filter({ hasText: "Held Over Limit" })).toBeVisible();
  // Beta holds both tasks given today: held 0 working days so far, none over a limit.
  const cells = reportRow(page, BETA).getByRole("cell");
  const names = await headers.allTextContents();
  await expect(cells.nth(names.indexOf("Files Held"))).toHaveText("2");
  await expect(cells.nth(names.indexOf("Avg. Working Days Held"))).toHaveText("0");
  await expect(cells.nth(names.indexOf("Held Over Limit"))).toHaveText("0");
});

test("Export CSV downloads the table with a title line", async ({ page }) => {
  await openReports(page);
  await expect(reportRow(page, ALPHA)).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(
    `performance-report-${THIRTY_DAYS_FROM}-to-${TODAY}.csv`,
  );

  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").split("\r\n");
  expect(lines[0]).toBe(`"Performance Reports, ${THIRTY_DAYS_FROM} to ${TODAY}"`);
  expect(lines[1]).toBe(
    "User,Email,Total,Completed,In Progress,Over Due,Completion Rate,On Time,On Time (Original Due Date),Extensions Granted,Decisions Complied,Avg. Days,Files Held,Avg. Working Days Held,Held Over Limit,Trend,Performance",
  );
  expect(lines).toContain(`${ALPHA},,3,2,1,0,67%,50%,50%,0,N/A,10,3,0,0,—,Good`);
  expect(lines).toContain(`${BETA},,2,1,0,1,50%,0%,0%,0,N/A,20,2,0,0,—,Average`);
});

test("Print Report prints the title and the period without the app around it", async ({ page }) => {
  await page.addInitScript(() => {
    const counted = window as Window & { printCalls?: number };
    counted.printCalls = 0;
    window.print = () => {
      counted.printCalls = (counted.printCalls ?? 0) + 1;
    };
  });
  await openReports(page, "?range=90");
  await expect(reportRow(page, ALPHA)).toBeVisible();

  await page.getByRole("button", { name: "Print Report" }).click();
  expect(await page.evaluate(() => (window as Window & { printCalls?: number }).printCalls)).toBe(
    1,
  );

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("heading", { name: "Performance Reports", level: 1 })).toBeVisible();
  await expect(
    page.getByText(`${formatDisplayDate(daysAgo(90))} – ${formatDisplayDate(TODAY)}`),
  ).toBeVisible();
  await expect(page.getByText("Date range: Last 90 days")).toBeVisible();
  await expect(reportRow(page, ALPHA)).toBeVisible();
  await expect(page.getByRole("button", { name: "Print Report" })).toBeHidden();
  await expect(page.getByRole("combobox", { name: "Date range" })).toBeHidden();
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("link", { name: "Manage Tasks" })).toBeHidden();

  await page.emulateMedia({ media: "screen" });
  await expect(page.getByText("Date range: Last 90 days")).toBeHidden();
  await expect(page.getByRole("link", { name: "Manage Tasks" })).toBeVisible();
});

test("a person's name opens their tasks assigned in the report's period", async ({ page }) => {
  await openReports(page, "?range=7");
  await reportTable(page).getByRole("link", { name: ALPHA }).click();
  await expect(page).toHaveURL(
    `${E2E_BASE_URL}/admin/manage-tasks?assignedUser=${alphaId}&assignDateFrom=${daysAgo(7)}&assignDateTo=${TODAY}`,
  );
});

test("the report works at 360 px wide and has no accessibility violations", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openReports(page);
  await expect(reportRow(page, ALPHA)).toBeVisible();

  await expectFits(page, 360, "Performance Reports");
  const region = page.getByRole("region", { name: "Performance by user" });
  const isScrollable = await region.evaluate((box) => box.scrollWidth > box.clientWidth);
  expect(isScrollable).toBe(true);

  await expectNoViolations(page, "Performance Reports at 360 px");
});
