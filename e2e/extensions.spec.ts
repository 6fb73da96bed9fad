import { expect, type Locator, type Page, test } from "@playwright/test";
import { addDays, formatDisplayDate } from "../src/shared/dates";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { createAccount, createTask, ORIGIN, signedInPage, unique } from "./support/records";

// Issue 16 in the browser: a due date moved with a reason, an extension asked for and approved,
// and the progress thread keeping every update in order.

/** A toast with this text (an error is an alert, a success a status). */
function toast(page: Page, text: string) {
  return page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: text });
}

function taskRow(page: Page, subject: string) {
  return page.getByRole("table", { name: "Tasks" }).getByRole("row").filter({ hasText: subject });
}

function requestRow(page: Page, subject: string) {
  return page
    .getByRole("table", { name: "Extension requests" })
    .getByRole("row")
    .filter({ hasText: subject });
}

/** Types a date onto a date field, as a keyboard user would, and takes it with Enter. */
async function typeDate(page: Page, field: Locator, isoDate: string) {
  await field.focus();
  await page.keyboard.type(isoDate);
  await page.keyboard.press("Enter");
  await expect(field).toHaveText(formatDisplayDate(isoDate));
}

/** The value shown under a task detail's label ("Due Date", "Current Remarks"). */
function detail(page: Page, label: string) {
  return page.getByText(label, { exact: true }).locator("..");
}

async function displayNameOf(page: Page): Promise<string> {
  return ((await (await page.request.get("/api/me")).json()) as { displayName: string })
    .displayName;
}

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
});

test("an admin moves a due date with a reason, and the assignee reads it in the task's history", async ({
  page: admin,
  browser,
}) => {
  const assignee = await createAccount(admin, unique("Sana Javed"));
  const subject = unique("Draft the budget note");
  const today = await serverToday(admin);
  const dueDate = addDays(today, 5);
  const movedTo = addDays(today, 12);
  const task = await createTask(admin, {
    subject,
    assignedTo: assignee.id,
    assignDate: today,
    dueDate,
  });

  await admin.goto(`/admin/manage-tasks?assignedUser=${assignee.id}`);
  await taskRow(admin, subject)
    .getByRole("button", { name: `Edit ${subject}` })
    .click();
  const edit = admin.getByRole("dialog", { name: "Edit Task" });
  const reason = edit.getByLabel("Reason for the due date change");
  await expect(reason).toHaveCount(0);
  await typeDate(admin, edit.getByRole("button", { name: "Due Date" }), movedTo);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit.getByText("Please give a reason for moving the due date")).toBeVisible();
  await reason.fill("Awaiting the Finance reply");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(admin, "Task updated successfully")).toBeVisible();
  await expect(edit).toBeHidden();
  const row = taskRow(admin, subject);
  await expect(row).toContainText(formatDisplayDate(movedTo));
  await expect(row).toContainText("Extended");
  await expect(row).toContainText(`Originally due ${formatDisplayDate(dueDate)}`);

  const user = await signedInPage(browser, assignee);
  await user.goto(`/task/${task.id}`);
  await expect(detail(user, "Due Date")).toContainText(formatDisplayDate(movedTo));
  await user.getByRole("tab", { name: "History" }).click();
  await expect(user.getByRole("list", { name: "History of this task" })).toContainText(
    `Due date moved from ${formatDisplayDate(dueDate)} to ${formatDisplayDate(movedTo)} by ` +
      `${await displayNameOf(admin)}: Awaiting the Finance reply`,
  );
  await user.context().close();
});

test("an assignee asks for an extension and an admin approves it on the Extension Requests page", async ({
  page: admin,
  browser,
}) => {
  const assignee = await createAccount(admin, unique("Hamza Iqbal"));
  const subject = unique("Collect college enrolment data");
  const today = await serverToday(admin);
  const dueDate = addDays(today, 3);
  const wanted = addDays(today, 10);
  const task = await createTask(admin, {
    subject,
    assignedTo: assignee.id,
    assignDate: today,
    dueDate,
  });

  const user = await signedInPage(browser, assignee);
  await user.goto(`/task/${task.id}`);
  await user.getByRole("button", { name: "Request Extension" }).click();
  const dialog = user.getByRole("dialog", { name: "Request Extension" });
  await expect(dialog).toContainText(`Current due date: ${formatDisplayDate(dueDate)}`);
  // A date not later than the current one is refused before it is sent.
  await typeDate(user, dialog.getByRole("button", { name: "New Due Date" }), dueDate);
  await dialog.getByLabel("Reason").fill("The colleges send their figures late");
  await dialog.getByRole("button", { name: "Send Request" }).click();
  await expect(
    dialog.getByText("The new due date must be later than the current due date"),
  ).toBeVisible();
  await typeDate(user, dialog.getByRole("button", { name: "New Due Date" }), wanted);
  await dialog.getByRole("button", { name: "Send Request" }).click();
  await expect(toast(user, "Extension requested")).toBeVisible();
  await expect(dialog).toBeHidden();
  const requests = user.getByRole("region", { name: "Extension Requests" });
  await expect(requests).toContainText("Pending");
  await expect(requests).toContainText("The colleges send their figures late");

  // One request at a time: while it waits there is nothing more to ask (the server refuses a
  // second one too: tests/api/extensions.test.ts).
  await expect(user.getByRole("button", { name: "Request Extension" })).toHaveCount(0);

  await admin.goto("/admin");
  const sidebar = admin.getByRole("navigation", { name: "Sidebar" });
  await expect(
    sidebar.getByRole("link", { name: /^Extension Requests\s*\d+ pending$/ }),
  ).toBeVisible();
  await sidebar.getByRole("link", { name: /^Extension Requests/ }).click();
  await expect(admin).toHaveURL("/admin/extension-requests");
  await expect(admin.getByRole("heading", { name: "Extension Requests", level: 1 })).toBeVisible();
  const pending = requestRow(admin, subject);
  await expect(pending).toContainText(assignee.fullName);
  await expect(pending).toContainText(
    `${formatDisplayDate(dueDate)} → ${formatDisplayDate(wanted)}`,
  );
  await expect(pending).toContainText("The colleges send their figures late");
  await pending.getByRole("button", { name: `Approve the extension of ${subject}` }).click();
  await admin
    .getByRole("dialog", { name: "Approve Extension" })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(toast(admin, "Extension approved")).toBeVisible();
  await expect(pending).toHaveCount(0);

  await admin.getByRole("tab", { name: "Approved" }).click();
  await expect(admin).toHaveURL("/admin/extension-requests?status=approved");
  const approved = requestRow(admin, subject);
  await expect(approved).toContainText("Approved");
  await expect(approved).toContainText(await displayNameOf(admin));

  // The assignee's open page follows live: the new due date, marked Extended.
  await expect(detail(user, "Due Date")).toContainText(formatDisplayDate(wanted));
  await expect(detail(user, "Due Date")).toContainText("Extended");
  await expect(requests).toContainText("Approved");

  await admin.goto(`/admin/manage-tasks?assignedUser=${assignee.id}&extension=extended`);
  const row = taskRow(admin, subject);
  await expect(row).toContainText(formatDisplayDate(wanted));
  await expect(row).toContainText("Extended");
  await user.context().close();
});

test("the progress thread keeps every update in order, and an admin's reply reaches the assignee", async ({
  page: admin,
  browser,
}) => {
  const assignee = await createAccount(admin, unique("Mariam Khan"));
  const subject = unique("Prepare the inspection report");
  const today = await serverToday(admin);
  const task = await createTask(admin, {
    subject,
    assignedTo: assignee.id,
    assignDate: today,
    dueDate: addDays(today, 4),
  });
  const updates = [
    "Visited the first two colleges",
    "Visited the remaining colleges",
    "Report drafted and sent for vetting",
  ];

  const user = await signedInPage(browser, assignee);
  await user.goto(`/task/${task.id}`);
  const thread = user.getByRole("list", { name: "Progress updates and replies, oldest first" });
  for (const [index, text] of updates.entries()) {
    await user.getByLabel("Update Task Progress").fill(text);
    await user.getByRole("button", { name: "Update Task" }).click();
    await expect(thread.getByRole("listitem")).toHaveCount(index + 1);
  }
  await expect(thread.getByRole("listitem")).toHaveText(updates.map((text) => new RegExp(text)));
  await expect(detail(user, "Current Remarks")).toContainText(updates[2]);

  await admin.goto(`/admin/manage-tasks?assignedUser=${assignee.id}`);
  await taskRow(admin, subject)
    .getByRole("button", { name: `View ${subject}` })
    .click();
  const details = admin.getByRole("dialog", { name: "Task Details" });
  const adminThread = details.getByRole("list", {
    name: "Progress updates and replies, oldest first",
  });
  await expect(adminThread.getByRole("listitem")).toHaveText(
    updates.map((text) => new RegExp(text)),
  );
  await details.getByRole("textbox", { name: "Reply" }).fill("Please attach the college list");
  await details.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(toast(admin, "Reply added")).toBeVisible();
  await expect(details.getByRole("textbox", { name: "Reply" })).toHaveValue("");

  // The assignee's open page shows the reply live, marked as an administrator's.
  const reply = thread.getByRole("listitem").nth(3);
  await expect(reply).toContainText("Please attach the college list");
  await expect(reply).toContainText("Administrator's reply");
  // The assignee cannot reply in the thread; only admins can.
  await expect(user.getByRole("button", { name: "Reply", exact: true })).toHaveCount(0);
  const refused = await user.request.post(`/api/tasks/${task.id}/replies`, {
    data: { body: "Not mine to send" },
    headers: ORIGIN,
  });
  expect(refused.status()).toBe(403);
  await user.context().close();
});
