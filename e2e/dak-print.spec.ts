import { expect, type Locator, type Page, test } from "@playwright/test";
import { format, parseISO, subMonths } from "date-fns";
import type { DispatchItem, ReceiptItem } from "../src/shared/dak";
import { addDays, formatDisplayDate } from "../src/shared/dates";
import { type MessageKey, message } from "../src/shared/i18n/message";
import { said } from "../src/shared/i18n/server-instance";
import { checkDialog } from "./support/axe";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { clickPrint, printed } from "./support/print";
import {
  type Account,
  createAccount,
  createClerk,
  diariseReceipt,
  ORIGIN,
  signedInPage,
  unique,
} from "./support/records";

// The registers on paper and in Urdu (issue 35): Print Day's Register puts a day's every entry
// on A4 landscape in the register's classic columns, in English and in Urdu; an R&I clerk
// diarises and marks a letter in Urdu and the register shows it with Urdu labels.

/** The Urdu of a catalog key (and its values), as the page shows it. */
const ur = (key: MessageKey, values?: Record<string, string>) =>
  said(values ? message(key, values) : key, "ur");

/** Eastern Arabic and Urdu digits: the registers are written in Western digits in Urdu too. */
const NON_WESTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/;

/**
 * A day of last month that neither register holds anything on yet, so its page is the test's
 * alone whatever else the database holds; a single-digit day, so that picking "4 October" in
 * the calendar is told apart from "14 October".
 */
async function emptyDayOfLastMonth(admin: Page, today: string): Promise<string> {
  const month = format(subMonths(parseISO(today), 1), "yyyy-MM");
  for (let date = 1; date <= 9; date += 1) {
    const day = `${month}-0${date}`;
    const params = { from: day, to: day };
    const [receipts, dispatches] = await Promise.all([
      admin.request.get("/api/receipts/export", { params }),
      admin.request.get("/api/dispatches/export", { params }),
    ]);
    const held = [await receipts.json(), await dispatches.json()] as { total: number }[];
    if (held.every(({ total }) => total === 0)) return day;
  }
  throw new Error(`no empty day left in the first nine of ${month}`);
}

async function dispatch(admin: Page, fields: Record<string, string>): Promise<DispatchItem> {
  const res = await admin.request.post("/api/dispatches", {
    multipart: { mode: "post", ...fields },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { dispatch: DispatchItem }).dispatch;
}

async function switchToUrdu(page: Page) {
  const res = await page.request.put("/api/me/language", {
    data: { language: "ur" },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
}

/** Types a date onto a date field, as a keyboard user would, and takes it with Enter. */
async function typeDate(page: Page, field: Locator, isoDate: string, shown: string) {
  await field.focus();
  await page.keyboard.type(isoDate);
  await page.keyboard.press("Enter");
  await expect(field).toHaveText(shown);
}

/** A toast with this text (an error is an alert, a success a status). */
function toast(page: Page, text: string | RegExp) {
  return page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: text });
}

/**
 * The letters of the day printed: each with the sender's designation and organisation, the
 * letter's number and date, half marked to the officer; an Urdu subject or two, as dak comes.
 */
function lettersOf(day: string, officer: Account, dueDate: string): Record<string, string>[] {
  const senders = [
    ["Registrar", "Registrar", "University of the Punjab"],
    ["Dr. Amjad Ali", "Principal", "Government College, Sahiwal"],
    ["Mr. Tahir Mahmood", "Section Officer (Budget)", "Finance Department"],
    ["Ms. Farah Naz", "Director Colleges", "Directorate of Public Instruction"],
    ["Mr. Kashif Raza", "Deputy Secretary", "Chief Minister's Office"],
    ["Mrs. Nighat Parveen", "Assistant Registrar", "High Court, Lahore"],
  ];
  const subjects = [
    "Affiliation of new colleges for the session 2026-27",
    "سرکاری کالجوں میں اساتذہ کی خالی آسامیوں پر تقرری",
    "Release of funds for the science laboratories of district colleges",
    "Annual inspection report of the college libraries",
    "وزیر اعلیٰ کی ہدایت: داخلوں کی آخری تاریخ میں توسیع",
    "Writ petition on the seniority list of lecturers",
  ];
  return senders.map(([senderName, senderDesignation, senderOrganisation], index) => ({
    receivedOn: day,
    senderName,
    senderDesignation,
    senderOrganisation,
    letterNumber: `SO(C)/${index + 1}-14/2026`,
    letterDate: day,
    subject: unique(subjects[index]),
    category: index === 5 ? "Court Case" : "General",
    remarks: index % 2 === 0 ? "Original on file" : "",
    ...(index % 2 === 1 ? { markTo: officer.id, markPurpose: "action", markDueDate: dueDate } : {}),
  }));
}

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
});

test("the day's Diary Register prints on one A4 landscape page, in English and in Urdu", async ({
  page: admin,
  browser,
}) => {
  // Two printouts to PDF, each language's: more than a plain page's time.
  test.slow();
  const today = await serverToday(admin);
  const officer = await createAccount(admin, unique("Section Officer Hina"));
  const clerk = await createClerk(admin, unique("Clerk Naveed"));
  const day = await emptyDayOfLastMonth(admin, today);
  const written: ReceiptItem[] = [];
  for (const letter of lettersOf(day, officer, addDays(today, 7)))
    written.push(await diariseReceipt(admin, letter));
  // The clerk may not read a Confidential letter, and ten days on (the 14th for the 4th) is
  // another day's page.
  const confidential = await diariseReceipt(admin, {
    ...lettersOf(day, officer, addDays(today, 7))[1],
    classification: "confidential",
  });
  const fourteenth = await diariseReceipt(admin, {
    ...lettersOf(addDays(day, 10), officer, addDays(today, 7))[0],
  });

  const page = await signedInPage(browser, clerk);
  await page.goto("/dak/diary");
  await page.getByRole("button", { name: "Print Day's Register" }).click();
  const dialog = page.getByRole("dialog", { name: "Print a Day's Register" });
  const dayField = dialog.getByRole("button", { name: "Day", exact: true });
  await expect(dayField).toHaveText(formatDisplayDate(today));
  await dayField.click();
  await page.getByRole("button", { name: "Previous month", exact: true }).click();
  // "4 October 2026" (say), not "14 October 2026".
  await page
    .getByRole("button", { name: format(parseISO(day), "d MMMM yyyy"), exact: true })
    .click();
  await expect(dayField).toHaveText(formatDisplayDate(day));
  await clickPrint(page, dialog.getByRole("button", { name: "Print", exact: true }));
  await expect(dialog).toBeHidden();

  // On paper: the office, the register and the day over the register's classic columns, the
  // entries numbered in the order they were written; nothing of another day or not the clerk's.
  await page.emulateMedia({ media: "print" });
  await expect(
    page.getByText("Higher Education Department", { exact: true }).filter({ visible: true }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Diary Register", level: 1 })).toBeVisible();
  await expect(page.getByText(`${formatDisplayDate(day)} · 6 entries`)).toBeVisible();
  const sheet = page.getByRole("table", { name: "Receipts to print" });
  await expect(sheet.getByRole("columnheader")).toHaveText([
    "S. No.",
    "Diary No.",
    "Date Received",
    "Sender",
    "Letter No. and Date",
    "Subject",
    "Category",
    "Marked To",
    "Remarks",
  ]);
  const rows = sheet.getByRole("row");
  await expect(rows).toHaveCount(written.length + 1);
  for (const [index, receipt] of written.entries()) {
    const row = rows.nth(index + 1);
    await expect(row.getByRole("cell").first()).toHaveText(String(index + 1));
    await expect(row).toContainText(receipt.diaryNumber);
    await expect(row).toContainText(receipt.subject);
  }
  // A cell's lines: the sender's name, designation and organisation; the letter's number and date.
  await expect(rows.nth(1).getByRole("cell")).toHaveText(
    [
      "1",
      written[0].diaryNumber,
      formatDisplayDate(day),
      "Registrar Registrar University of the Punjab",
      `SO(C)/1-14/2026 ${formatDisplayDate(day)}`,
      written[0].subject,
      "General",
      "",
      "Original on file",
    ],
    { useInnerText: true },
  );
  await expect(rows.nth(2).getByRole("cell").nth(7)).toHaveText(
    `${officer.fullName} For necessary action`,
    {
      useInnerText: true,
    },
  );
  await expect(sheet).not.toContainText(confidential.diaryNumber);
  await expect(sheet).not.toContainText(fourteenth.diaryNumber);
  expect(await printed(page, { preferCSSPageSize: true })).toEqual({
    paper: "A4 landscape",
    pages: 1,
  });

  // In Urdu, right to left, the same day typed: the same entries, in Western digits.
  await switchToUrdu(page);
  await page.getByRole("button", { name: ur("dak:action.printDay") }).click();
  const urduDialog = page.getByRole("dialog", { name: ur("dak:dialog.printDay") });
  const urduDay = urduDialog.getByRole("button", { name: ur("dak:field.day"), exact: true });
  await expect(urduDay).toHaveText(formatDisplayDate(today, "ur"));
  await typeDate(page, urduDay, day, formatDisplayDate(day, "ur"));
  await clickPrint(
    page,
    urduDialog.getByRole("button", { name: ur("dak:action.print"), exact: true }),
  );
  await page.emulateMedia({ media: "print" });
  await expect(
    page.getByRole("heading", { name: ur("dak:register.diary"), level: 1 }),
  ).toBeVisible();
  const urduSheet = page.getByRole("table", { name: ur("dak:print.diaryTableLabel") });
  await expect(urduSheet.getByRole("columnheader")).toHaveText([
    ur("dak:print.serial"),
    ur("dak:field.diaryNumber"),
    ur("dak:field.receivedOn"),
    ur("dak:field.senderName"),
    ur("dak:print.letter"),
    ur("dak:field.subject"),
    ur("dak:field.category"),
    ur("dak:column.markedTo"),
    ur("dak:field.remarks"),
  ]);
  await expect(urduSheet.getByRole("row")).toHaveCount(written.length + 1);
  await expect(urduSheet.getByRole("row").nth(2)).toContainText(ur("dak:purpose.action"));
  await expect(urduSheet.getByRole("row").nth(6)).toContainText(written[5].diaryNumber);
  await expect(urduSheet).toContainText(formatDisplayDate(day, "ur"));
  expect(await urduSheet.textContent()).not.toMatch(NON_WESTERN_DIGITS);
  expect(await printed(page, { preferCSSPageSize: true })).toEqual({
    paper: "A4 landscape",
    pages: 1,
  });
});

test("the day's Dispatch Register prints its classic columns on A4 landscape", async ({
  page: admin,
}) => {
  const today = await serverToday(admin);
  const day = await emptyDayOfLastMonth(admin, today);
  const answered = await diariseReceipt(admin, {
    receivedOn: day,
    senderName: "Registrar",
    subject: unique("Convocation arrangements"),
  });
  const reply = await dispatch(admin, {
    dispatchedOn: day,
    addressees: "The Registrar, GC University\nThe Accountant General",
    subject: unique("Reply on convocation arrangements"),
    mode: "registered_post",
    signedBy: "Deputy Secretary (Admn)",
    receiptId: answered.id,
  });
  const circular = await dispatch(admin, {
    dispatchedOn: day,
    addressees: "All Principals",
    subject: unique("Circular on admissions"),
  });

  await admin.goto("/dak/dispatch");
  const printDay = admin.getByRole("button", { name: "Print Day's Register" });
  await checkDialog(admin, printDay, "Print a Day's Register");
  const dialog = admin.getByRole("dialog", { name: "Print a Day's Register" });
  async function printTheDay(isoDate: string) {
    await printDay.click();
    await typeDate(
      admin,
      dialog.getByRole("button", { name: "Day", exact: true }),
      isoDate,
      formatDisplayDate(isoDate),
    );
    await clickPrint(admin, dialog.getByRole("button", { name: "Print", exact: true }));
    await admin.emulateMedia({ media: "print" });
  }
  const sheet = admin.getByRole("table", { name: "Dispatches to print" });

  // A day with nothing sent prints its empty page, saying so.
  await printTheDay(await emptyDayOfLastMonth(admin, today));
  await expect(sheet.getByRole("row")).toHaveCount(2);
  await expect(sheet).toContainText("Nothing was dispatched on this day");
  await admin.emulateMedia({ media: "screen" });

  await printTheDay(day);
  await expect(admin.getByRole("heading", { name: "Dispatch Register", level: 1 })).toBeVisible();
  await expect(sheet.getByRole("columnheader")).toHaveText([
    "S. No.",
    "Dispatch No.",
    "Date Dispatched",
    "Addressees",
    "Subject",
    "In Reply To",
    "Mode",
    "Signed By",
  ]);
  const rows = sheet.getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByRole("cell")).toHaveText(
    [
      "1",
      reply.dispatchNumber,
      formatDisplayDate(day),
      "The Registrar, GC University The Accountant General",
      reply.subject,
      answered.diaryNumber,
      "Registered Post",
      "Deputy Secretary (Admn)",
    ],
    { useInnerText: true },
  );
  await expect(rows.nth(2)).toContainText(`2${circular.dispatchNumber}`);
  expect(await printed(admin, { preferCSSPageSize: true })).toEqual({
    paper: "A4 landscape",
    pages: 1,
  });
});

test("an R&I clerk diarises a letter and marks it in Urdu, and the register shows it in Urdu", async ({
  page: admin,
  browser,
}) => {
  const today = await serverToday(admin);
  const officer = await createAccount(admin, unique("Section Officer Sadia"));
  const clerk = await createClerk(admin, unique("Clerk Imran"));
  const subject = unique("کالج لیبارٹریوں کے لیے گرانٹ");
  const page = await signedInPage(browser, clerk);
  await page.goto("/dak/diary");
  await switchToUrdu(page);
  await expect(
    page.getByRole("heading", { name: ur("common:page.diaryRegister"), level: 1 }),
  ).toBeVisible();

  await page.getByRole("button", { name: ur("dak:action.diarise"), exact: true }).click();
  const diarise = page.getByRole("dialog", { name: ur("dak:dialog.diarise") });
  await diarise.getByRole("textbox", { name: ur("dak:field.subject") }).fill(subject);
  await diarise
    .getByRole("textbox", { name: ur("dak:field.letterNumber") })
    .fill("SO(B)/7-12/2026");
  await diarise.getByRole("combobox", { name: ur("dak:field.category") }).click();
  await page.getByRole("option", { name: "General" }).click();
  await diarise
    .getByRole("textbox", { name: ur("dak:field.senderName"), exact: true })
    .fill("ڈائریکٹر کالجز");
  await diarise.getByRole("button", { name: ur("dak:action.diarise"), exact: true }).click();
  const diarised = toast(page, /HED-\d{4}-\d{5}/);
  await expect(diarised).toBeVisible();
  const number = (await diarised.textContent())?.match(/HED-\d{4}-\d{5}/)?.[0] ?? "";
  await expect(diarised).toContainText(ur("dak:toast.diarised", { number }));

  // Marked from the receipt's page, to the Section Officer, due in a week.
  await page.getByRole("link", { name: number }).click();
  await page.getByRole("button", { name: ur("dak:action.mark"), exact: true }).click();
  const mark = page.getByRole("dialog", { name: ur("dak:dialog.mark", { number }) });
  await mark.getByRole("combobox", { name: ur("dak:field.markTo") }).fill(officer.fullName);
  await page.getByRole("option", { name: new RegExp(officer.fullName) }).click();
  const due = addDays(today, 7);
  await typeDate(
    page,
    mark.getByRole("button", { name: ur("dak:field.dueDate") }),
    due,
    formatDisplayDate(due, "ur"),
  );
  await mark.getByRole("button", { name: ur("dak:action.mark"), exact: true }).click();
  await expect(toast(page, ur("dak:toast.marked", { name: officer.fullName }))).toBeVisible();

  // The register: its columns, the receipt's status and officer in Urdu, its dates in
  // Western digits.
  await page.goto("/dak/diary");
  const register = page.getByRole("table", { name: ur("dak:diary.tableLabel") });
  for (const column of [
    "dak:field.diaryNumber",
    "dak:field.receivedOn",
    "dak:field.subject",
    "dak:field.status",
    "dak:column.markedTo",
  ] as const)
    await expect(register.getByRole("columnheader", { name: ur(column) })).toBeVisible();
  const row = register.getByRole("row").filter({ hasText: subject });
  await expect(row).toContainText(number);
  await expect(row).toContainText(ur("dak:status.marked"));
  await expect(row).toContainText(officer.fullName);
  await expect(row).toContainText(formatDisplayDate(today, "ur"));
  expect(await row.textContent()).not.toMatch(NON_WESTERN_DIGITS);
});
