import { createReadStream } from "node:fs";
import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { addDays } from "../src/shared/dates";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { createAccount, createTask, ORIGIN, unique } from "./support/records";

// Issue 18 in the browser: Manage Tasks, filtered, exported to Excel; the file holds the rows
// the filtered list shows, with real dates.

test("an admin exports the filtered Manage Tasks to Excel", async ({ page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const today = await serverToday(page);
  const assignee = await createAccount(page, unique("Excel Holder"));
  const subjects = [unique("Excel open A"), unique("Excel open B"), unique("Excel done")];
  const ids: string[] = [];
  for (const subject of subjects) {
    const { id } = await createTask(page, {
      subject,
      assignedTo: assignee.id,
      assignDate: today,
      dueDate: addDays(today, 10),
    });
    ids.push(id);
  }
  const done = await page.request.post(`/api/tasks/${ids[2]}/complete`, { headers: ORIGIN });
  expect(done.status()).toBe(200);

  await page.goto(`/admin/manage-tasks?assignedUser=${assignee.id}&status=in_progress`);
  const table = page.getByRole("table", { name: "Tasks" });
  // The lazily loaded page can take a while on a busy machine.
  await expect(table.getByRole("row").filter({ hasText: subjects[0] })).toBeVisible({
    timeout: 30_000,
  });
  await expect(table.getByRole("row").filter({ hasText: subjects[1] })).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: subjects[2] })).toHaveCount(0);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export Excel" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`tasks-${today}.xlsx`);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(createReadStream(await download.path()));
  const [sheet] = workbook.worksheets;
  expect(sheet.getRow(1).getCell(1).value).toBe("Subject");
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push(row);
  });
  expect(rows.map((row) => row.getCell(1).value).sort()).toEqual([subjects[0], subjects[1]].sort());
  for (const row of rows) {
    expect(row.getCell(2).value).toBe(assignee.fullName);
    expect(row.getCell(4).value).toEqual(new Date(`${today}T00:00:00Z`));
    expect(row.getCell(6).value).toBe("In Progress");
  }
});
