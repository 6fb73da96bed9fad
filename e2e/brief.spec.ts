import { expect, test } from "@playwright/test";
import { addDays, formatDisplayDate } from "../src/shared/dates";
import type { MessageKey } from "../src/shared/i18n/message";
import { said } from "../src/shared/i18n/server-instance";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { clickPrint, printed } from "./support/print";
import {
  createAccount,
  createEngagement,
  createTask,
  ORIGIN,
  signedInPage,
  unique,
} from "./support/records";

// Issue 18 in the browser: an organization head opens the Secretary's Daily Brief from the
// sidebar, moves to another day and back, and prints it: one A4 page, in English and in Urdu.

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
});

test("an organization head opens the Daily Brief and prints it on one A4 page, in English and in Urdu", async ({
  page: admin,
  browser,
}) => {
  // Two printouts to PDF, each language's: more than a plain page's time.
  test.slow();
  const holder = await createAccount(admin, unique("Amina Qureshi"));
  const head = await createAccount(admin, unique("Tariq Head"), "organization_head");
  const today = await serverToday(admin);
  const dueToday = unique("Prepare the budget note");
  await createTask(admin, {
    subject: dueToday,
    assignedTo: holder.id,
    assignDate: today,
    dueDate: today,
  });
  const meeting = unique("Vice-chancellors meeting");
  await createEngagement(admin, { subject: meeting, date: today });

  const page = await signedInPage(browser, head);
  await page.goto("/organization");
  await page
    .getByRole("navigation", { name: said("common:sidebar.label") })
    .getByRole("link", { name: "Daily Brief" })
    .click();
  await expect(page).toHaveURL("/organization/brief");
  await expect(page.getByRole("heading", { name: "Daily Brief", level: 1 })).toBeVisible();
  const sheet = page.getByRole("article");
  await expect(sheet).toContainText(`For ${formatDisplayDate(today)}`);
  await expect(sheet.getByRole("region", { name: "Tasks due today" })).toContainText(
    `${dueToday}, held by ${holder.fullName}`,
  );
  await expect(sheet.getByRole("region", { name: "Today's engagements" })).toContainText(meeting);

  // Another day is in the address; today's brief is back with the browser's Back.
  const dateField = page.getByRole("button", { name: "Date" });
  await dateField.focus();
  await page.keyboard.type(addDays(today, 1));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/organization/brief?date=${addDays(today, 1)}`);
  await expect(sheet).toContainText(`For ${formatDisplayDate(addDays(today, 1))}`);
  await page.goBack();
  await expect(sheet).toContainText(`For ${formatDisplayDate(today)}`);

  await clickPrint(page, page.getByRole("button", { name: "Print" }));
  expect(await printed(page)).toEqual({ paper: "A4 portrait", pages: 1 });

  // In Urdu, right to left: the same sheet, still one page.
  const res = await page.request.put("/api/me/language", {
    data: { language: "ur" },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(200);
  const ur = (key: MessageKey) => said(key, "ur");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(
    page.getByRole("heading", { name: ur("common:page.brief"), level: 1 }),
  ).toBeVisible();
  await expect(sheet).toContainText(ur("brief:heading"));
  await expect(sheet.getByRole("region", { name: ur("brief:section.dueToday") })).toContainText(
    dueToday,
  );
  await clickPrint(page, page.getByRole("button", { name: ur("brief:print") }));
  expect(await printed(page)).toEqual({ paper: "A4 portrait", pages: 1 });
});
