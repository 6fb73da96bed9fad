import { expect, type Locator, type Page, test } from "@playwright/test";
import { addDays, formatDisplayDate, parseTypedDate } from "../src/shared/dates";
import { expectNoViolations } from "./support/axe";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { createAccount, createTask, ORIGIN, signedInPage, unique } from "./support/records";

// /dashboard is where every sign-in lands: the role card, the person's figures (the
// department's for heads and admins) and the next five open tasks, with the role's sidebar.

function sidebarLink(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Sidebar" }).getByRole("link", { name });
}

/** A stat card, found by its Show button: its title, its count, then Show. */
function statCard(page: Page, title: string) {
  return page.getByRole("link", { name: `Show ${title}` }).locator("xpath=..");
}

function dueNext(page: Page): Locator {
  return page.getByRole("list", { name: "Due Next" }).getByRole("listitem");
}

/** The due dates the Due Next list shows, as yyyy-MM-dd. */
async function dueDatesShown(page: Page): Promise<string[]> {
  const items = await dueNext(page).allTextContents();
  return items.map(
    (text) => parseTypedDate(/Due (\w{3} \d{2}, \d{4})/.exec(text)?.[1] ?? "") ?? "",
  );
}

/** Five open tasks for a new account, so the department's Due Next list is full. */
async function fillTheDepartment(admin: Page) {
  const account = await createAccount(admin, unique("Department Member"));
  const today = await serverToday(admin);
  for (let due = 1; due <= 5; due += 1) {
    await createTask(admin, {
      subject: unique("Department task"),
      assignedTo: account.id,
      assignDate: today,
      dueDate: addDays(today, due),
    });
  }
}

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
});

test("a user lands on their own figures and next five tasks, each a link", async ({
  page: admin,
  browser,
}) => {
  const account = await createAccount(admin, unique("Landing User"));
  const today = await serverToday(admin);
  const task = (subject: string, due: number) =>
    createTask(admin, {
      subject,
      assignedTo: account.id,
      assignDate: addDays(today, -5),
      dueDate: addDays(today, due),
    });
  // Made out of order: the list follows the due dates.
  const subjects = Array.from({ length: 6 }, (_, index) => unique(`Due ${index + 1}`));
  await task(subjects[2], 3);
  await task(subjects[0], -2);
  await task(subjects[5], 20);
  await task(subjects[3], 5);
  await task(subjects[1], 1);
  await task(subjects[4], 10);
  const done = await task(unique("Already done"), -3);
  const completed = await admin.request.post(`/api/tasks/${done.id}/complete`, {
    headers: ORIGIN,
  });
  expect(completed.status()).toBe(200);

  const page = await signedInPage(browser, account);
  await page.goto("/");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Task Manager Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "View My Tasks" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your Figures" })).toBeVisible();
  await expect(statCard(page, "Total")).toHaveText(/^Total7Show$/);
  await expect(statCard(page, "Completed")).toHaveText(/^Completed1Show$/);
  await expect(statCard(page, "In Progress")).toHaveText(/^In Progress5Show$/);
  await expect(statCard(page, "Over Due")).toHaveText(/^Over Due1Show$/);

  await expect(dueNext(page)).toHaveText(
    subjects.slice(0, 5).map((subject) => new RegExp(subject)),
  );
  await expect(dueNext(page).first()).toContainText("Over Due");
  await expect(dueNext(page).nth(1)).toContainText(`Due ${formatDisplayDate(addDays(today, 1))}`);

  await expect(sidebarLink(page, "My Dashboard")).toHaveAttribute("aria-current", "page");
  await expectNoViolations(page, "My Dashboard");

  await dueNext(page).nth(1).getByRole("link", { name: subjects[1] }).click();
  await expect(page).toHaveURL(/\/task\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: subjects[1] })).toBeVisible();
  await expect(sidebarLink(page, "Assigned Tasks")).toHaveAttribute("aria-current", "page");

  await sidebarLink(page, "My Dashboard").click();
  await page.getByRole("link", { name: "Show Over Due" }).click();
  await expect(page).toHaveURL(/\/user\/dashboard\?status=overdue$/);
  const tasks = page.getByRole("table", { name: "Tasks" });
  await expect(tasks.getByRole("row").filter({ hasText: subjects[0] })).toBeVisible();
  await expect(tasks.getByRole("row").filter({ hasText: subjects[1] })).toHaveCount(0);
  await page.context().close();
});

test("an organization head lands on the department's figures and next tasks", async ({
  page: admin,
  browser,
}) => {
  await fillTheDepartment(admin);
  const head = await signedInPage(
    browser,
    await createAccount(admin, unique("Landing Head"), "organization_head"),
  );
  await head.goto("/dashboard");
  await expect(head.getByText("Organization Overview")).toBeVisible();
  await expect(head.getByRole("heading", { name: "Department Figures" })).toBeVisible();
  await expect(statCard(head, "Total")).toHaveText(/^Total\d+Show$/);
  await expect(dueNext(head)).toHaveCount(5);
  const dates = await dueDatesShown(head);
  expect(dates).toEqual([...dates].sort());
  expect(dates.every(Boolean)).toBe(true);
  await expect(sidebarLink(head, "Tasks Page")).toBeVisible();

  await head.getByRole("link", { name: "Show Completed" }).click();
  await expect(head).toHaveURL(/\/organization\/dashboard\?status=completed$/);
  await expect(head.getByRole("heading", { name: "Tasks", exact: true })).toBeVisible();

  await head.goto("/tasks");
  await expect(sidebarLink(head, "Tasks Page")).toHaveAttribute("aria-current", "page");
  await head.context().close();
});

test("an admin lands on the department's figures, next tasks and the admin sidebar", async ({
  page,
}) => {
  await fillTheDepartment(page);
  await page.goto("/dashboard");
  await expect(page.getByText("Admin Controls")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Department Figures" })).toBeVisible();
  await expect(statCard(page, "In Progress")).toHaveText(/^In Progress\d+Show$/);
  await expect(dueNext(page)).toHaveCount(5);
  const dates = await dueDatesShown(page);
  expect(dates).toEqual([...dates].sort());
  await expect(sidebarLink(page, "Manage Users")).toBeVisible();

  const first = dueNext(page).first().getByRole("link");
  const subject = await first.textContent();
  await first.click();
  await expect(page).toHaveURL(/\/task\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: subject ?? "" })).toBeVisible();
  await expect(sidebarLink(page, "Manage Tasks")).toHaveAttribute("aria-current", "page");

  await page.goBack();
  await page.getByRole("link", { name: "Show In Progress" }).click();
  await expect(page).toHaveURL(/\/admin\?status=in_progress$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
});
