import { expect, type Page, test } from "@playwright/test";
import { addDays, formatDisplayDate } from "../src/shared/dates";
import { PDF_BYTES } from "../tests/helpers/files";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { createAccount, createTask, ORIGIN, signedInPage, unique } from "./support/records";

const ONE_FILE_ONLY =
  "Only one response file is allowed per task. Please delete the existing file first.";

const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: PDF_BYTES });

function rowOf(page: Page, subject: string) {
  return page.getByRole("table", { name: "Tasks" }).getByRole("row").filter({ hasText: subject });
}

/** A toast with this text (an error is an alert, a success a status); the one it replaced may
 * still be fading out beside it. */
function toast(page: Page, text: string) {
  return page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: text });
}

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
});

test("a user reports progress on their own task while an admin watches live", async ({
  page: admin,
  browser,
}) => {
  const assignee = await createAccount(admin, unique("Rabia Anwar"));
  const other = await createAccount(admin, unique("Omer Farooq"));
  const subject = unique("Prepare the audit reply");
  const othersSubject = unique("Someone else's task");
  const today = await serverToday(admin);
  const dates = { assignDate: today, dueDate: addDays(today, 7) };
  const task = await createTask(admin, { subject, assignedTo: assignee.id, ...dates });
  await createTask(admin, { subject: othersSubject, assignedTo: other.id, ...dates });

  const user = await signedInPage(browser, assignee);
  // Live updates reach a page once its stream is open; a person takes longer than that to
  // look, the test does not (CI once assigned the task before the stream had connected).
  const streamOpen = user.waitForResponse((res) => new URL(res.url()).pathname === "/api/live");
  await user.goto("/user/dashboard");
  await streamOpen;
  await expect(user.getByRole("heading", { name: "My Tasks" })).toBeVisible();
  await expect(rowOf(user, subject)).toBeVisible();
  await expect(rowOf(user, othersSubject)).toHaveCount(0);
  await expect(user.getByRole("combobox", { name: "Assigned User" })).toHaveCount(0);

  // The user's open dashboard shows a task the admin has just created, without a reload.
  const newSubject = unique("Newly assigned return");
  await createTask(admin, { subject: newSubject, assignedTo: assignee.id, ...dates });
  await expect(rowOf(user, newSubject)).toBeVisible();

  await admin.goto(`/admin/manage-tasks?assignedUser=${assignee.id}`);
  const adminRow = rowOf(admin, subject);
  await adminRow.getByRole("button", { name: `View ${subject}` }).click();
  const details = admin.getByRole("dialog", { name: "Task Details" });
  await expect(details).toContainText(subject);

  await rowOf(user, subject).getByRole("link", { name: "View Task" }).click();
  await expect(user).toHaveURL(`/task/${task.id}`);
  await expect(user.getByRole("heading", { name: subject })).toBeVisible();
  for (const counter of ["Total", "In Progress", "Completed", "Over Due", "Super Over Due"]) {
    await expect(user.getByText(counter, { exact: true }).first()).toBeVisible();
  }

  await user.getByLabel("Update Task Progress").fill("Draft reply sent for vetting");
  await user.getByRole("button", { name: "Update Task" }).click();
  await expect(toast(user, "Remarks updated successfully")).toBeVisible();
  // The admin's open dialog picks up the new remarks without a reload.
  await expect(details).toContainText("Draft reply sent for vetting");
  await admin.keyboard.press("Escape");

  await user.locator('input[type="file"]').setInputFiles(pdf("reply.pdf"));
  await user.getByRole("button", { name: "Update Task" }).click();
  await expect(toast(user, "Response file uploaded successfully")).toBeVisible();
  await expect(user.getByRole("link", { name: /reply\.pdf/ })).toBeVisible();
  await expect(adminRow.getByRole("link", { name: /reply\.pdf/ })).toBeVisible();

  await user.getByRole("button", { name: "Delete Response File" }).click();
  await user
    .getByRole("dialog", { name: "Delete Response File" })
    .getByRole("button", {
      name: "Delete",
    })
    .click();
  await expect(toast(user, "Response file deleted successfully")).toBeVisible();
  await expect(adminRow.getByRole("link", { name: /reply\.pdf/ })).toHaveCount(0);

  // A file chosen here while another arrives (another tab) is refused by the server.
  await user.locator('input[type="file"]').setInputFiles(pdf("second.pdf"));
  const elsewhere = await user.request.post(`/api/tasks/${task.id}/response-file`, {
    multipart: { file: pdf("first.pdf") },
    headers: ORIGIN,
  });
  expect(elsewhere.status()).toBe(201);
  await expect(user.getByRole("link", { name: /first\.pdf/ })).toBeVisible();
  await user.getByRole("button", { name: "Update Task" }).click();
  await expect(toast(user, ONE_FILE_ONLY)).toContainText("Upload Error");

  await user.getByRole("button", { name: "Cancel" }).click();
  await expect(user).toHaveURL("/user/dashboard");
  // And a way back that does not read as abandoning the form.
  await user.goBack();
  await user.getByRole("link", { name: "Back to My Tasks" }).click();
  await expect(user).toHaveURL("/user/dashboard");
  await user.context().close();
});

test("another user's task is not found, with a way back", async ({ page: admin, browser }) => {
  const assignee = await createAccount(admin, unique("Zara Malik"));
  const other = await createAccount(admin, unique("Bilal Ahmed"));
  const today = await serverToday(admin);
  const othersTask = await createTask(admin, {
    subject: unique("Not yours"),
    assignedTo: other.id,
    assignDate: today,
    dueDate: today,
  });

  const user = await signedInPage(browser, assignee);
  await user.goto(`/task/${othersTask.id}`);
  await expect(user.getByRole("heading", { name: "Task not found" })).toBeVisible();
  await user.getByRole("link", { name: "Back to My Tasks" }).click();
  await expect(user).toHaveURL("/user/dashboard");
  await user.context().close();
});

test("an organization head watches every task read-only and filters by assignee", async ({
  page: admin,
  browser,
}) => {
  const head = await createAccount(admin, unique("Nadia Head"), "organization_head");
  const first = await createAccount(admin, unique("Tariq Aziz"));
  const second = await createAccount(admin, unique("Uzma Rauf"));
  const firstSubject = unique("Inspect college labs");
  const secondSubject = unique("Update the HR list");
  const today = await serverToday(admin);
  const dates = { assignDate: today, dueDate: addDays(today, 3) };
  await createTask(admin, { subject: firstSubject, assignedTo: first.id, ...dates });
  await createTask(admin, { subject: secondSubject, assignedTo: second.id, ...dates });

  const watcher = await signedInPage(browser, head);
  await watcher.goto("/organization/dashboard");
  await expect(watcher.getByRole("heading", { name: "Tasks", exact: true })).toBeVisible();
  await expect(watcher.getByRole("columnheader", { name: "Assigned To" })).toBeVisible();
  await expect(rowOf(watcher, firstSubject)).toContainText(first.fullName);
  await expect(rowOf(watcher, secondSubject)).toContainText(second.fullName);
  await expect(watcher.getByRole("button", { name: "Print Tasks" })).toBeVisible();
  for (const control of [/^Edit /, /^Delete /, /Mark Completed/, /Create/]) {
    await expect(watcher.getByRole("button", { name: control })).toHaveCount(0);
  }

  await rowOf(watcher, firstSubject)
    .getByRole("button", { name: `View ${firstSubject}` })
    .click();
  await expect(watcher.getByRole("dialog", { name: "Task Details" })).toContainText(firstSubject);
  await watcher.keyboard.press("Escape");

  await watcher.getByRole("combobox", { name: "Assigned User" }).fill(first.fullName);
  await watcher.getByRole("option", { name: new RegExp(first.fullName) }).click();
  await expect(watcher).toHaveURL(new RegExp(`assignedUser=${first.id}`));
  await expect(rowOf(watcher, secondSubject)).toHaveCount(0);
  await expect(rowOf(watcher, firstSubject)).toBeVisible();
  await watcher.reload();
  await expect(rowOf(watcher, firstSubject)).toBeVisible();
  await expect(rowOf(watcher, secondSubject)).toHaveCount(0);

  await watcher.goto("/tasks");
  await expect(watcher.getByRole("heading", { name: "All Tasks" })).toBeVisible();
  await expect(watcher.getByRole("columnheader", { name: "Assigned To" })).toBeVisible();
  await watcher.context().close();

  const user = await signedInPage(browser, first);
  await user.goto("/tasks");
  await expect(user.getByRole("heading", { name: "My Tasks" })).toBeVisible();
  await expect(user.getByRole("columnheader", { name: "Assigned To" })).toHaveCount(0);
  await expect(rowOf(user, firstSubject).getByRole("link", { name: "View Task" })).toBeVisible();
  await user.context().close();
});

test("the Performance Reports link narrows Manage Tasks to an assignee and period", async ({
  page: admin,
}) => {
  const assignee = await createAccount(admin, unique("Saima Iqbal"));
  const recent = unique("Recent circular");
  const older = unique("Older circular");
  const today = await serverToday(admin);
  const from = addDays(today, -7);
  await createTask(admin, {
    subject: recent,
    assignedTo: assignee.id,
    assignDate: addDays(today, -2),
    dueDate: today,
  });
  await createTask(admin, {
    subject: older,
    assignedTo: assignee.id,
    assignDate: addDays(today, -30),
    dueDate: today,
  });

  await admin.goto(
    `/admin/manage-tasks?assignedUser=${assignee.id}&assignDateFrom=${from}&assignDateTo=${today}`,
  );
  const range = `Assigned ${formatDisplayDate(from)} – ${formatDisplayDate(today)}`;
  await expect(admin.getByText(range)).toBeVisible();
  await expect(rowOf(admin, recent)).toBeVisible();
  await expect(rowOf(admin, older)).toHaveCount(0);

  await admin.getByRole("button", { name: "Remove assign date range" }).click();
  await expect(admin.getByText(range)).toHaveCount(0);
  await expect(rowOf(admin, older)).toBeVisible();
  await expect(admin).toHaveURL(new RegExp(`assignedUser=${assignee.id}`));
});
