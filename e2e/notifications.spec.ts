import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { addDays, formatDisplayDate } from "../src/shared/dates";
import { type MessageKey, type MessageValues, message } from "../src/shared/i18n/message";
import { said } from "../src/shared/i18n/server-instance";
import { PHONE } from "./support/axe";
import { serverToday } from "./support/dates";
import { E2E_MAILBOX_DIR } from "./support/env";
import { ADMIN, signInThroughApi, signUpThroughApi } from "./support/fixtures";
import { waitForMail } from "./support/mailbox";
import { createAccount, createTask, ORIGIN, signedInPage, unique } from "./support/records";

// The header's bell and the Notification Preferences page: notices arrive live, lead to their
// task and are marked read; a mail switched off stays off and is not sent.

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  return page;
}

/** Opens `path` and waits until the live stream is connected, so no notice can slip past. */
async function openLive(page: Page, path: string) {
  const connected = page.waitForResponse((response) => response.url().endsWith("/api/live"));
  await page.goto(path);
  await connected;
}

/** The bell, whatever its count; its name says the count. */
function bellOf(page: Page, language: "en" | "ur" = "en"): Locator {
  return page.getByRole("button", {
    name: said("notifications:bell.label_zero", language),
  });
}

function bellLabel(count: number, language: "en" | "ur"): string {
  return said(message("notifications:bell.label", { count }), language);
}

/** The count shown on the bell (hidden from screen readers, which hear the bell's name). */
function badgeOf(bell: Locator): Locator {
  return bell.locator("xpath=..").locator(".mantine-Badge-root");
}

function toast(page: Page, text: string): Locator {
  return page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: text });
}

/**
 * Sees a toast and closes it: toasts sit over the header's end, and one under the pointer
 * waits there rather than closing by itself.
 */
async function dismissToast(page: Page, text: string, language: "en" | "ur" = "en") {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  await shown.getByRole("button", { name: said("common:toast.close", language) }).click();
  await expect(shown).toBeHidden();
}

type Mail = { to: string[]; subject: string };

/** The subjects of every mail the test SMTP server has received for `to`. */
function subjectsMailedTo(to: string): string[] {
  return readdirSync(E2E_MAILBOX_DIR)
    .map((file) => JSON.parse(readFileSync(join(E2E_MAILBOX_DIR, file), "utf8")) as Mail)
    .filter((mail) => mail.to.includes(to))
    .map((mail) => mail.subject);
}

test("a notice reaches the open page's bell, opens its task and is marked read", async ({
  browser,
}) => {
  const admin = await adminPage(browser);
  const assignee = await createAccount(admin, unique("Nadia Bell"));
  const today = await serverToday(admin);
  const dates = { assignDate: today, dueDate: addDays(today, 5) };
  const user = await signedInPage(browser, assignee);
  await openLive(user, "/dashboard");
  const bell = bellOf(user);
  await expect(bell).toHaveAccessibleName("Notifications");
  await expect(badgeOf(bell)).toHaveCount(0);

  // Assigned while the page is open: the count comes without a reload.
  const subject = unique("Reply to the audit para");
  const task = await createTask(admin, { subject, assignedTo: assignee.id, ...dates });
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  await expect(badgeOf(bell)).toHaveText("1");
  const otherSubject = unique("Forward the budget note");
  await createTask(admin, { subject: otherSubject, assignedTo: assignee.id, ...dates });
  await expect(bell).toHaveAccessibleName("Notifications, 2 unread");

  await bell.click();
  const panel = user.getByRole("dialog", { name: "Notifications" });
  const notice = panel.getByRole("link", { name: new RegExp(subject) });
  await expect(notice).toContainText(
    `You have been assigned the task “${subject}”, due ${formatDisplayDate(dates.dueDate)}.`,
  );
  await expect(notice).toContainText(formatDisplayDate(today));
  // Unread notices say so to screen readers as well as in bold.
  await expect(notice).toHaveAccessibleName(/^Unread/);

  await notice.click();
  await expect(user).toHaveURL(`/task/${task.id}`);
  await expect(user.getByRole("heading", { name: subject })).toBeVisible();
  await dismissToast(user, "Notification marked as read");
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  await expect(badgeOf(bell)).toHaveText("1");

  await bell.click();
  await expect(panel.getByRole("link", { name: new RegExp(subject) })).not.toHaveAccessibleName(
    /^Unread/,
  );
  const markAll = panel.getByRole("button", { name: "Mark all as read" });
  await markAll.click();
  await expect(bell).toHaveAccessibleName("Notifications");
  await expect(badgeOf(bell)).toHaveCount(0);
  // Nothing left to mark: the button says so, and keeps the focus inside the panel.
  await expect(markAll).toBeDisabled();
  await expect(markAll).toBeFocused();
  await user.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
  await dismissToast(user, "All notifications marked as read");

  await bell.click();
  await panel.getByRole("link", { name: "Notification preferences" }).click();
  await expect(user).toHaveURL("/preferences");
  await expect(
    user.getByRole("heading", { name: "Notification Preferences", level: 1 }),
  ).toBeVisible();

  await admin.context().close();
  await user.context().close();
});

test("a mail switched off stays off: the notice still comes, the mail does not", async ({
  browser,
  page,
}) => {
  const admin = await adminPage(browser);
  const { email } = await signUpThroughApi(page, unique("Saima Preferences"));
  const me = (await (await page.request.get("/api/me")).json()) as { id: string };

  await page.goto("/preferences");
  await expect(
    page.getByRole("heading", { name: "Notification Preferences", level: 1 }),
  ).toBeVisible();
  const newTask = page.getByRole("switch", { name: "New task assigned to me" });
  await expect(newTask).toBeChecked();
  await expect(newTask).toBeEnabled();
  await expect(page.getByText("Each working morning, a summary of your tasks")).toBeVisible();
  await newTask.click();
  await expect(newTask).not.toBeChecked();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Notification preferences saved")).toBeVisible();

  await page.reload();
  await expect(newTask).not.toBeChecked();
  await expect(page.getByRole("switch", { name: "My task marked completed" })).toBeChecked();
  const saved = await page.request.get("/api/notifications/preferences");
  expect(((await saved.json()) as { email: Record<string, boolean> }).email).toMatchObject({
    task_assigned: false,
    task_completed: true,
  });

  await openLive(page, "/preferences");
  const today = await serverToday(admin);
  const subject = unique("Collate the college returns");
  const task = await createTask(admin, {
    subject,
    assignedTo: me.id,
    assignDate: today,
    dueDate: addDays(today, 3),
  });
  const bell = bellOf(page);
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  await bell.click();
  await expect(
    page.getByRole("dialog", { name: "Notifications" }).getByRole("link", {
      name: new RegExp(subject),
    }),
  ).toBeVisible();

  // A mail this person still wants proves the mailbox and the job runner are working; the
  // assignment, queued before it, would have been sent by then.
  const completed = await admin.request.post(`/api/tasks/${task.id}/complete`, { headers: ORIGIN });
  expect(completed.status(), await completed.text()).toBe(200);
  await waitForMail(email, new RegExp(`^Task completed: ${subject}$`));
  await page.waitForTimeout(3000);
  expect(subjectsMailedTo(email).filter((mailed) => mailed.includes(subject))).toEqual([
    `Task completed: ${subject}`,
  ]);

  await admin.context().close();
});

test("an admin names a participant in Create New Engagement; postponing it tells them again, by mail too", async ({
  browser,
  page,
}) => {
  const admin = await adminPage(browser);
  const fullName = unique("Imran Participant");
  const { email } = await signUpThroughApi(page, fullName);
  await openLive(page, "/dashboard");
  const bell = bellOf(page);
  await expect(bell).toHaveAccessibleName("Notifications");

  const subject = unique("Vice-chancellors' meeting");
  const date = addDays(await serverToday(admin), 2);
  await admin.goto("/admin/manage-engagements");
  await admin.getByRole("button", { name: "Create New Engagement" }).click();
  const dialog = admin.getByRole("dialog", { name: "Create New Engagement" });
  // Typing onto the date field opens its calendar with the typed box holding the text.
  const dateField = dialog.getByRole("button", { name: "Date" });
  await dateField.focus();
  await admin.keyboard.type(date);
  await admin.keyboard.press("Enter");
  await expect(dateField).toContainText(formatDisplayDate(date));
  // A time no other spec books, so no venue clash asks first.
  await dialog.getByLabel("Time").fill("15:20");
  await dialog.getByLabel("Subject").fill(subject);
  await dialog.getByRole("combobox", { name: "Venue" }).click();
  await admin.getByRole("option", { name: "HED Committee Room", exact: true }).click();
  await dialog.getByLabel("In Attendance").fill("Secretary HED");
  const participants = dialog.getByRole("combobox", { name: "Participants" });
  await participants.fill(fullName.slice(0, 12));
  await admin.getByRole("option", { name: fullName }).click();
  await dialog.getByLabel("Subject").click();
  await dialog.getByRole("button", { name: "Create Engagement" }).click();
  await expect(toast(admin, "Engagement created successfully")).toBeVisible();

  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  await waitForMail(email, new RegExp(`^New engagement: ${subject}$`));

  const row = admin.getByRole("table", { name: "Engagements" }).getByRole("row", {
    name: new RegExp(subject),
  });
  await row.getByRole("button", { name: `Edit ${subject}` }).click();
  const edit = admin.getByRole("dialog", { name: "Edit Engagement" });
  await expect(edit.getByText(fullName)).toBeVisible();
  await edit.getByRole("combobox", { name: "Status" }).click();
  await admin.getByRole("option", { name: "Postponed", exact: true }).click();
  // A postponement asks why (issue 17).
  await edit.getByRole("textbox", { name: "Reason for postponement" }).fill("Minister on tour");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await admin
    .getByRole("dialog", { name: "Update Engagement" })
    .getByRole("button", { name: "Update" })
    .click();
  await expect(toast(admin, "Engagement updated successfully")).toBeVisible();

  await expect(bell).toHaveAccessibleName("Notifications, 2 unread");
  await bell.click();
  const panel = page.getByRole("dialog", { name: "Notifications" });
  await expect(
    panel.getByRole("link", { name: new RegExp(`“${subject}”.* is postponed`) }),
  ).toHaveAttribute("href", "/user/engagement-chart");
  await expect(
    panel.getByRole("link", { name: new RegExp(`You are in attendance at “${subject}”`) }),
  ).toBeVisible();
  await waitForMail(email, new RegExp(`^Engagement postponed: ${subject}$`));

  await admin.context().close();
});

test("in Urdu the bell mirrors, its list reads right to left, and a User ID account is told it gets no mail", async ({
  browser,
}) => {
  const ur = (key: MessageKey, values?: MessageValues) => said(message(key, values), "ur");
  const admin = await adminPage(browser);
  const account = await createAccount(admin, unique("Urdu Bell"));
  const user = await signedInPage(browser, account);
  const saved = await user.request.put("/api/me/language", {
    data: { language: "ur" },
    headers: ORIGIN,
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await openLive(user, "/preferences");
  await expect(user.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(
    user.getByRole("heading", { name: ur("common:page.preferences"), level: 1 }),
  ).toBeVisible();
  // No real address: the switches are there but cannot be changed, and the page says why.
  await expect(user.getByText(ur("notifications:preferences.noMailTitle"))).toBeVisible();
  await expect(user.getByText(ur("notifications:preferences.noMail"))).toBeVisible();
  const newTask = user.getByRole("switch", { name: ur("notifications:email.task_assigned") });
  await expect(newTask).toBeDisabled();
  await expect(user.getByRole("button", { name: ur("common:action.saveChanges") })).toBeDisabled();

  const today = await serverToday(admin);
  const dueDate = addDays(today, 4);
  const subject = unique("Urdu bell task");
  await createTask(admin, { subject, assignedTo: account.id, assignDate: today, dueDate });
  const bell = bellOf(user, "ur");
  await expect(bell).toHaveAccessibleName(bellLabel(1, "ur"));

  // The count sits on the bell's end corner, which in Urdu is its left.
  const bellBox = await bell.boundingBox();
  const badgeBox = await badgeOf(bell).boundingBox();
  if (!bellBox || !badgeBox) throw new Error("the bell is not laid out");
  expect(badgeBox.x + badgeBox.width / 2).toBeLessThan(bellBox.x + bellBox.width / 2);

  await bell.click();
  const panel = user.getByRole("dialog", { name: ur("notifications:panel.title") });
  const notice = panel.getByRole("link", { name: new RegExp(subject) });
  await expect(notice).toContainText(
    ur("notifications:text.task_assigned", {
      subject,
      dueDate: formatDisplayDate(dueDate, "ur"),
    }),
  );
  await expect(notice).toContainText(formatDisplayDate(today, "ur"));
  // The panel hangs from the bell's end (left) edge and opens toward the page's start.
  const panelBox = await panel.boundingBox();
  if (!panelBox) throw new Error("the panel is not laid out");
  expect(Math.abs(panelBox.x - bellBox.x)).toBeLessThan(2);
  await panel.getByRole("button", { name: ur("notifications:action.markAllRead") }).click();
  await expect(toast(user, ur("notifications:allMarkedRead"))).toBeVisible();
  await expect(bell).toHaveAccessibleName(bellLabel(0, "ur"));

  // On a phone the panel fits the screen.
  await user.setViewportSize(PHONE);
  await user.reload();
  await bell.click();
  await expect(panel.getByRole("link", { name: new RegExp(subject) })).toBeVisible();
  const phoneBox = await panel.boundingBox();
  if (!phoneBox) throw new Error("the panel is not laid out");
  expect(phoneBox.x).toBeGreaterThanOrEqual(0);
  expect(phoneBox.x + phoneBox.width).toBeLessThanOrEqual(PHONE.width);

  await admin.context().close();
  await user.context().close();
});
