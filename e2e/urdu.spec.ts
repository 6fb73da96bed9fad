import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { addDays, formatDisplayDate } from "../src/shared/dates";
import type { MessageKey } from "../src/shared/i18n/message";
import { said } from "../src/shared/i18n/server-instance";
import { PDF_BYTES } from "../tests/helpers/files";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import {
  type Account,
  createAccount,
  createTask,
  ORIGIN,
  PASSWORD,
  unique,
} from "./support/records";

// The admin, user and head flows once in Urdu: the page reads right to left, names come from
// the Urdu catalog, and a person's choice is kept on their account.

/** The Urdu of a catalog key, as the page shows it. */
const ur = (key: MessageKey) => said(key, "ur");

async function expectRightToLeft(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ur");
}

async function expectLeftToRight(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
}

/** The language switch's option, in the header or on /auth. */
function languageOption(page: Page, name: "English" | "اردو") {
  return page.getByText(name, { exact: true });
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not laid out");
  return box;
}

/** An account of its own, in a browser context of its own, with Urdu saved on it. */
async function pageInUrdu(browser: Browser, account: Account): Promise<Page> {
  const page = await (await browser.newContext({ locale: "en-US" })).newPage();
  await signInThroughApi(page, account.userId, PASSWORD);
  const res = await page.request.put("/api/me/language", {
    data: { language: "ur" },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(200);
  return page;
}

function tasksTable(page: Page) {
  return page.getByRole("table", { name: ur("tasks:table.label") });
}

test("a first visit follows the browser's language, and the switch on /auth changes it", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "ur-PK" });
  const page = await context.newPage();
  await page.goto("/auth");
  await expectRightToLeft(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ur("common:appName"));
  await expect(
    page.getByRole("button", { name: ur("common:page.signIn"), exact: true }),
  ).toBeVisible();

  await languageOption(page, "English").click();
  await expectLeftToRight(page);
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  // The choice is remembered by this browser.
  await page.reload();
  await expectLeftToRight(page);
  await context.close();

  const english = await browser.newContext({ locale: "en-GB" });
  const englishPage = await english.newPage();
  await englishPage.goto("/auth");
  await expectLeftToRight(englishPage);
  await english.close();
});

test("signing in from an Urdu browser keeps Urdu, and the account takes it", async ({
  page,
  browser,
}) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const account = await createAccount(page, unique("Urdu Reader"));
  const context = await browser.newContext({ locale: "ur-PK" });
  const reader = await context.newPage();
  await reader.goto("/auth");
  await expectRightToLeft(reader);
  // By keyboard only, as the English keyboard flow does.
  await reader.getByLabel(ur("auth:field.identifier")).focus();
  await reader.keyboard.type(account.userId);
  await reader.keyboard.press("Tab");
  await reader.keyboard.type(PASSWORD);
  await reader.keyboard.press("Enter");
  await expect(
    reader.getByRole("heading", { name: ur("dashboard:title"), level: 1 }),
  ).toBeVisible();
  await expectRightToLeft(reader);
  await expect
    .poll(async () => (await (await reader.request.get("/api/me")).json()).language)
    .toBe("ur");
  await context.close();
});

test("an admin switches to Urdu in the header: right to left, a task created, the choice kept", async ({
  page,
  browser,
}) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const account = await createAccount(page, unique("Urdu Admin"), "admin");
  const assignee = await createAccount(page, unique("Urdu Assignee"));
  const today = await serverToday(page);

  const admin = await (await browser.newContext({ locale: "en-US" })).newPage();
  await signInThroughApi(admin, account.userId, PASSWORD);
  await admin.goto("/admin");
  await expect(admin.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
  await languageOption(admin, "اردو").click();
  await expectRightToLeft(admin);
  await expect(
    admin.getByRole("heading", { name: ur("common:page.adminDashboard"), level: 1 }),
  ).toBeVisible();

  // The sidebar stands on the right, the content to its left.
  const sidebar = admin.getByRole("navigation", { name: ur("common:sidebar.label") });
  const main = admin.getByRole("main");
  expect((await boxOf(sidebar)).x).toBeGreaterThan((await boxOf(main)).x);

  await admin.getByRole("button", { name: ur("common:page.createTask") }).click();
  const dialog = admin.getByRole("dialog", { name: ur("common:page.createTask") });
  await expect(dialog).toBeVisible();
  // A dialog's close button sits at its left, after the title in reading order.
  const close = dialog.getByRole("button", { name: ur("common:action.close") });
  const title = dialog.getByRole("heading", { name: ur("common:page.createTask") });
  expect((await boxOf(close)).x).toBeLessThan((await boxOf(title)).x);

  const subject = unique("سالانہ بجٹ کی تیاری");
  await dialog.getByRole("textbox", { name: ur("tasks:field.subject") }).fill(subject);
  await dialog.getByRole("combobox", { name: ur("tasks:field.assignTo") }).fill(assignee.fullName);
  await admin.getByRole("option", { name: assignee.fullName }).click();
  const dueDate = addDays(today, 5);
  await dialog.getByRole("button", { name: ur("tasks:field.dueDate") }).focus();
  await admin.keyboard.type(dueDate);
  await admin.keyboard.press("Enter");
  await expect(dialog.getByRole("button", { name: ur("tasks:field.dueDate") })).toHaveText(
    formatDisplayDate(dueDate, "ur"),
  );
  await dialog.getByRole("button", { name: ur("tasks:action.createTask") }).click();
  await expect(admin.getByText(ur("tasks:toast.created"))).toBeVisible();
  const row = tasksTable(admin).getByRole("row").filter({ hasText: subject });
  await expect(row).toContainText(ur("tasks:status.in_progress"));
  await expect(row).toContainText(formatDisplayDate(dueDate, "ur"));

  // Another browser, never told the language: the account's choice wins.
  const elsewhere = await (await browser.newContext({ locale: "en-US" })).newPage();
  await signInThroughApi(elsewhere, account.userId, PASSWORD);
  await elsewhere.goto("/admin/manage-tasks");
  await expectRightToLeft(elsewhere);
  await expect(
    elsewhere.getByRole("heading", { name: ur("common:page.manageTasks"), level: 1 }),
  ).toBeVisible();
  await languageOption(elsewhere, "English").click();
  await expectLeftToRight(elsewhere);
  await expect(elsewhere.getByRole("heading", { name: "Manage Tasks", level: 1 })).toBeVisible();
  for (const opened of [admin, elsewhere]) await opened.context().close();
});

test("a user reports progress with a file in Urdu", async ({ page, browser }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const assignee = await createAccount(page, unique("Urdu User"));
  const today = await serverToday(page);
  const subject = unique("جامعات کی رپورٹ");
  const task = await createTask(page, {
    subject,
    assignedTo: assignee.id,
    assignDate: today,
    dueDate: addDays(today, 3),
  });

  const user = await pageInUrdu(browser, assignee);
  await user.goto("/user/dashboard");
  await expectRightToLeft(user);
  await expect(
    user.getByRole("heading", { name: ur("common:page.myTasks"), level: 1 }),
  ).toBeVisible();
  const row = tasksTable(user).getByRole("row").filter({ hasText: subject });
  await row.getByRole("link", { name: ur("tasks:action.viewTask") }).click();
  await expect(user).toHaveURL(`/task/${task.id}`);

  await user.getByLabel(ur("tasks:field.updateProgress")).fill("مسودہ جانچ کے لیے بھیج دیا گیا");
  await user.getByRole("button", { name: ur("tasks:action.updateTask") }).click();
  await expect(user.getByText(ur("tasks:toast.remarksUpdated"))).toBeVisible();

  const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: PDF_BYTES });
  await user.locator('input[type="file"]').setInputFiles(pdf("pehla.pdf"));
  await user.getByRole("button", { name: ur("tasks:action.updateTask") }).click();
  await expect(user.getByText(ur("tasks:toast.fileUploaded"))).toBeVisible();
  await user.getByRole("button", { name: ur("tasks:action.deleteResponseFile") }).click();
  await user
    .getByRole("dialog", { name: ur("tasks:action.deleteResponseFile") })
    .getByRole("button", { name: ur("common:action.delete") })
    .click();
  await expect(user.getByText(ur("tasks:toast.fileDeleted"))).toBeVisible();

  // A file chosen here while another arrives (another tab) is refused by the server, in Urdu,
  // under the Urdu title of SPEC.md's 'Upload Error'.
  await user.locator('input[type="file"]').setInputFiles(pdf("dusra.pdf"));
  const elsewhere = await user.request.post(`/api/tasks/${task.id}/response-file`, {
    multipart: { file: pdf("jawab.pdf") },
    headers: ORIGIN,
  });
  expect(elsewhere.status()).toBe(201);
  await expect(user.getByRole("link", { name: /jawab\.pdf/ })).toBeVisible();
  await user.getByRole("button", { name: ur("tasks:action.updateTask") }).click();
  const refusal = user.getByRole("alert").filter({ hasText: ur("tasks:error.oneFileOnly") });
  await expect(refusal).toContainText(ur("tasks:error.uploadTitle"));
  await user.context().close();
});

test("an organization head reads every task in Urdu and changes nothing", async ({
  page,
  browser,
}) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const head = await createAccount(page, unique("Urdu Head"), "organization_head");
  const assignee = await createAccount(page, unique("Urdu Staff"));
  const today = await serverToday(page);
  const subject = unique("اساتذہ کی بھرتی");
  await createTask(page, { subject, assignedTo: assignee.id, assignDate: today, dueDate: today });

  const viewer = await pageInUrdu(browser, head);
  await viewer.goto(`/tasks?assignedUser=${assignee.id}`);
  await expectRightToLeft(viewer);
  await expect(
    viewer.getByRole("heading", { name: ur("common:page.allTasks"), level: 1 }),
  ).toBeVisible();
  const row = tasksTable(viewer).getByRole("row").filter({ hasText: subject });
  await expect(row).toContainText(assignee.fullName);
  await expect(row).toContainText(formatDisplayDate(today, "ur"));
  await expect(viewer.getByRole("button", { name: ur("common:page.createTask") })).toHaveCount(0);
  await expect(row.getByRole("button", { name: ur("tasks:action.markCompleted") })).toHaveCount(0);

  await viewer.goto("/organization/dashboard");
  await expect(viewer.getByRole("heading", { level: 1 })).toBeVisible();
  await viewer.goto("/engagement-chart");
  await expect(
    viewer.getByRole("heading", { name: ur("common:page.engagementChart"), level: 1 }),
  ).toBeVisible();
  await viewer.context().close();
});

test("a user reads an admin's reply in the progress thread and asks for an extension in Urdu", async ({
  page,
  browser,
}) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const assignee = await createAccount(page, unique("Urdu Thread"));
  const today = await serverToday(page);
  const task = await createTask(page, {
    subject: unique("کالجوں کا معائنہ"),
    assignedTo: assignee.id,
    assignDate: today,
    dueDate: addDays(today, 3),
  });
  const reply = await page.request.post(`/api/tasks/${task.id}/replies`, {
    data: { body: "کالجوں کی فہرست منسلک کریں" },
    headers: ORIGIN,
  });
  expect(reply.status(), await reply.text()).toBe(201);

  const user = await pageInUrdu(browser, assignee);
  await user.goto(`/task/${task.id}`);
  await expectRightToLeft(user);
  const thread = user.getByRole("list", { name: ur("tasks:thread.label") });
  await expect(thread).toContainText("کالجوں کی فہرست منسلک کریں");
  await expect(thread).toContainText(ur("tasks:thread.kind.reply"));

  await user.getByRole("button", { name: ur("tasks:extension.action.request") }).click();
  const dialog = user.getByRole("dialog", { name: ur("tasks:extension.action.request") });
  const wanted = addDays(today, 9);
  const field = dialog.getByRole("button", { name: ur("tasks:extension.field.newDueDate") });
  await field.focus();
  await user.keyboard.type(wanted);
  await user.keyboard.press("Enter");
  await expect(field).toHaveText(formatDisplayDate(wanted, "ur"));
  await dialog.getByLabel(ur("tasks:extension.field.reason")).fill("اعداد و شمار دیر سے آئیں گے");
  await dialog.getByRole("button", { name: ur("tasks:extension.action.send") }).click();
  await expect(user.getByText(ur("tasks:extension.toast.requested"))).toBeVisible();
  const requests = user.getByRole("region", { name: ur("tasks:extension.heading") });
  await expect(requests).toContainText(ur("tasks:extension.status.pending"));
  await user.context().close();
});
