import { expect, type Locator, type Page, test } from "@playwright/test";
import { addDays } from "../src/shared/dates";
import { expectNoSeriousViolations } from "./support/axe";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import {
  type Account,
  createAccount,
  createTask,
  ORIGIN,
  signedInPage,
  unique,
} from "./support/records";

// Issue 18 in the browser: an organization head reads pendency and drills into one person's
// long-overdue tasks. 90 and 100 calendar days back are over 30 working days past due whatever
// the office's holidays; the third task is not yet due and must stay out of the drilled list.
// Issue 35: two letters are marked to the same person, one Normal and one Confidential; the
// head counts the Normal one awaiting action, an administrator both. Issue 36: the average
// working days each person's open items have been held.

let head: Account;
let holder: Account;
let subjects: { old: string; older: string; notDue: string };

/** A letter diarised and marked to `to` for action by the signed-in admin page. */
async function markReceipt(admin: Page, to: string, classification: string, today: string) {
  const res = await admin.request.post("/api/receipts", {
    headers: ORIGIN,
    multipart: {
      receivedOn: today,
      mode: "post",
      senderName: "Registrar, University of the Punjab",
      subject: unique(`${classification} letter on affiliation`),
      category: "General",
      classification,
      markTo: to,
      markPurpose: "action",
      markDueDate: addDays(today, 7),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The cell of `row` under the column headed `name` in `table`. */
async function cellUnder(table: Locator, row: Locator, name: string): Promise<Locator> {
  const headers = await table.getByRole("columnheader").allInnerTexts();
  const index = headers.findIndex((header) => header.trim() === name);
  expect(index, `a column named ${name}`).toBeGreaterThan(0);
  return row.locator("th, td").nth(index);
}

test.beforeAll(async ({ browser }) => {
  const admin = await browser.newPage();
  await signInThroughApi(admin, ADMIN.userId, ADMIN.password);
  const today = await serverToday(admin);
  head = await createAccount(admin, unique("Pendency Head"), "organization_head");
  holder = await createAccount(admin, unique("Pendency Holder"));
  subjects = {
    old: unique("Long overdue file"),
    older: unique("Longer overdue file"),
    notDue: unique("Next week's file"),
  };
  for (const [subject, days] of [
    [subjects.old, -90],
    [subjects.older, -100],
    [subjects.notDue, 5],
  ] as const) {
    const due = addDays(today, days);
    await createTask(admin, {
      subject,
      assignedTo: holder.id,
      assignDate: days < 0 ? due : today,
      dueDate: due,
    });
  }
  await markReceipt(admin, holder.id, "normal", today);
  await markReceipt(admin, holder.id, "confidential", today);
  await admin.close();
});

test("a head opens Pendency and drills into one person's tasks over 30 working days late", async ({
  browser,
}) => {
  const page = await signedInPage(browser, head);
  await page.goto("/organization/dashboard");
  await page
    .getByRole("navigation", { name: "Sidebar" })
    .getByRole("link", { name: "Pendency" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Pendency" })).toBeVisible();

  const table = page.getByRole("table", { name: "Open work per person" });
  const row = table.getByRole("row").filter({ hasText: holder.fullName });
  await expect(row).toBeVisible();
  // Of the two letters marked to the holder, the head counts the Normal one.
  await expect(await cellUnder(table, row, "Receipts awaiting action")).toHaveText("1");
  // Issue 36: everything the holder has was given to them today, so held for no working day.
  await expect(await cellUnder(table, row, "Average days held")).toHaveText("0");
  // The department's sums come first.
  await expect(table.getByRole("row").nth(1)).toContainText("Department (everyone)");
  // The trend's figures are a table too.
  await page.getByRole("button", { name: "Show as table" }).click();
  await expect(
    page.getByRole("table", {
      name: "Tasks opened, completed and overdue at the end of each week",
    }),
  ).toBeVisible();
  await expectNoSeriousViolations(page, "pendency");

  await row.getByRole("link", { name: `${holder.fullName}, Over 30 working days: 2` }).click();

  await expect(page).toHaveURL(/\/organization\/dashboard\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get("assignedUser")).toBe(holder.id);
  expect(url.searchParams.get("age")).toBe("over30");
  // The filter bar says what the list shows.
  await expect(page.getByRole("combobox", { name: "Overdue by" })).toHaveValue(
    "Over 30 working days",
  );
  const tasks = page.getByRole("table", { name: "Tasks" });
  await expect(tasks.getByRole("row").filter({ hasText: subjects.old })).toBeVisible();
  await expect(tasks.getByRole("row").filter({ hasText: subjects.older })).toBeVisible();
  await expect(tasks.getByRole("row").filter({ hasText: subjects.notDue })).toHaveCount(0);
  // Header row and the two tasks: nothing else.
  await expect(tasks.getByRole("row")).toHaveCount(3);
});

test("an administrator counts the Confidential letter awaiting action too", async ({ page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  await page.goto("/admin/pendency");
  const table = page.getByRole("table", { name: "Open work per person" });
  const row = table.getByRole("row").filter({ hasText: holder.fullName });
  await expect(row).toBeVisible();
  await expect(await cellUnder(table, row, "Receipts awaiting action")).toHaveText("2");
  await expect(await cellUnder(table, row, "Open")).toHaveText("5");
});
