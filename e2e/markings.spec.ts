import { type Browser, expect, type Page, test } from "@playwright/test";
import { addDays } from "../src/shared/dates";
import type { MessageKey } from "../src/shared/i18n/message";
import { said } from "../src/shared/i18n/server-instance";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import {
  type Account,
  createAccount,
  createTask,
  ORIGIN,
  PASSWORD,
  signedInPage,
  unique,
} from "./support/records";

// A file's movement (issue 36): marked down four desks, pulled back once before it was opened,
// answered back up, approved at the top; the timeline, "With me" and "Marked by me" show it.
// Then once in Urdu, right to left: marked for information and closed as seen.

/** A toast with this text (a success is a status). */
function toast(page: Page, text: string) {
  return page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: text });
}

function movement(page: Page, title = "Movement") {
  return page.getByRole("list", { name: title });
}

/** Mark: the dialog's person, purpose and remark, sent. */
async function markTo(page: Page, to: Account, purpose: string, remark: string) {
  await page.getByRole("button", { name: "Mark", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Mark onward" });
  await dialog.getByRole("combobox", { name: "Mark to" }).fill(to.fullName);
  await page.getByRole("option", { name: to.fullName }).click();
  await dialog.getByRole("combobox", { name: "Purpose" }).click();
  await page.getByRole("option", { name: purpose, exact: true }).click();
  await dialog.getByLabel("Remark").fill(remark);
  await dialog.getByRole("button", { name: "Mark", exact: true }).click();
  await expect(toast(page, `Marked to ${to.fullName}`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

/** An answer button, its remark, sent back to whoever marked it. */
async function answer(page: Page, outcome: string, remark: string, to: string) {
  await page.getByRole("button", { name: outcome, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: outcome });
  await dialog.getByLabel("Remark").fill(remark);
  await dialog.getByRole("button", { name: outcome, exact: true }).click();
  await expect(toast(page, `Sent back to ${to}`)).toBeVisible();
}

test("a file marked four desks down, pulled back once, answered back up and approved at the top", async ({
  page: admin,
  browser,
}) => {
  await signInThroughApi(admin, ADMIN.userId, ADMIN.password);
  const me = (await (await admin.request.get("/api/me")).json()) as {
    id: string;
    displayName: string;
  };
  const additional = await createAccount(admin, unique("Additional Secretary"));
  const deputy = await createAccount(admin, unique("Deputy Secretary"));
  const officer = await createAccount(admin, unique("Section Officer"));
  const subject = unique("Revision of the college fee structure");
  const today = await serverToday(admin);
  const task = await createTask(admin, {
    subject,
    assignedTo: me.id,
    assignDate: today,
    dueDate: addDays(today, 10),
  });

  // The admin marks it down for approval.
  await admin.goto(`/task/${task.id}`);
  await expect(movement(admin).getByRole("listitem")).toHaveCount(1);
  await markTo(admin, additional, "For approval", "Please examine and put up");

  // Down for comments, and on again.
  const as = await signedInPage(browser, additional);
  await as.goto("/markings/with-me");
  const withMe = as.getByRole("table", { name: "Items with me" });
  await expect(withMe.getByRole("row").filter({ hasText: subject })).toContainText("For approval");
  await withMe.getByRole("link", { name: subject }).click();
  await expect(as.getByRole("button", { name: "Approve", exact: true })).toBeVisible();
  await markTo(as, deputy, "For comments", "Comments on para 4, please");

  const ds = await signedInPage(browser, deputy);
  await ds.goto(`/task/${task.id}`);
  await markTo(ds, officer, "For comments", "SO to examine");

  // Marked by me: with the officer, not opened yet; pulled back before it was opened.
  await ds.goto("/markings/marked-by-me");
  const pending = ds
    .getByRole("table", { name: "Items marked by me" })
    .getByRole("row")
    .filter({ hasText: subject });
  await expect(pending).toContainText(officer.fullName);
  await expect(pending).toContainText("Not opened");
  await pending.getByRole("link", { name: subject }).click();
  await ds.getByRole("button", { name: "Pull Back" }).click();
  const pullBack = ds.getByRole("dialog", { name: "Pull back" });
  await pullBack.getByLabel("Reason").fill("Wrong section");
  await pullBack.getByRole("button", { name: "Pull Back" }).click();
  await expect(toast(ds, "Pulled back")).toBeVisible();
  await expect(movement(ds)).toContainText("Pulled back: Wrong section");
  await markTo(ds, officer, "For comments", "SO to examine, please");

  // The officer opens it (recorded: no more pull back) and returns it with comments.
  const so = await signedInPage(browser, officer);
  await so.goto("/markings/with-me");
  await so.getByRole("link", { name: subject }).click();
  await expect(movement(so).getByRole("listitem").last()).toContainText("Opened");
  await ds.reload();
  await expect(ds.getByRole("button", { name: "Mark", exact: true })).toHaveCount(0);
  await expect(ds.getByRole("button", { name: "Pull Back" })).toHaveCount(0);
  await answer(so, "Return with comments", "Rule 12 applies", deputy.fullName);

  // Back up: the deputy returns it with comments, the additional secretary approves.
  await ds.reload();
  await answer(ds, "Return with comments", "Agree with the SO", additional.fullName);
  await as.reload();
  await answer(as, "Approve", "Approved as proposed", me.displayName);

  // The admin holds it again; the timeline tells the whole story.
  await admin.reload();
  const timeline = movement(admin);
  await expect(timeline.getByRole("listitem")).toHaveCount(9);
  await expect(timeline).toContainText("Answer: Return with comments");
  await expect(timeline).toContainText("Answer: Approve");
  await expect(timeline).toContainText("Rule 12 applies");
  await expect(timeline.getByRole("listitem").last()).toContainText(`→ ${me.displayName}`);
  await expect(admin.getByRole("button", { name: "Mark", exact: true })).toBeVisible();
  await as.goto("/markings/marked-by-me");
  await expect(as.getByText("Nothing you marked is pending with others")).toBeVisible();
});

test("a note put up by the section officer goes up a route for approval and comes back with the final word", async ({
  page: admin,
  browser,
}) => {
  await signInThroughApi(admin, ADMIN.userId, ADMIN.password);
  const officer = await createAccount(admin, unique("Section Officer"));
  const deputy = await createAccount(admin, unique("Deputy Secretary"));
  const additional = await createAccount(admin, unique("Additional Secretary"));
  const secretary = await createAccount(admin, unique("Secretary"));
  const subject = unique("Regularisation of contract lecturers");
  const today = await serverToday(admin);
  const task = await createTask(admin, {
    subject,
    assignedTo: officer.id,
    assignDate: today,
    dueDate: addDays(today, 10),
  });

  // The officer puts up the note: to the deputy for approval, then on up the route.
  const so = await signedInPage(browser, officer);
  await so.goto(`/task/${task.id}`);
  await so.getByRole("button", { name: "Mark", exact: true }).click();
  const dialog = so.getByRole("dialog", { name: "Mark onward" });
  await dialog.getByRole("combobox", { name: "Mark to" }).fill(deputy.fullName);
  await so.getByRole("option", { name: deputy.fullName }).click();
  await dialog.getByRole("combobox", { name: "Purpose" }).click();
  await so.getByRole("option", { name: "For approval", exact: true }).click();
  const route = dialog.getByRole("combobox", { name: "Then on to, in order" });
  for (const step of [additional, secretary]) {
    await route.fill(step.fullName);
    await so.getByRole("option", { name: step.fullName }).click();
  }
  await dialog.getByLabel("Remark").fill("Note put up for approval");
  await dialog.getByRole("button", { name: "Mark", exact: true }).click();
  await expect(toast(so, `Marked to ${deputy.fullName}`)).toBeVisible();
  await expect(movement(so).getByRole("listitem").last()).toContainText(
    `Then on to: ${additional.fullName} → ${secretary.fullName}`,
  );

  // Each approves in turn; it moves up by itself.
  for (const [step, next] of [
    [deputy, additional],
    [additional, secretary],
  ] as const) {
    const page = await signedInPage(browser, step);
    await page.goto(`/task/${task.id}`);
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    const approve = page.getByRole("dialog", { name: "Approve" });
    await approve.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(toast(page, `Marked to ${next.fullName}`)).toBeVisible();
  }
  const top = await signedInPage(browser, secretary);
  await top.goto(`/task/${task.id}`);
  await answer(top, "Approve", "Approved", officer.fullName);

  // Back with the officer, the final word on the timeline.
  await so.reload();
  const last = movement(so).getByRole("listitem").last();
  await expect(last).toContainText("Answer: Approve");
  await expect(last).toContainText(`→ ${officer.fullName}`);
  await expect(movement(so).getByRole("listitem")).toHaveCount(5);
});

/** The Urdu of a catalog key, as the page shows it. */
const ur = (key: MessageKey) => said(key, "ur");

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

test("in Urdu, right to left: marked for information, found in With me, closed as seen", async ({
  page: admin,
  browser,
}) => {
  await signInThroughApi(admin, ADMIN.userId, ADMIN.password);
  const sender = await createAccount(admin, unique("Sender"));
  const reader = await createAccount(admin, unique("Reader"));
  const subject = unique("Admissions circular");
  const today = await serverToday(admin);
  const task = await createTask(admin, {
    subject,
    assignedTo: sender.id,
    assignDate: today,
    dueDate: addDays(today, 5),
  });

  const from = await pageInUrdu(browser, sender);
  await from.goto(`/task/${task.id}`);
  await expect(from.locator("html")).toHaveAttribute("dir", "rtl");
  await from.getByRole("button", { name: ur("markings:action.mark"), exact: true }).click();
  const dialog = from.getByRole("dialog", { name: ur("markings:dialog.markTitle") });
  await dialog.getByRole("combobox", { name: ur("markings:field.to") }).fill(reader.fullName);
  await from.getByRole("option", { name: reader.fullName }).click();
  await dialog.getByRole("combobox", { name: ur("markings:field.purpose") }).click();
  await from.getByRole("option", { name: ur("dak:purpose.information"), exact: true }).click();
  await dialog.getByRole("button", { name: ur("markings:action.mark"), exact: true }).click();
  await expect(dialog).toHaveCount(0);

  const to = await pageInUrdu(browser, reader);
  await to.goto("/dashboard");
  await to.getByRole("link", { name: ur("common:nav.withMe") }).click();
  await expect(to.locator("html")).toHaveAttribute("dir", "rtl");
  const row = to
    .getByRole("table", { name: ur("markings:withMe.tableLabel") })
    .getByRole("row")
    .filter({ hasText: subject });
  await expect(row).toContainText(ur("dak:purpose.information"));
  await expect(row).toContainText(sender.fullName);
  await row.getByRole("link", { name: subject }).click();
  await expect(movement(to, ur("markings:movement.title"))).toContainText(
    ur("markings:kind.marked"),
  );
  await to.getByRole("button", { name: ur("markings:action.closeAsSeen") }).click();
  const close = to.getByRole("dialog", { name: ur("markings:dialog.closeAsSeenTitle") });
  await close.getByRole("button", { name: ur("markings:action.closeAsSeen") }).click();
  await expect(toast(to, ur("markings:toast.closedAsSeen"))).toBeVisible();
  await to.goto("/markings/with-me");
  await expect(to.getByText(ur("markings:withMe.empty"))).toBeVisible();
});
