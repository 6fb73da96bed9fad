import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEFAULT_OFFICE_SETTINGS } from "../src/shared/calendar";
import { formatDisplayDate } from "../src/shared/dates";
import { message } from "../src/shared/i18n/message";
import { said } from "../src/shared/i18n/server-instance";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { waitForMail } from "./support/mailbox";
import { createAccount, createTask, ORIGIN, PASSWORD, unique } from "./support/records";

// The admin's office pages: Holidays, Settings and the Outbox. The specs share one server and
// database, so the holidays entered here fall in years no other spec's tasks reach, and the
// settings go back to their defaults afterwards (the digest and escalation read them).

async function signInAsAdmin(page: Page) {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
}

/** This year where the office is (the server's zone), as the Holidays page opens on it. */
async function officeYear(page: Page): Promise<number> {
  return Number((await serverToday(page)).slice(0, 4));
}

function holidaysTable(page: Page, year: number) {
  return page.getByRole("table", { name: `Holidays of ${year}` });
}

async function chooseYear(page: Page, year: number) {
  await page.getByRole("combobox", { name: "Year" }).click();
  await page.getByRole("option", { name: String(year), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`year=${year}`));
}

/** Types a date onto a date field, as an office worker would, and confirms it with Enter. */
async function typeDate(page: Page, field: Locator, isoDate: string) {
  await field.focus();
  await page.keyboard.type(isoDate);
  await page.keyboard.press("Enter");
  await expect(field).toHaveText(formatDisplayDate(isoDate));
}

test("an admin adds, edits and deletes a holiday, and a date taken twice is refused", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const thisYear = await officeYear(page);
  const year = thisYear + 1;
  await page.goto("/admin/holidays");
  await expect(page.getByRole("heading", { name: "Holidays", level: 1 })).toBeVisible();
  await expect(page.getByText(/must be entered by an administrator each year/)).toBeVisible();
  // The server seeded this year's fixed-date public holidays on its first start.
  await expect(page.getByRole("combobox", { name: "Year" })).toHaveValue(String(thisYear));
  await expect(
    holidaysTable(page, thisYear).getByRole("row", { name: /Pakistan Day/ }),
  ).toContainText(formatDisplayDate(`${thisYear}-03-23`));

  await chooseYear(page, year);
  await expect(page.getByText(`No holidays entered for ${year}`)).toBeVisible();

  await page.getByRole("button", { name: "Add Holiday" }).click();
  const addDialog = page.getByRole("dialog", { name: "Add Holiday" });
  await addDialog.getByRole("button", { name: "Add Holiday" }).click();
  await expect(addDialog.getByText("Please enter the holiday's name")).toBeVisible();
  await typeDate(
    page,
    addDialog.getByRole("button", { name: "Date", exact: true }),
    `${year}-03-23`,
  );
  await addDialog.getByLabel("Holiday name").fill("Pakistan Day");
  await addDialog.getByRole("button", { name: "Add Holiday" }).click();
  await expect(page.getByText("Holiday added successfully")).toBeVisible();
  await expect(addDialog).toBeHidden();
  const added = holidaysTable(page, year).getByRole("row", { name: /Pakistan Day/ });
  await expect(added).toContainText(formatDisplayDate(`${year}-03-23`));

  // The same date again: the server's refusal names it, and the dialog keeps the input.
  await page.getByRole("button", { name: "Add Holiday" }).click();
  await typeDate(
    page,
    addDialog.getByRole("button", { name: "Date", exact: true }),
    `${year}-03-23`,
  );
  await addDialog.getByLabel("Holiday name").fill("Youm-e-Pakistan");
  await addDialog.getByRole("button", { name: "Add Holiday" }).click();
  await expect(
    page.getByText(`${formatDisplayDate(`${year}-03-23`)} is already a holiday`),
  ).toBeVisible();
  await expect(addDialog.getByLabel("Holiday name")).toHaveValue("Youm-e-Pakistan");
  await addDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(addDialog).toBeHidden();

  const shownAs = `Pakistan Day (${formatDisplayDate(`${year}-03-23`)})`;
  await added.getByRole("button", { name: `Edit ${shownAs}` }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit Holiday" });
  await expect(editDialog.getByLabel("Holiday name")).toHaveValue("Pakistan Day");
  await typeDate(
    page,
    editDialog.getByRole("button", { name: "Date", exact: true }),
    `${year}-03-24`,
  );
  await editDialog.getByLabel("Holiday name").fill("Pakistan Day (moved)");
  await editDialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Holiday updated successfully")).toBeVisible();
  await expect(editDialog).toBeHidden();
  const moved = holidaysTable(page, year).getByRole("row", { name: /Pakistan Day \(moved\)/ });
  await expect(moved).toContainText(formatDisplayDate(`${year}-03-24`));

  await moved
    .getByRole("button", {
      name: `Delete Pakistan Day (moved) (${formatDisplayDate(`${year}-03-24`)})`,
    })
    .click();
  const confirm = page.getByRole("dialog", { name: "Delete Holiday" });
  await expect(confirm).toContainText(
    `Delete the holiday “Pakistan Day (moved)” on ${formatDisplayDate(`${year}-03-24`)}?`,
  );
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Holiday deleted successfully")).toBeVisible();
  await expect(page.getByText(`No holidays entered for ${year}`)).toBeVisible();
});

test("an import with a bad line is refused naming the line; a good CSV file goes in whole", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const year = (await officeYear(page)) + 2;
  await page.goto(`/admin/holidays?year=${year}`);
  await expect(page.getByText(`No holidays entered for ${year}`)).toBeVisible();

  await page.getByRole("button", { name: "Import" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Holidays" });
  const list = dialog.getByRole("textbox", { name: "Holidays, one per line" });
  await list.fill(`${year}-03-23, Pakistan Day\n${year}-02-30, Nowhere Day`);
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(dialog.getByText("Line 2: Enter a valid date (YYYY-MM-DD)")).toBeVisible();
  await expect(dialog).toBeVisible();
  // All or nothing: the good first line was not kept either.
  const listed = await page.request.get(`/api/office/holidays?year=${year}`);
  expect((await listed.json()).holidays).toEqual([]);

  // A spreadsheet's export, read in the browser into the box, where it can be checked.
  const csv = `Date,Name\r\n${year}-08-14,Independence Day\r\n${year}-12-25,"Quaid-e-Azam Day"\r\n`;
  await dialog
    .locator("input[type=file]")
    .setInputFiles({ name: "holidays.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(list).toHaveValue(csv.replaceAll("\r\n", "\n"));
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(page.getByText("2 holidays imported")).toBeVisible();
  await expect(dialog).toBeHidden();
  const table = holidaysTable(page, year);
  await expect(table.getByRole("row", { name: /Independence Day/ })).toContainText(
    formatDisplayDate(`${year}-08-14`),
  );
  await expect(table.getByRole("row", { name: /Quaid-e-Azam Day/ })).toContainText(
    formatDisplayDate(`${year}-12-25`),
  );
});

test.describe("the office's settings", () => {
  test.afterEach(async ({ page }) => {
    // The digest and the escalation rule read these: the other specs get the defaults back.
    const { version } = await (await page.request.get("/api/office/settings")).json();
    const res = await page.request.put("/api/office/settings", {
      data: { ...DEFAULT_OFFICE_SETTINGS, version },
      headers: ORIGIN,
    });
    expect(res.status(), await res.text()).toBe(200);
  });

  test("are saved and kept after a reload; a bad value is refused with its reason", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/settings");
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
    // The week starts on Monday; Saturday and Sunday are off until the office says otherwise.
    const boxes = page.getByRole("group", { name: "Weekly off days" }).getByRole("checkbox");
    await expect(boxes).toHaveCount(7);
    for (const [index, day] of weekdays.entries()) {
      await expect(boxes.nth(index)).toHaveAccessibleName(day);
    }
    await expect(page.getByRole("checkbox", { name: "Saturday" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Friday" })).not.toBeChecked();
    const escalation = page.getByRole("switch", { name: "Escalate delayed tasks automatically" });
    await expect(escalation).not.toBeChecked();
    const after = page.getByRole("textbox", { name: "After how many working days" });
    await expect(after).toBeDisabled();

    await page.getByRole("checkbox", { name: "Friday" }).check();
    await page.getByLabel("Digest time").fill("07:30");
    const dueSoon = page.getByRole("textbox", { name: /Due soon/ });
    await dueSoon.fill("5");
    await escalation.check();
    await expect(after).toBeEnabled();
    // Far past any task the other specs make: the rule, once on, runs within the minute.
    await after.fill("365");
    await page.getByRole("switch", { name: "The daily digest" }).uncheck();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Settings saved successfully")).toBeVisible();

    await page.reload();
    await expect(page.getByRole("checkbox", { name: "Friday" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Saturday" })).toBeChecked();
    await expect(page.getByLabel("Digest time")).toHaveValue("07:30");
    await expect(dueSoon).toHaveValue("5");
    await expect(escalation).toBeChecked();
    await expect(after).toHaveValue("365");
    await expect(page.getByRole("switch", { name: "The daily digest" })).not.toBeChecked();
    await expect(page.getByRole("switch", { name: "A task is assigned to them" })).toBeChecked();

    // Nothing to save until every figure is in range and some day is worked.
    await dueSoon.fill("0");
    for (const day of weekdays) await page.getByRole("checkbox", { name: day }).check();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(
      page.getByText("Enter a whole number of working days from 1 to 365"),
    ).toBeVisible();
    await expect(
      page.getByText("At least one day of the week must be a working day"),
    ).toBeVisible();
    await expect(page.getByText("Settings saved successfully")).toBeHidden();
    const stored = await (await page.request.get("/api/office/settings")).json();
    expect(stored).toMatchObject({ dueSoonWorkingDays: 5, weeklyOffDays: [0, 5, 6] });
  });
});

test("a refused mail shows as Failed with the SMTP server's words, and Resend delivers it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  // global-setup's SMTP receiver refuses the first mail to any address at bounce.example (550).
  const fullName = unique("Bounce Reader");
  const email = `reader.${Date.now().toString(36)}@bounce.example`;
  const account = await page.request.post("/api/admin/users", {
    data: { userId: `e2e_${Date.now().toString(36)}`, email, password: PASSWORD, fullName },
    headers: ORIGIN,
  });
  expect(account.status(), await account.text()).toBe(201);
  const { id } = (await account.json()) as { id: string };
  const today = await serverToday(page);
  const subject = unique("Collect the college returns");
  await createTask(page, { subject, assignedTo: id, assignDate: today, dueDate: today });

  await page.goto("/admin/outbox");
  await expect(page.getByRole("heading", { name: "Outbox", level: 1 })).toBeVisible();
  await expect(page.getByText(/People with only a User ID have no e-mail address/)).toBeVisible();
  await page.getByRole("combobox", { name: "State" }).click();
  await page.getByRole("option", { name: "Failed", exact: true }).click();
  await expect(page).toHaveURL(/state=failed/);

  const table = page.getByRole("table", { name: "Outbox messages" });
  const row = table.getByRole("row").filter({ hasText: email });
  // The job runner looks for due mail every second; the refusal is final at once (5xx).
  await expect(async () => {
    await page.reload();
    // A reload on a busy machine can take seconds of its own.
    await expect(row).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText(fullName);
  await expect(row).toContainText(`New task: ${subject}`);
  await expect(row).toContainText("Failed");
  await expect(row).toContainText(/550/);

  await row.getByRole("button", { name: `Resend “New task: ${subject}” to ${email}` }).click();
  await expect(page.getByText("Message queued to be sent again")).toBeVisible();
  // No longer failed: the list of failed mail refreshes without it.
  await expect(row).toBeHidden();

  await waitForMail(email, new RegExp(subject));
  await page.getByRole("combobox", { name: "State" }).click();
  await page.getByRole("option", { name: "Sent", exact: true }).click();
  await expect(async () => {
    await page.reload();
    // A reload on a busy machine can take seconds of its own.
    await expect(row).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText("Sent");
  await expect(row.getByRole("button", { name: /Resend/ })).toHaveCount(0);
});

test("the Holidays page in Urdu reads right to left, with Urdu dates", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const year = await officeYear(page);
  const reader = await createAccount(page, unique("Urdu Office Admin"), "admin");
  const context = await browser.newContext({ locale: "en-US" });
  const urdu = await context.newPage();
  await signInThroughApi(urdu, reader.userId, PASSWORD);
  const res = await urdu.request.put("/api/me/language", {
    data: { language: "ur" },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(200);

  await urdu.goto("/admin/holidays");
  await expect(urdu.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(
    urdu.getByRole("heading", { name: said("common:page.holidays", "ur"), level: 1 }),
  ).toBeVisible();
  await expect(urdu.getByRole("link", { name: said("common:nav.holidays", "ur") })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(urdu.getByText(said("office:holidays.moonNote", "ur"))).toBeVisible();
  const table = urdu.getByRole("table", {
    name: said(message("office:holidays.tableLabel", { year }), "ur"),
  });
  await expect(
    table.getByRole("columnheader", { name: said("office:field.date", "ur") }),
  ).toBeVisible();
  await expect(table.getByRole("row", { name: /Pakistan Day/ })).toContainText(
    formatDisplayDate(`${year}-03-23`, "ur"),
  );
  await expect(
    table.getByRole("button", {
      name: said(
        message("common:row.edit", {
          name: `Pakistan Day (${formatDisplayDate(`${year}-03-23`, "ur")})`,
        }),
        "ur",
      ),
    }),
  ).toBeVisible();
  await context.close();
});
