import { expect, type Locator, type Page, test } from "@playwright/test";
import { addDays, formatDisplayDate } from "../src/shared/dates";
import { ENGAGEMENT_MESSAGES } from "../src/shared/engagements";
import { said } from "../src/shared/i18n/server-instance";
import { TASK_MESSAGES } from "../src/shared/tasks";
import { PDF_BYTES } from "../tests/helpers/files";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { createAccount, createTask, signedInPage, unique } from "./support/records";

// The jobs of SPEC.md done with the keyboard alone: once a page has loaded, these tests only
// press keys and type. dialog-focus.spec.ts covers where focus lands in dialogs and the
// calendar; these go through each job to its end.

/** The most Tab presses any control here is away from the last one. */
const MAX_TABS = 60;

/** Presses Tab until the target has focus, as a keyboard user would; fails if it never does. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/** The toast saying so: the live region's text. */
function toast(page: Page, text: string) {
  return page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: text });
}

test("signing in", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();

  await tabTo(page, page.getByLabel("User ID or Email"));
  await page.keyboard.type(ADMIN.userId);
  await tabTo(page, page.getByLabel("Password", { exact: true }));
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an admin creates a task: typed dates, a chosen assignee, submitted with Enter", async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const assignee = await createAccount(page, unique("Keyboard Assignee"));
  const today = await serverToday(page);
  const dueDate = addDays(today, 9);
  const subject = unique("Typed from the keyboard");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

  await tabTo(page, page.getByRole("button", { name: "Create New Task" }));
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Create New Task" });
  await expect(dialog.getByRole("textbox", { name: "Subject" })).toBeFocused();
  await page.keyboard.type(subject);

  await tabTo(page, dialog.getByRole("combobox", { name: "Assign To" }));
  await page.keyboard.type(assignee.fullName);
  await expect(page.getByRole("option", { name: assignee.fullName })).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("combobox", { name: "Assign To" })).toHaveValue(
    new RegExp(`^${assignee.fullName} `),
  );

  // Typing onto the date field opens its calendar with the typed box holding the text.
  const dueField = dialog.getByRole("button", { name: "Due Date" });
  await tabTo(page, dueField);
  await page.keyboard.type(dueDate);
  await page.keyboard.press("Enter");
  await expect(dueField).toContainText(formatDisplayDate(dueDate));
  await expect(dueField).toBeFocused();

  await tabTo(page, dialog.getByRole("button", { name: "Create Task" }));
  await page.keyboard.press("Enter");

  await expect(toast(page, said(TASK_MESSAGES.created))).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("table", { name: "Tasks" }).getByRole("row").filter({
    hasText: subject,
  });
  await expect(row).toContainText(assignee.fullName);
  await expect(row).toContainText(formatDisplayDate(dueDate));
});

test("an admin marks a task completed: Tab to the row's button, Yes in the confirmation", async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const assignee = await createAccount(page, unique("Keyboard Completer"));
  const today = await serverToday(page);
  const subject = unique("Finish by keyboard");
  await createTask(page, {
    subject,
    assignedTo: assignee.id,
    assignDate: today,
    dueDate: addDays(today, 2),
  });
  await page.goto(`/admin?assignedUser=${assignee.id}`);
  const row = page.getByRole("table", { name: "Tasks" }).getByRole("row").filter({
    hasText: subject,
  });
  await expect(row).toBeVisible();

  await tabTo(page, row.getByRole("button", { name: `Mark Completed ${subject}` }));
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Mark Completed" });
  await tabTo(page, confirm.getByRole("button", { name: "Yes" }));
  await page.keyboard.press("Enter");

  await expect(toast(page, said(TASK_MESSAGES.markedCompleted))).toBeVisible();
  await expect(row).toContainText("completed");
});

test("an assignee reports progress with a file", async ({ browser, page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const assignee = await createAccount(page, unique("Keyboard Reporter"));
  const today = await serverToday(page);
  const { id } = await createTask(page, {
    subject: unique("Report by keyboard"),
    assignedTo: assignee.id,
    assignDate: today,
    dueDate: addDays(today, 4),
  });
  const user = await signedInPage(browser, assignee);
  await user.goto(`/task/${id}`);
  await expect(user.getByLabel("Update Task Progress")).toBeVisible();

  await tabTo(user, user.getByLabel("Update Task Progress"));
  await user.keyboard.type("Reply drafted and sent for vetting");

  // The file field opens the system's file dialog, which no test can drive; Enter on the field
  // opens it (proving the field works from the keyboard) and the test answers it with a file.
  // Waiting for the chooser asks the browser to intercept it; a key press goes to the browser
  // by another route and could overtake that request (seen under load: no chooser event), so
  // the wait starts before the Tab presses, whose focus checks are round trips to the page.
  const chooser = user.waitForEvent("filechooser");
  await tabTo(user, user.getByRole("button", { name: "Response File" }));
  await user.keyboard.press("Enter");
  await (await chooser).setFiles({
    name: "vetting.pdf",
    mimeType: "application/pdf",
    buffer: PDF_BYTES,
  });

  await tabTo(user, user.getByRole("button", { name: "Update Task" }));
  await user.keyboard.press("Enter");

  await expect(user.getByRole("link", { name: /vetting\.pdf/ })).toBeVisible();
  await expect(user.getByLabel("Update Task Progress")).toHaveValue(
    "Reply drafted and sent for vetting",
  );
  await user.context().close();
});

test("an admin creates an engagement", async ({ page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const today = await serverToday(page);
  const date = addDays(today, 6);
  const subject = unique("Keyboard meeting");
  await page.goto("/admin/manage-engagements");
  await expect(page.getByRole("heading", { name: "Manage Engagements" })).toBeVisible();

  await tabTo(page, page.getByRole("button", { name: "Create New Engagement" }));
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Create New Engagement" });
  const dateField = dialog.getByRole("button", { name: "Date" });
  await expect(dateField).toBeFocused();
  await page.keyboard.type(date);
  await page.keyboard.press("Enter");
  await expect(dateField).toContainText(formatDisplayDate(date));

  await tabTo(page, dialog.getByLabel("Time"));
  await page.keyboard.type("1130AM");
  await tabTo(page, dialog.getByRole("textbox", { name: "Subject" }));
  await page.keyboard.type(subject);
  const venue = dialog.getByRole("combobox", { name: "Venue" });
  await tabTo(page, venue);
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("listbox")).toBeVisible();
  // Mantine's Select highlights an option when the list opens, but the option Enter would pick
  // is settled by timers that race the list's first render (mantinedev/mantine#6978; seen under
  // load: the first option shown highlighted, Enter picking nothing). With the list open, an
  // arrow key moves the highlight and what Enter picks in the same step.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(venue).not.toHaveValue("");
  await tabTo(page, dialog.getByRole("textbox", { name: "In Attendance" }));
  await page.keyboard.type("Secretary HED");

  await tabTo(page, dialog.getByRole("button", { name: "Create Engagement" }));
  await page.keyboard.press("Enter");

  await expect(toast(page, said(ENGAGEMENT_MESSAGES.created))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole("table", { name: "Engagements" }).getByRole("row").filter({ hasText: subject }),
  ).toContainText("11:30");
});
