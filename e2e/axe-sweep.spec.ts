import { type Browser, expect, type Page, test } from "@playwright/test";
import { addDays } from "../src/shared/dates";
import { ENGAGEMENT_MESSAGES } from "../src/shared/engagements";
import { said } from "../src/shared/i18n/server-instance";
import { REPORT_MESSAGES } from "../src/shared/reports";
import { checkDialog, DESKTOP, expectNoSeriousViolations, PHONE } from "./support/axe";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import {
  type Account,
  createAccount,
  createEngagement,
  createTask,
  signedInPage,
  unique,
} from "./support/records";

// Every page and dialog of the app, checked by axe for critical and serious violations. The
// specs of each feature check behaviour; this one only looks, so it shares one set of records
// and one signed-in browser context per role.
test.describe.configure({ mode: "serial" });

/** Goes to a page and waits for its heading before checking it. */
async function checkPage(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, path);
}

/** The assignee's task page once its progress form has loaded. */
async function checkTaskPage(page: Page) {
  await page.goto(`/task/${task.id}`);
  await expect(page.getByRole("heading", { name: task.subject })).toBeVisible();
  await expect(page.getByLabel("Update Task Progress")).toBeVisible();
  await expectNoSeriousViolations(page, "task page with its progress form");
}

let admin: Page;
let assigneePage: Page;
let headPage: Page;
let assignee: Account;
let task: { id: string; subject: string };
let engagementSubject: string;

async function adminPage(browser: Browser) {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  return page;
}

test.beforeAll(async ({ browser }) => {
  admin = await adminPage(browser);
  assignee = await createAccount(admin, unique("Axe Assignee"));
  const head = await createAccount(admin, unique("Axe Head"), "organization_head");
  const today = await serverToday(admin);
  const subject = unique("Axe task");
  const created = await createTask(
    admin,
    { subject, assignedTo: assignee.id, assignDate: today, dueDate: addDays(today, 3) },
    true,
  );
  task = { id: created.id, subject };
  engagementSubject = unique("Axe engagement");
  await createEngagement(admin, { subject: engagementSubject, date: today });
  assigneePage = await signedInPage(browser, assignee);
  headPage = await signedInPage(browser, head);
});

test.afterAll(async () => {
  for (const page of [admin, assigneePage, headPage]) await page?.context().close();
});

test("the sign-in, sign-up, reset and not-found pages", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/auth");
  await expect(page.getByLabel("User ID or Email")).toBeVisible();
  await expectNoSeriousViolations(page, "sign in");

  await page.getByRole("tab", { name: "Sign Up" }).click();
  await expect(page.getByLabel("Full Name")).toBeVisible();
  await expectNoSeriousViolations(page, "sign up");

  await page.getByRole("tab", { name: "Sign In" }).click();
  await page.getByRole("button", { name: "Forgot Password?" }).click();
  await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible();
  await expectNoSeriousViolations(page, "forgot password");

  await page.goto("/auth?token=not-a-real-token");
  await expect(page.getByLabel("New Password", { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, "set new password");

  await page.setViewportSize(PHONE);
  await page.goto("/auth");
  await expect(page.getByLabel("User ID or Email")).toBeVisible();
  await expectNoSeriousViolations(page, "sign in at 360 px");

  await page.setViewportSize(DESKTOP);
  await checkPage(page, "/no-such-page", "404");
});

test("the admin's pages", async () => {
  test.setTimeout(120_000);
  await checkPage(admin, "/dashboard", "Task Manager Dashboard");
  await checkPage(admin, "/admin", "Admin Dashboard");
  await checkPage(admin, `/admin/manage-tasks?assignedUser=${assignee.id}`, "Manage Tasks");
  await checkPage(admin, `/admin/manage-users?search=${assignee.userId}`, "User Management");
  await admin.getByRole("tab", { name: "Pending" }).click();
  await expect(admin.getByRole("tab", { name: "Pending" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expectNoSeriousViolations(admin, "manage users, Pending tab");
  await checkPage(admin, "/admin/reports", said(REPORT_MESSAGES.title));
  await checkPage(admin, "/admin/manage-engagements", "Manage Engagements");
  await checkPage(admin, "/admin/engagement-chart", said(ENGAGEMENT_MESSAGES.chartTitle));
});

test("filled filters, whose clear buttons are icons", async () => {
  const today = await serverToday(admin);
  await admin.goto(
    `/admin/manage-tasks?assignedUser=${assignee.id}&dueDate=${addDays(today, 3)}` +
      `&assignDateFrom=${today}&assignDateTo=${today}`,
  );
  // Mantine hides a select's own clear button from assistive technology (and from Tab): the
  // option list deselects instead. The date fields' and the range's clear buttons are real.
  for (const name of ["Clear Due Date", "Remove assign date range"]) {
    await expect(admin.getByRole("button", { name })).toBeVisible();
  }
  await expectNoSeriousViolations(admin, "task filters in force");

  await admin.goto(`/admin/manage-engagements?venue=HED+Committee+Room&date=${today}`);
  await expect(admin.getByRole("button", { name: "Clear Date" })).toBeVisible();
  await expectNoSeriousViolations(admin, "engagement filters in force");
});

test("the admin's dialogs", async () => {
  test.setTimeout(180_000);
  await admin.goto(`/admin/manage-tasks?assignedUser=${assignee.id}`);
  const row = admin.getByRole("table", { name: "Tasks" }).getByRole("row").filter({
    hasText: task.subject,
  });
  await checkDialog(
    admin,
    admin.getByRole("button", { name: "Create New Task" }),
    "Create New Task",
  );
  await checkDialog(
    admin,
    row.getByRole("button", { name: `View ${task.subject}` }),
    "Task Details",
  );
  await checkDialog(admin, row.getByRole("button", { name: `Edit ${task.subject}` }), "Edit Task");
  // Mark Completed lives on the admin dashboard's list.
  await admin.goto(`/admin?assignedUser=${assignee.id}`);
  await checkDialog(
    admin,
    admin.getByRole("button", { name: `Mark Completed ${task.subject}` }),
    "Mark Completed",
  );

  await admin.goto(`/admin/manage-users?search=${assignee.userId}`);
  const name = assignee.fullName;
  await checkDialog(
    admin,
    admin.getByRole("button", { name: "Create New User" }),
    "Create New User",
  );
  await checkDialog(admin, admin.getByRole("button", { name: `Edit ${name}` }), "Edit User");
  await checkDialog(
    admin,
    admin.getByRole("button", { name: `Change password for ${name}` }),
    "Change Password",
  );
  await checkDialog(admin, admin.getByRole("button", { name: `Delete ${name}` }), "Delete User");

  await admin.goto(`/admin/manage-engagements?search=${encodeURIComponent(engagementSubject)}`);
  await checkDialog(
    admin,
    admin.getByRole("button", { name: "Create New Engagement" }),
    "Create New Engagement",
  );
  await checkDialog(
    admin,
    admin.getByRole("button", { name: `View ${engagementSubject}` }),
    "Engagement Details",
  );
  await checkDialog(
    admin,
    admin.getByRole("button", { name: `Edit ${engagementSubject}` }),
    "Edit Engagement",
  );

  await admin.goto("/admin/engagement-chart");
  await checkDialog(
    admin,
    admin.getByRole("button", { name: "Subscribe in calendar" }),
    "Subscribe in calendar",
  );
});

test("the assignee's pages, the progress form included", async () => {
  await assigneePage.setViewportSize(DESKTOP);
  await checkPage(assigneePage, "/dashboard", "Task Manager Dashboard");
  await checkPage(assigneePage, "/user/dashboard", "My Tasks");
  await checkTaskPage(assigneePage);
  await checkPage(assigneePage, "/user/engagement-chart", said(ENGAGEMENT_MESSAGES.chartTitle));
});

test("the organization head's pages", async () => {
  await headPage.setViewportSize(DESKTOP);
  await checkPage(headPage, "/dashboard", "Task Manager Dashboard");
  await checkPage(headPage, "/organization/dashboard", "Tasks");
});

test("the main lists at 360 px", async () => {
  test.setTimeout(120_000);
  await admin.setViewportSize(PHONE);
  await checkPage(admin, `/admin/manage-tasks?assignedUser=${assignee.id}`, "Manage Tasks");
  await checkPage(admin, "/admin/manage-users", "User Management");
  await checkPage(admin, "/admin/manage-engagements", "Manage Engagements");
  await checkPage(admin, "/admin/reports", said(REPORT_MESSAGES.title));
  await checkPage(admin, "/admin/engagement-chart", said(ENGAGEMENT_MESSAGES.chartTitle));
  await assigneePage.setViewportSize(PHONE);
  await checkPage(assigneePage, "/user/dashboard", "My Tasks");
  await checkTaskPage(assigneePage);
  await headPage.setViewportSize(PHONE);
  await checkPage(headPage, "/organization/dashboard", "Tasks");
  await headPage.getByRole("button", { name: "Filters" }).click();
  await expect(headPage.getByRole("group", { name: "Filter tasks" })).toBeVisible();
  await expectNoSeriousViolations(headPage, "filters opened at 360 px");
  await checkDialog(headPage, headPage.getByRole("button", { name: "Toggle Sidebar" }), "Menu");
});
