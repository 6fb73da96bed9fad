import { expect, type Page, test } from "@playwright/test";
import { format, parseISO } from "date-fns";
import { addDays, formatDisplayDate } from "../src/shared/dates";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { createAccount, createTask, unique } from "./support/records";

const TYPED_DATE_ERROR = "Please enter a valid date, e.g. 22/11/2026";

/** yyyy-MM-dd as an office worker types it: 22/11/2026. */
const dayFirst = (isoDate: string, separator = "/") =>
  format(parseISO(isoDate), `dd${separator}MM${separator}yyyy`);

function rowOf(page: Page, subject: string) {
  return page.getByRole("table", { name: "Tasks" }).getByRole("row").filter({ hasText: subject });
}

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
});

test("Create New Task takes typed dates, and the task shows them", async ({ page }) => {
  const assignee = await createAccount(page, unique("Typed Dates"));
  const subject = unique("Typed due date");
  const today = await serverToday(page);
  const assignDate = addDays(today, 1);
  const dueDate = addDays(today, 40);

  await page.goto("/admin");
  await page.getByRole("button", { name: "Create New Task" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Task" });
  await dialog.getByRole("textbox", { name: "Subject" }).fill(subject);
  await dialog.getByRole("combobox", { name: "Assign To" }).fill(assignee.fullName);
  await page.getByRole("option", { name: assignee.fullName }).click();

  // Typing straight onto the field opens its calendar with the typed date in the box above it.
  const assignField = dialog.getByRole("button", { name: "Assign Date" });
  await assignField.focus();
  await page.keyboard.type(assignDate);
  await expect(page.getByRole("textbox", { name: "Type a date" })).toHaveValue(assignDate);
  await page.keyboard.press("Enter");
  await expect(assignField).toHaveText(formatDisplayDate(assignDate));
  await expect(assignField).toBeFocused();

  // Clicking the field and typing day first, as dates are written in the office.
  const dueField = dialog.getByRole("button", { name: "Due Date" });
  await dueField.click();
  const typedBox = page.getByRole("textbox", { name: "Type a date" });
  await expect(typedBox).toBeFocused();
  await typedBox.fill(dayFirst(dueDate));
  await typedBox.press("Enter");
  await expect(dueField).toHaveText(formatDisplayDate(dueDate));

  await dialog.getByRole("button", { name: "Create Task" }).click();
  await expect(page.getByText("Task created successfully")).toBeVisible();
  const row = rowOf(page, subject);
  await expect(row).toContainText(formatDisplayDate(assignDate));
  await expect(row).toContainText(formatDisplayDate(dueDate));
});

test("a typed date that does not exist is refused, and the form carries on", async ({ page }) => {
  const today = await serverToday(page);
  await page.goto("/admin");
  await page.getByRole("button", { name: "Create New Task" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Task" });
  const assignField = dialog.getByRole("button", { name: "Assign Date" });
  await expect(assignField).toHaveText(formatDisplayDate(today));

  await assignField.click();
  const typedBox = page.getByRole("textbox", { name: "Type a date" });
  await typedBox.fill("31/02/2026");
  await typedBox.press("Enter");
  await expect(page.getByText(TYPED_DATE_ERROR)).toBeVisible();
  await expect(typedBox).toHaveAttribute("aria-invalid", "true");

  // Escape closes the calendar alone: the dialog and its date stay.
  await page.keyboard.press("Escape");
  await expect(typedBox).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(assignField).toHaveText(formatDisplayDate(today));
  await expect(assignField).toBeFocused();

  // The display format itself is read back too.
  await assignField.click();
  await typedBox.fill(formatDisplayDate(addDays(today, 3)));
  await typedBox.press("Enter");
  await expect(assignField).toHaveText(formatDisplayDate(addDays(today, 3)));
});

test("a typed date filters the task list", async ({ page }) => {
  const assignee = await createAccount(page, unique("Filter Typist"));
  const today = await serverToday(page);
  const dueSoon = { subject: unique("Due on the typed day"), dueDate: addDays(today, 12) };
  const dueLater = { subject: unique("Due another day"), dueDate: addDays(today, 13) };
  for (const task of [dueSoon, dueLater]) {
    await createTask(page, { ...task, assignedTo: assignee.id, assignDate: today });
  }

  await page.goto(`/admin?assignedUser=${assignee.id}`);
  await expect(rowOf(page, dueLater.subject)).toBeVisible();
  await page.getByRole("button", { name: "Due Date" }).click();
  const typedBox = page.getByRole("textbox", { name: "Type a date" });
  await typedBox.fill(dayFirst(dueSoon.dueDate, "-"));
  await typedBox.press("Enter");

  await expect(page).toHaveURL(new RegExp(`dueDate=${dueSoon.dueDate}`));
  await expect(rowOf(page, dueSoon.subject)).toBeVisible();
  await expect(rowOf(page, dueLater.subject)).toHaveCount(0);
});
