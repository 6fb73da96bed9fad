import { expect, type Page, test } from "@playwright/test";
import { addDays } from "../src/shared/dates";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { createAccount, createEngagement, createTask, unique } from "./support/records";

const PHONE = { width: 360, height: 740 };

// Phones may show rows as cards rather than table rows: find a task by its visible subject.
function shown(page: Page, subject: string) {
  return page.getByText(subject).filter({ visible: true });
}

function assignedUserPicker(page: Page) {
  return page.getByRole("combobox", { name: "Assigned User" });
}

/** The picker shows a person's name followed by their User ID. */
function namedAs(fullName: string) {
  return new RegExp(`^${fullName} `);
}

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
});

test("on a phone the task filters fold behind a Filters button that counts them", async ({
  page,
}) => {
  const assignee = await createAccount(page, unique("Sana Mirza"));
  const today = await serverToday(page);
  const late = unique("Late budget note");
  const current = unique("Current budget note");
  const base = { assignedTo: assignee.id, assignDate: addDays(today, -10) };
  await createTask(page, { ...base, subject: late, dueDate: addDays(today, -1) });
  await createTask(page, { ...base, subject: current, dueDate: addDays(today, 5) });

  await page.setViewportSize(PHONE);
  await page.goto(`/admin?assignedUser=${assignee.id}`);
  await expect(shown(page, current)).toHaveCount(1);
  const toggle = page.getByRole("button", { name: "Filters (1)" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("combobox", { name: "Status" })).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(assignedUserPicker(page)).toHaveValue(namedAs(assignee.fullName));
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "All Over Due" }).click();
  await expect(page).toHaveURL(/status=overdue/);
  await expect(shown(page, current)).toHaveCount(0);
  await expect(shown(page, late)).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Filters (2)" })).toBeVisible();

  await page.getByRole("button", { name: "Clear Filters" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("button", { name: "Filters", exact: true })).toBeVisible();
});

test("on a phone the engagement filters fold the same way", async ({ page }) => {
  const suffix = Date.now().toString(36);
  const subject = `Phone review ${suffix}`;
  await createEngagement(page, { subject, date: await serverToday(page) });

  await page.setViewportSize(PHONE);
  await page.goto(`/admin/manage-engagements?search=${suffix}`);
  await expect(shown(page, subject)).toHaveCount(1);
  const toggle = page.getByRole("button", { name: "Filters (1)" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByLabel("Search Subject")).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByLabel("Search Subject")).toHaveValue(suffix);
});

test("on a wide screen the filters show as a row, with no Filters button", async ({ page }) => {
  await page.goto("/admin?status=completed");
  await expect(page.getByRole("group", { name: "Filter tasks" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Filters/ })).toHaveCount(0);
});

test("a filtered address reloads into the same view, bad values fall back and only changes are written", async ({
  page,
}) => {
  const assignee = await createAccount(page, unique("Usman Tariq"));
  const today = await serverToday(page);
  const subject = unique("Address state note");
  await createTask(page, {
    subject,
    assignedTo: assignee.id,
    assignDate: today,
    dueDate: addDays(today, 3),
  });

  const status = page.getByRole("combobox", { name: "Status" });
  await page.goto(
    `/admin?status=completed&page=abc&dueDate=2026-02-30&assignedUser=${assignee.id}`,
  );
  await expect(status).toHaveValue("completed");
  await expect(assignedUserPicker(page)).toHaveValue(namedAs(assignee.fullName));
  await expect(shown(page, subject)).toHaveCount(0);

  await page.reload();
  await expect(status).toHaveValue("completed");
  await expect(shown(page, subject)).toHaveCount(0);

  await status.click();
  await page.getByRole("option", { name: "In Progress" }).click();
  await expect(shown(page, subject)).toHaveCount(1);
  await expect(page).toHaveURL(
    new RegExp(`/admin\\?status=in_progress&assignedUser=${assignee.id}$`),
  );

  // An unknown status reads as All; choosing All again writes nothing for it.
  await page.goto(`/admin?status=finished&assignedUser=${assignee.id}`);
  await expect(status).toHaveValue("All");
  await expect(shown(page, subject)).toHaveCount(1);
  await page.getByRole("button", { name: "Show In Progress" }).click();
  await expect(page).toHaveURL(
    new RegExp(`/admin\\?status=in_progress&assignedUser=${assignee.id}$`),
  );
  await page.getByRole("button", { name: "Show Total" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?assignedUser=${assignee.id}$`));
});
