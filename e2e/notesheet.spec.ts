import { expect, type Page, test } from "@playwright/test";
import { addDays } from "../src/shared/dates";
import type { MessageKey } from "../src/shared/i18n/message";
import { said } from "../src/shared/i18n/server-instance";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { clickPrint, printed } from "./support/print";
import {
  type Account,
  createAccount,
  createTask,
  ORIGIN,
  signedInPage,
  unique,
} from "./support/records";

// The note sheet (issue 36): Task Details leads to it, it prints on one A4 page with the QR code
// of its verification address, the verify page confirms the printout, and a code whose
// paragraphs were changed (another digest) does not verify; once in English, once in Urdu.

const en = (key: MessageKey) => said(key, "en");
const ur = (key: MessageKey) => said(key, "ur");

/** A task for the officer with a progress update of theirs and an admin's reply in its thread. */
async function taskWithThread(admin: Page, officerPage: Page, officer: Account) {
  const today = await serverToday(admin);
  const subject = unique("Revision of the college fee structure");
  const { id } = await createTask(admin, {
    subject,
    assignedTo: officer.id,
    assignDate: today,
    dueDate: addDays(today, 10),
  });
  const update = "Examined; the draft notification is placed below for approval.";
  const remarks = await officerPage.request.put(`/api/tasks/${id}/remarks`, {
    data: { remarks: update },
    headers: ORIGIN,
  });
  expect(remarks.status(), await remarks.text()).toBe(200);
  const reply = "Approved, with the evening fee kept as it is.";
  const replied = await admin.request.post(`/api/tasks/${id}/replies`, {
    data: { body: reply },
    headers: ORIGIN,
  });
  expect(replied.status(), await replied.text()).toBe(201);
  return { id, subject, update, reply };
}

async function switchToUrdu(page: Page) {
  const res = await page.request.put("/api/me/language", {
    data: { language: "ur" },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The code the printout carries (the one its QR code's address ends with). */
async function codeOnSheet(page: Page): Promise<string> {
  const code = page.locator("[data-verification-code]").first();
  await expect(code).toBeVisible();
  return (await code.getAttribute("data-verification-code")) ?? "";
}

/** The code with its digest's first character changed: the paragraphs were not these. */
function tampered(code: string): string {
  const digestAt = code.length - 16;
  const changed = code[digestAt] === "A" ? "B" : "A";
  return `${code.slice(0, digestAt)}${changed}${code.slice(digestAt + 1)}`;
}

let admin: Page;
let officer: Account;
let officerPage: Page;

test.beforeEach(async ({ page, browser }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  admin = page;
  officer = await createAccount(admin, unique("Amina Qureshi"));
  officerPage = await signedInPage(browser, officer);
});

test.afterEach(async () => {
  await officerPage.context().close();
});

test("the note sheet prints on one A4 page with its QR code, and the verify page confirms it", async () => {
  const task = await taskWithThread(admin, officerPage, officer);
  const page = officerPage;
  await page.goto(`/task/${task.id}`);
  await page.getByRole("link", { name: en("notesheet:action.print") }).click();
  await expect(page).toHaveURL(new RegExp(`/task/${task.id}/note-sheet$`));

  const paragraphs = page.getByRole("list", { name: en("notesheet:sheet.paragraphsLabel") });
  await expect(page.getByRole("heading", { name: en("notesheet:sheet.title") })).toBeVisible();
  await expect(page.getByText(task.subject)).toBeVisible();
  await expect(paragraphs.getByText(task.update)).toBeVisible();
  await expect(paragraphs.getByText(task.reply)).toBeVisible();
  await expect(paragraphs.getByText(officer.fullName).first()).toBeVisible();
  const qr = page.getByRole("img", { name: en("notesheet:code.qr") });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const code = await codeOnSheet(page);
  expect(code).toMatch(/^[1-9][0-9]*-[0-9a-f]{64}-[A-Za-z0-9_-]{16}$/);

  await clickPrint(page, page.getByRole("button", { name: en("notesheet:action.print") }));
  expect(await printed(page, { preferCSSPageSize: true })).toEqual({
    paper: "A4 portrait",
    pages: 1,
  });

  await page.goto(`/verify/${code}`);
  await expect(page.getByRole("heading", { name: en("notesheet:verify.title") })).toBeVisible();
  await expect(page.getByText(en("notesheet:verify.matches"))).toBeVisible();
  await expect(page.getByText(task.update)).toBeVisible();
  await expect(page.getByText(task.reply)).toBeVisible();

  await page.goto(`/verify/${tampered(code)}`);
  await expect(page.getByText(en("notesheet:verify.differs"))).toBeVisible();
  await expect(page.getByText(en("notesheet:reason.content_differs"))).toBeVisible();

  // A code cut short (a torn or badly scanned printout) is named as not a code.
  await page.goto(`/verify/${code.slice(0, 20)}`);
  await expect(page.getByText(en("notesheet:error.badCode"))).toBeVisible();
});

test("in Urdu the note sheet reads right to left, prints on one A4 page and verifies", async () => {
  const task = await taskWithThread(admin, officerPage, officer);
  const page = officerPage;
  await switchToUrdu(page);
  await page.goto(`/task/${task.id}/note-sheet`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: ur("notesheet:sheet.title") })).toBeVisible();
  await expect(page.getByText(task.update)).toBeVisible();
  await expect(page.getByRole("img", { name: ur("notesheet:code.qr") })).toBeVisible();
  const code = await codeOnSheet(page);

  await clickPrint(page, page.getByRole("button", { name: ur("notesheet:action.print") }));
  expect(await printed(page, { preferCSSPageSize: true })).toEqual({
    paper: "A4 portrait",
    pages: 1,
  });

  await page.goto(`/verify/${code}`);
  await expect(page.getByText(ur("notesheet:verify.matches"))).toBeVisible();
  await page.goto(`/verify/${tampered(code)}`);
  await expect(page.getByText(ur("notesheet:verify.differs"))).toBeVisible();
  await expect(page.getByText(ur("notesheet:reason.content_differs"))).toBeVisible();
});
