import { createReadStream } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { addDays, formatDisplayDate } from "../src/shared/dates";
import { PDF_BYTES, PNG_BYTES } from "../tests/helpers/files";
import { checkDialog, DESKTOP, expectFits, expectNoViolations, PHONE } from "./support/axe";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import {
  createAccount,
  createTask,
  diariseReceipt,
  ORIGIN,
  signedInPage,
  unique,
} from "./support/records";

// The dak registers in the browser: an admin gives a clerk the Receipt and Issue duty; the
// clerk diarises a letter with a two-page scan and marks it to a Section Officer, whose
// task shows the scans; the admin dispatches the reply from the task; the header's search
// finds the receipt by its diary number.

/** A toast with this text (an error is an alert, a success a status). */
function toast(page: Page, text: string | RegExp) {
  return page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: text });
}

/** Types a date onto a date field, as a keyboard user would, and takes it with Enter. */
async function typeDate(page: Page, field: Locator, isoDate: string) {
  await field.focus();
  await page.keyboard.type(isoDate);
  await page.keyboard.press("Enter");
  await expect(field).toHaveText(formatDisplayDate(isoDate));
}

const scan = (name: string) => ({ name, mimeType: "image/png", buffer: PNG_BYTES });

test("a clerk diarises and marks a letter, the officer reads its scans, the admin replies", async ({
  page,
  browser,
}) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const clerk = await createAccount(page, unique("Clerk Rashid"));
  const officer = await createAccount(page, unique("Section Officer Amna"));
  const subject = unique("Grant for college labs");
  const today = await serverToday(page);

  // The admin gives the clerk the Receipt and Issue duty in Edit Account.
  await page.goto("/admin/manage-users");
  await page.getByRole("button", { name: `Edit ${clerk.fullName}` }).click();
  const account = page.getByRole("dialog", { name: "Edit User" });
  await account.getByRole("checkbox", { name: "Receipt and Issue duty" }).check();
  await account.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "User updated successfully")).toBeVisible();

  // The clerk diarises the letter with two scanned pages.
  const clerkPage = await signedInPage(browser, clerk);
  await clerkPage.goto("/dak/diary");
  await expect(clerkPage.getByRole("heading", { name: "Diary Register" })).toBeVisible();
  await clerkPage.getByRole("button", { name: "Diarise", exact: true }).click();
  const diarise = clerkPage.getByRole("dialog", { name: "Diarise a Letter" });
  await diarise.getByRole("textbox", { name: "Subject" }).fill(subject);
  await diarise.getByRole("textbox", { name: "Letter No." }).fill("SO(B)/7-12/2026");
  await diarise.getByRole("combobox", { name: "Category" }).click();
  await clerkPage.getByRole("option", { name: "General" }).click();
  await diarise.getByRole("textbox", { name: "Sender", exact: true }).fill("Director Colleges");
  await diarise
    .locator('input[type="file"]')
    .setInputFiles([scan("page-1.png"), scan("page-2.png")]);
  await expect(diarise.getByRole("button", { name: "Diarise", exact: true })).toBeVisible();
  await diarise.getByRole("button", { name: "Diarise", exact: true }).click();
  const diarised = toast(clerkPage, /Diarised as /);
  await expect(diarised).toBeVisible();
  const number = (await diarised.textContent())?.match(/Diarised as (\S+)/)?.[1] ?? "";
  expect(number).toMatch(/^HED-\d{4}-\d{5}$/);
  const registerRow = clerkPage
    .getByRole("table", { name: "Receipts" })
    .getByRole("row")
    .filter({ hasText: subject });
  await expect(registerRow).toContainText(number);
  await expect(registerRow).toContainText("Pending");

  // The clerk marks it to the Section Officer from the receipt's page: a task for them.
  await clerkPage.getByRole("link", { name: number }).click();
  await clerkPage.getByRole("button", { name: "Mark", exact: true }).click();
  const mark = clerkPage.getByRole("dialog", { name: `Mark Receipt ${number}` });
  await mark.getByRole("combobox", { name: "Mark To" }).fill(officer.fullName);
  await clerkPage.getByRole("option", { name: new RegExp(officer.fullName) }).click();
  await typeDate(clerkPage, mark.getByRole("button", { name: "Due Date" }), addDays(today, 7));
  await mark.getByRole("button", { name: "Mark", exact: true }).click();
  await expect(toast(clerkPage, `Marked to ${officer.fullName}`)).toBeVisible();
  await clerkPage.goto("/dak/diary");
  await expect(registerRow).toContainText("Marked");
  await expect(registerRow).toContainText(officer.fullName);

  // The officer finds the receipt in the register, opens its task and sees the scans.
  const officerPage = await signedInPage(browser, officer);
  await officerPage.goto("/dak/diary");
  await officerPage.getByRole("link", { name: number }).click();
  await expect(officerPage.getByRole("heading", { name: "Receipt Details" })).toBeVisible();
  await officerPage.getByRole("link", { name: subject }).click();
  await expect(officerPage).toHaveURL(/\/task\//);
  const letters = officerPage.getByRole("region", { name: "Letters" });
  await expect(letters.getByRole("link", { name: number })).toBeVisible();
  await expect(letters.getByRole("link", { name: /Page 1: page-1\.png/ })).toBeVisible();
  await expect(letters.getByRole("link", { name: /Page 2: page-2\.png/ })).toBeVisible();
  // An officer does not keep the registers.
  await expect(letters.getByRole("button", { name: "Dispatch Reply" })).toHaveCount(0);
  const taskUrl = officerPage.url();

  // The admin dispatches the reply from the task, with the letter's copy.
  await page.goto(new URL(taskUrl).pathname);
  const adminLetters = page.getByRole("region", { name: "Letters" });
  await adminLetters.getByRole("button", { name: "Dispatch Reply" }).click();
  const reply = page.getByRole("dialog", { name: "Dispatch a Reply" });
  await expect(reply.getByRole("textbox", { name: "Subject" })).toHaveValue(/Grant for college/);
  await reply
    .getByRole("textbox", { name: "Addressees" })
    .fill("Director Colleges\nAccountant General");
  await reply.getByRole("textbox", { name: "Signed By" }).fill("Deputy Secretary (Budget)");
  await reply
    .locator('input[type="file"]')
    .setInputFiles({ name: "reply.pdf", mimeType: "application/pdf", buffer: PDF_BYTES });
  await reply.getByRole("button", { name: "Dispatch", exact: true }).click();
  const dispatched = toast(page, /Dispatched as /);
  await expect(dispatched).toBeVisible();
  const outNumber = (await dispatched.textContent())?.match(/Dispatched as (\S+)/)?.[1] ?? "";
  expect(outNumber).toMatch(/^HED-OUT-\d{4}-\d{5}$/);
  await expect(adminLetters).toContainText(outNumber);

  // The Dispatch Register shows it in reply to the receipt.
  await page.goto("/dak/dispatch");
  const dispatchRow = page
    .getByRole("table", { name: "Dispatches" })
    .getByRole("row")
    .filter({ hasText: outNumber });
  await expect(dispatchRow).toContainText(number);
  await expect(dispatchRow).toContainText("Accountant General");

  // The header's search finds the receipt by its number and opens it.
  const search = clerkPage.getByRole("searchbox", { name: "Search letters and tasks" });
  await search.fill(number);
  await clerkPage
    .getByRole("option", { name: new RegExp(subject) })
    .first()
    .click();
  await expect(clerkPage).toHaveURL(/\/dak\/receipt\//);
  await expect(clerkPage.getByText(number).first()).toBeVisible();
});

test("an admin diarises and marks in one go, and the officer finds the task by search", async ({
  page,
  browser,
}) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const officer = await createAccount(page, unique("Section Officer Bilal"));
  const subject = unique("Assembly question on hostels");
  const today = await serverToday(page);

  await page.goto("/dak/diary");
  await page.getByRole("button", { name: "Diarise", exact: true }).click();
  const diarise = page.getByRole("dialog", { name: "Diarise a Letter" });
  await diarise.getByRole("textbox", { name: "Subject" }).fill(subject);
  await diarise.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option", { name: "Assembly Question" }).click();
  await diarise.getByRole("textbox", { name: "Sender", exact: true }).fill("Provincial Assembly");
  await diarise.locator('input[type="file"]').setInputFiles([scan("question.png")]);
  await diarise.getByRole("combobox", { name: "Mark To" }).fill(officer.fullName);
  await page.getByRole("option", { name: new RegExp(officer.fullName) }).click();
  await diarise.getByRole("combobox", { name: "Purpose" }).click();
  await page.getByRole("option", { name: "For comments" }).click();
  await typeDate(page, diarise.getByRole("button", { name: "Due Date" }), addDays(today, 3));
  await diarise.getByRole("button", { name: "Diarise and Mark" }).click();
  await expect(toast(page, `and marked to ${officer.fullName}`)).toBeVisible();

  // The officer's header search finds the task made from it, and opens it with its letter.
  const officerPage = await signedInPage(browser, officer);
  await officerPage.goto("/dashboard");
  await officerPage
    .getByRole("searchbox", { name: "Search letters and tasks" })
    .fill("Assembly question on");
  const hit = officerPage.getByRole("option", { name: new RegExp(subject) });
  await expect(hit.first()).toBeVisible();
  await officerPage
    .getByRole("group", { name: "Tasks" })
    .getByRole("option", { name: new RegExp(subject) })
    .click();
  await expect(officerPage).toHaveURL(/\/task\//);
  const letters = officerPage.getByRole("region", { name: "Letters" });
  await expect(letters.getByRole("link", { name: /Page 1: question\.png/ })).toBeVisible();
});

test("the registers, their dialogs and the header search have no accessibility violations", async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  // A receipt and its reply, so that the lists and the search have rows to show.
  const subject = unique("Audit para on library grants");
  const form = {
    receivedOn: await serverToday(page),
    mode: "post",
    senderName: "Audit Officer",
    subject,
    category: "Audit Para",
  };
  const diarised = await page.request.post("/api/receipts", { multipart: form, headers: ORIGIN });
  expect(diarised.status(), await diarised.text()).toBe(201);
  const dispatched = await page.request.post("/api/dispatches", {
    multipart: {
      dispatchedOn: form.receivedOn,
      mode: "post",
      addressees: "Audit Officer",
      subject,
    },
    headers: ORIGIN,
  });
  expect(dispatched.status(), await dispatched.text()).toBe(201);
  await page.setViewportSize(DESKTOP);
  await page.goto("/dak/diary");
  await expect(page.getByRole("table", { name: "Receipts" }).getByRole("row").nth(1)).toBeVisible();
  await expectNoViolations(page, "Diary Register");
  // Export Excel: every receipt the filters match, the register's columns first.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export Excel" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^receipts-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(createReadStream(await download.path()));
  const [sheet] = workbook.worksheets;
  expect(sheet.getRow(1).getCell(1).value).toBe("Diary No.");
  const subjects: unknown[] = [];
  sheet.eachRow((row) => subjects.push(row.getCell(8).value));
  expect(subjects).toContain(subject);
  await checkDialog(
    page,
    page.getByRole("button", { name: "Diarise", exact: true }),
    "Diarise a Letter",
  );

  await page.getByRole("searchbox", { name: "Search letters and tasks" }).fill(subject);
  await expect(page.getByRole("option").first()).toBeVisible();
  await expectNoViolations(page, "header search");
  await page.keyboard.press("Escape");

  await page.goto("/dak/dispatch");
  await expect(
    page.getByRole("table", { name: "Dispatches" }).getByRole("row").nth(1),
  ).toBeVisible();
  await expectNoViolations(page, "Dispatch Register");
  await checkDialog(
    page,
    page.getByRole("button", { name: "Dispatch", exact: true }),
    "Dispatch a Letter",
  );

  await page.setViewportSize(PHONE);
  await page.goto("/dak/diary");
  await expectFits(page, PHONE.width, "Diary Register on a phone");
});

test("an admin amends a receipt, links it to a task, and closes another", async ({ page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const today = await serverToday(page);
  const officer = await createAccount(page, unique("Section Officer Sana"));
  const taskSubject = unique("Hostel repairs file");
  await createTask(page, {
    subject: taskSubject,
    assignedTo: officer.id,
    assignDate: today,
    dueDate: addDays(today, 5),
  });
  const diariseThroughApi = (subject: string) =>
    diariseReceipt(page, { receivedOn: today, mode: "by_hand", senderName: "Principal", subject });
  const first = await diariseThroughApi(unique("Hostel repairs"));
  const second = await diariseThroughApi(unique("Circular for information"));

  // Amend: the subject corrected, with the reason.
  const corrected = unique("Hostel repairs at GC");
  await page.goto(`/dak/receipt/${first.id}`);
  await page.getByRole("button", { name: "Amend" }).click();
  const amend = page.getByRole("dialog", { name: `Amend Receipt ${first.diaryNumber}` });
  await amend.getByRole("textbox", { name: "Subject" }).fill(corrected);
  await amend.getByRole("textbox", { name: "Reason for the amendment" }).fill("Typing slip");
  await amend.getByRole("button", { name: "Amend" }).click();
  await expect(toast(page, "Receipt amended")).toBeVisible();
  await expect(page.getByRole("heading", { name: corrected })).toBeVisible();

  // Link to a Task: the task found by its subject.
  await page.getByRole("button", { name: "Link to a Task" }).click();
  const link = page.getByRole("dialog", { name: `Link Receipt ${first.diaryNumber} to a Task` });
  await link.getByRole("combobox", { name: "Task" }).fill(taskSubject);
  await page.getByRole("option", { name: taskSubject }).click();
  await link.getByRole("button", { name: "Link to a Task" }).click();
  await expect(toast(page, "Receipt linked to the task")).toBeVisible();
  await expect(page.getByRole("link", { name: taskSubject })).toBeVisible();

  // Close: the other receipt filed with its reason.
  await page.goto(`/dak/receipt/${second.id}`);
  await page.getByRole("button", { name: "Close Receipt" }).click();
  const close = page.getByRole("dialog", { name: `Close Receipt ${second.diaryNumber}` });
  await close.getByRole("textbox", { name: "Reason" }).fill("Filed: for information only");
  await close.getByRole("button", { name: "Close Receipt" }).click();
  await expect(toast(page, "Receipt closed")).toBeVisible();
  await expect(page.getByText("Filed: for information only")).toBeVisible();
  await expect(page.getByRole("button", { name: "Close Receipt" })).toHaveCount(0);
});
