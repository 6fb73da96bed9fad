import { expect, type Locator, type Page, test } from "@playwright/test";
import { addDays } from "../src/shared/dates";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { createAccount, createTask, unique } from "./support/records";

/** A task assigned to a new user, due in two days, through the API. */
async function createTaskFor(page: Page, subject: string) {
  const assignee = await createAccount(page, unique("Focus Tester"));
  const today = await serverToday(page);
  await createTask(page, {
    subject,
    assignedTo: assignee.id,
    assignDate: today,
    dueDate: addDays(today, 2),
  });
}

function holdsFocus(region: Locator): Promise<boolean> {
  return region.evaluate((element) => element.contains(document.activeElement));
}

/** Opens Create New Task from the keyboard on the admin dashboard; resolves to the dialog. */
async function openCreateTaskByKeyboard(page: Page) {
  await page.goto("/admin");
  await page.getByRole("button", { name: "Create New Task" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Create New Task" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
});

test("Create New Task opens on Subject on a fresh page load, so typed spaces stay in it", async ({
  page,
}) => {
  // The form waits for the server's settings; slow them down so the dialog opens before they
  // arrive, as it does on a fresh page load over a real network.
  await page.route("**/api/public-config", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  const dialog = await openCreateTaskByKeyboard(page);
  const subject = dialog.getByRole("textbox", { name: "Subject" });

  await expect(subject).toBeFocused();
  await page.keyboard.type("Collect the survey forms");

  await expect(dialog).toBeVisible();
  await expect(subject).toHaveValue("Collect the survey forms");
});

test("a confirmation opened from the keyboard starts on No, so Enter does not confirm", async ({
  page,
}) => {
  const subject = unique("Keep this task open");
  await createTaskFor(page, subject);
  await page.goto("/admin");
  const row = page.getByRole("table", { name: "Tasks" }).getByRole("row").filter({
    hasText: subject,
  });
  await row.getByRole("button", { name: `Mark Completed ${subject}` }).focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Mark Completed" });

  await expect(confirm.getByRole("button", { name: "No" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(confirm).toBeHidden();
  await expect(row).toContainText("In Progress");
});

test("picking a date from the keyboard keeps focus inside the dialog", async ({ page }) => {
  const dialog = await openCreateTaskByKeyboard(page);
  await dialog.getByRole("textbox", { name: "Subject" }).focus();
  const dueDate = dialog.getByRole("button", { name: "Due Date" });
  const calendar = page.getByRole("dialog", { name: "Due Date" });

  // Tab from Subject to Due Date, never leaving the dialog.
  for (let presses = 0; presses < 10 && !(await holdsFocus(dueDate)); presses += 1) {
    await page.keyboard.press("Tab");
    expect(await holdsFocus(dialog)).toBe(true);
  }
  await expect(dueDate).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(calendar).toBeVisible();

  // Tab through the calendar's controls to its first choosable day, and take it with Enter.
  const isOnDay = () =>
    page.evaluate(() => /^\d{1,2} \w+ \d{4}$/.test(document.activeElement?.ariaLabel ?? ""));
  for (let presses = 0; presses < 6 && !(await isOnDay()); presses += 1) {
    await page.keyboard.press("Tab");
    expect(await holdsFocus(calendar)).toBe(true);
  }
  expect(await isOnDay()).toBe(true);
  await page.keyboard.press("Enter");

  await expect(calendar).toBeHidden();
  await expect(dueDate).toContainText(/\w{3} \d{2}, \d{4}/);
  await expect(dueDate).toBeFocused();
  for (let presses = 0; presses < 4; presses += 1) {
    await page.keyboard.press("Tab");
    expect(await holdsFocus(dialog)).toBe(true);
  }
});

test("after Yes on Mark Completed, focus stays in the task table", async ({ page }) => {
  const subject = unique("Complete from the keyboard");
  await createTaskFor(page, subject);
  await page.goto("/admin");
  const table = page.getByRole("table", { name: "Tasks" });
  const row = table.getByRole("row").filter({ hasText: subject });
  const markCompleted = row.getByRole("button", { name: `Mark Completed ${subject}` });
  await markCompleted.focus();
  await page.keyboard.press("Enter");
  const yes = page.getByRole("dialog", { name: "Mark Completed" }).getByRole("button", {
    name: "Yes",
  });
  for (let presses = 0; presses < 3 && !(await holdsFocus(yes)); presses += 1) {
    await page.keyboard.press("Tab");
  }
  await expect(yes).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(markCompleted).toHaveCount(0);
  await expect(row).toContainText("completed");
  await expect.poll(() => holdsFocus(table)).toBe(true);
});
