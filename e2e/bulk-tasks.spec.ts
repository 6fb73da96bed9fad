import { expect, test } from "@playwright/test";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { createAccount, createTask, unique } from "./support/records";

test("an admin reassigns three tasks in bulk on Manage Tasks", async ({ page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const holder = await createAccount(page, unique("Bulk Holder"));
  const amina = await createAccount(page, unique("Amina Qureshi"));
  // An assign date of their own keeps these three alone in the filtered list, whoever holds them.
  const assignDate = `2021-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
  const subjects = ["Budget note", "College audit", "Hiring plan"].map((words) => unique(words));
  for (const subject of subjects)
    await createTask(page, { subject, assignedTo: holder.id, assignDate, dueDate: "2031-01-15" });

  await page.goto(`/admin/manage-tasks?assignDate=${assignDate}`);
  const table = page.getByRole("table", { name: "Tasks" });
  for (const subject of subjects)
    await table.getByRole("checkbox", { name: `Select ${subject}` }).check();
  const bar = page.getByRole("region", { name: "Bulk actions" });
  await expect(bar.getByText("3 tasks selected")).toBeVisible();
  await expect(bar.getByRole("checkbox", { name: "Select all tasks on this page" })).toBeChecked();

  await bar.getByRole("button", { name: "Reassign" }).click();
  const dialog = page.getByRole("dialog", { name: "Reassign 3 tasks" });
  await dialog.getByRole("combobox", { name: "Assign To" }).fill(amina.fullName);
  await page.getByRole("option", { name: amina.fullName }).click();
  await dialog.getByRole("button", { name: "Reassign" }).click();

  await expect(page.getByText(`3 tasks reassigned to ${amina.fullName}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  for (const subject of subjects)
    await expect(table.getByRole("row").filter({ hasText: subject })).toContainText(amina.fullName);
  // The selection is gone with the action done.
  await expect(bar.getByText("3 tasks selected")).toBeHidden();
  await expect(table.getByRole("checkbox", { name: `Select ${subjects[0]}` })).not.toBeChecked();
});
