import { expect, type Page, test } from "@playwright/test";
import type { MessageKey } from "../src/shared/i18n/message";
import { said } from "../src/shared/i18n/server-instance";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { createAccount, PASSWORD, unique } from "./support/records";

/** The Urdu of a catalog key, as the page shows it. */
const ur = (key: MessageKey) => said(key, "ur");

const DESIGNATION = "Section Officer (General)";
const DESIGNATION_UR = "سیکشن آفیسر (جنرل)";

/** Opens Create New Task (its English or Urdu name) and types `name` into Assign To. */
async function pickAssignee(page: Page, dialogName: string, assignTo: string, name: string) {
  await page.getByRole("button", { name: dialogName }).click();
  const dialog = page.getByRole("dialog", { name: dialogName });
  await dialog.getByRole("combobox", { name: assignTo }).fill(name);
  return dialog;
}

test("an admin gives an account a designation in English and Urdu, shown in the users table and the assignee picker in each language", async ({
  page,
  browser,
}) => {
  // An administrator of its own: switching its pages to Urdu leaves the shared admin's alone.
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const account = await createAccount(page, unique("Designations Admin"), "admin");
  const officer = await createAccount(page, unique("Sana Officer"));

  const admin = await (await browser.newContext({ locale: "en-US" })).newPage();
  await signInThroughApi(admin, account.userId, PASSWORD);
  await admin.goto(`/admin/manage-users?search=${officer.userId}`);
  await admin.getByRole("button", { name: `Edit ${officer.fullName}` }).click();
  const dialog = admin.getByRole("dialog", { name: "Edit User" });
  await dialog.getByRole("textbox", { name: "Designation", exact: true }).fill(DESIGNATION);
  const urduField = dialog.getByRole("textbox", { name: "Designation (Urdu)" });
  // Typed right to left whatever the page's language (dir="rtl" on the field's box).
  await expect(urduField).toHaveCSS("direction", "rtl");
  await urduField.fill(DESIGNATION_UR);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(admin.getByText("User updated successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  const users = admin.getByRole("table", { name: "Users" });
  const row = users.getByRole("row", { name: new RegExp(officer.userId) });
  await expect(row).toContainText(officer.fullName);
  await expect(row).toContainText(DESIGNATION);

  // Every picker names the person with their designation: here Create Task's Assign To.
  await admin.goto("/admin");
  const create = await pickAssignee(admin, "Create New Task", "Assign To", officer.fullName);
  await expect(
    admin.getByRole("option", { name: `${officer.fullName} (${officer.userId}), ${DESIGNATION}` }),
  ).toBeVisible();
  await create.getByRole("button", { name: "Cancel" }).click();
  await expect(create).toBeHidden();

  // In Urdu, the Urdu designation: in the picker and in the users table.
  await admin.getByText("اردو", { exact: true }).click();
  await expect(admin.locator("html")).toHaveAttribute("lang", "ur");
  await pickAssignee(
    admin,
    ur("common:page.createTask"),
    ur("tasks:field.assignTo"),
    officer.fullName,
  );
  await expect(
    admin.getByRole("option", {
      name: `${officer.fullName} (${officer.userId}), ${DESIGNATION_UR}`,
    }),
  ).toBeVisible();
  await admin.keyboard.press("Escape");

  await admin.goto(`/admin/manage-users?search=${officer.userId}`);
  const urduRow = admin
    .getByRole("table", { name: ur("users:table.label") })
    .getByRole("row", { name: new RegExp(officer.userId) });
  await expect(urduRow).toContainText(DESIGNATION_UR);
  await expect(urduRow).not.toContainText(DESIGNATION);
});
