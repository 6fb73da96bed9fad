import { expect, test } from "@playwright/test";
import type { ReceiptItem } from "../src/shared/dak";
import { addDays } from "../src/shared/dates";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { createAccount, ORIGIN, signedInPage, unique } from "./support/records";

// The task lists' Diary No. column (issue 35): hidden until chosen in the Columns menu, kept in
// the address (so a reload and a saved view keep it), each number leading to its receipt.

test("the Diary No. column shows a task's receipt and leads to it, for the admin and the officer", async ({
  page,
  browser,
}) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const officer = await createAccount(page, unique("Section Officer Bushra"));
  const subject = unique("Upgrade of college library");
  const today = await serverToday(page);

  // A letter diarised and marked to the officer: the task it makes carries it.
  const res = await page.request.post("/api/receipts", {
    headers: ORIGIN,
    multipart: {
      receivedOn: today,
      mode: "post",
      senderName: "Principal, Government College",
      subject,
      category: "General",
      markTo: officer.id,
      markPurpose: "action",
      markDueDate: addDays(today, 7),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { receipt } = (await res.json()) as { receipt: ReceiptItem };

  await page.goto("/admin/manage-tasks");
  const table = page.getByRole("table", { name: "Tasks" });
  const row = table.getByRole("row").filter({ hasText: subject });
  await expect(row).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Diary No." })).toHaveCount(0);

  // Turned on in the Columns menu: the column and its number, and the choice in the address.
  await page.getByRole("button", { name: "Columns" }).click();
  await page.getByRole("menuitemcheckbox", { name: "Diary No." }).click();
  await expect(page.getByRole("menuitemcheckbox", { name: "Diary No." })).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/[?&]columns=diaryNo\b/);
  await expect(table.getByRole("columnheader", { name: "Diary No." })).toBeVisible();
  const number = row.getByRole("link", { name: receipt.diaryNumber });
  await expect(number).toBeVisible();

  // A reload keeps the column; the number opens the receipt's page.
  await page.reload();
  await expect(number).toBeVisible();
  await number.click();
  await expect(page).toHaveURL(new RegExp(`/dak/receipt/${receipt.id}$`));
  await expect(page.getByRole("heading", { name: "Receipt Details" })).toBeVisible();
  await expect(page.getByText(receipt.diaryNumber, { exact: true })).toBeVisible();

  // The officer's own list offers the same column, with the same number.
  const officerPage = await signedInPage(browser, officer);
  await officerPage.goto("/tasks");
  await officerPage.getByRole("button", { name: "Columns" }).click();
  await officerPage.getByRole("menuitemcheckbox", { name: "Diary No." }).click();
  await officerPage.keyboard.press("Escape");
  const officerRow = officerPage
    .getByRole("table", { name: "Tasks" })
    .getByRole("row")
    .filter({ hasText: subject });
  await officerRow.getByRole("link", { name: receipt.diaryNumber }).click();
  await expect(officerPage).toHaveURL(new RegExp(`/dak/receipt/${receipt.id}$`));
  await expect(officerPage.getByText(receipt.diaryNumber, { exact: true })).toBeVisible();
  await officerPage.context().close();
});
