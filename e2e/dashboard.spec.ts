import { expect, test } from "@playwright/test";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { createAccount, createTask, signedInPage, unique } from "./support/records";

// Issue 31: every sign-in lands on /dashboard, and the day's commonest next step is on it.

test("an administrator's dashboard carries the day's figures, each a click from its list", async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const assignee = await createAccount(page, unique("Rabia Anwar"));
  const subject = unique("Due today");
  const today = await serverToday(page);
  await createTask(page, { subject, assignedTo: assignee.id, assignDate: today, dueDate: today });

  await page.goto("/dashboard");
  const todaySection = page.getByRole("region", { name: "Today" });
  for (const figure of [
    "Due Today",
    "Newly Overdue",
    "Extension Requests Waiting",
    "Engagements Today",
  ]) {
    await expect(todaySection.getByRole("link", { name: `Show ${figure}` })).toBeVisible();
  }
  await todaySection.getByRole("link", { name: "Show Due Today" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?.*dueDate=${today}`));
  await expect(page.getByRole("row").filter({ hasText: subject })).toBeVisible();

  await page.goto("/dashboard");
  await page
    .getByRole("region", { name: "Today" })
    .getByRole("link", { name: "Show Extension Requests Waiting" })
    .click();
  await expect(page).toHaveURL(/\/admin\/extension-requests$/);
});

test("a user's dashboard shows what is waiting for them, in English and Urdu", async ({
  page,
  browser,
}) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const person = await createAccount(page, unique("Kamran Ali"));
  const subject = unique("Waiting task");
  const today = await serverToday(page);
  const task = await createTask(page, {
    subject,
    assignedTo: person.id,
    assignDate: today,
    dueDate: today,
  });

  const own = await signedInPage(browser, person);
  await own.goto("/dashboard");
  const waiting = own.getByRole("region", { name: "Waiting for You" });
  const notice = waiting.getByRole("link").filter({ hasText: subject });
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(own).toHaveURL(new RegExp(`/task/${task.id}$`));

  // Followed, it is read: nothing waits any more.
  await own.goto("/dashboard");
  await expect(waiting).toContainText("Nothing is waiting for you.");
  await own.getByRole("button", { name: "اردو" }).click();
  await expect(own.getByRole("region", { name: "آپ کے منتظر" })).toContainText(
    "اس وقت آپ کا کوئی کام منتظر نہیں۔",
  );
  await own.context().close();
});
