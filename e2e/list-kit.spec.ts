import { expect, type Locator, type Page, test } from "@playwright/test";
import { addDays, formatDisplayDate } from "../src/shared/dates";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import {
  createAccount,
  createEngagement,
  createTask,
  signedInPage,
  unique,
} from "./support/records";

const PHONE = { width: 360, height: 740 };
/** A4 portrait less Print Tasks' 12 mm margins, in CSS pixels (96 per inch). */
const A4_PRINT_WIDTH = Math.floor(((210 - 2 * 12) / 25.4) * 96);

/** A subject of one unbroken 100-character token, e.g. a pasted reference. */
function longToken(): string {
  const token = `REF${"x".repeat(90)}${Date.now().toString(36)}`.slice(0, 100);
  expect(token).toHaveLength(100);
  return token;
}

function scrollsSideways(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > root.clientWidth;
  });
}

function displayOf(element: Locator) {
  return element.evaluate((node) => getComputedStyle(node).display);
}

/** The column name a card line shows before its value. */
function lineLabel(cell: Locator) {
  return cell.evaluate((node) => getComputedStyle(node, "::before").content);
}

async function top(element: Locator): Promise<number> {
  const box = await element.boundingBox();
  if (!box) throw new Error("not laid out");
  return box.y;
}

/**
 * The row is a card that fits the phone: the title first, the action last, and the given
 * lines under their column names, all on screen without scrolling sideways.
 */
async function expectCard(
  row: Locator,
  card: { title: string; lines: Record<string, string | RegExp>; action: Locator },
) {
  await expect(row).toBeVisible();
  expect(await displayOf(row)).not.toBe("table-row");
  const box = await row.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);

  const title = row.getByRole("cell").filter({ hasText: card.title });
  await expect(title).toBeInViewport({ ratio: 1 });
  await expect(card.action).toBeInViewport({ ratio: 1 });
  expect(await top(title)).toBeLessThan(await top(card.action));

  for (const [label, value] of Object.entries(card.lines)) {
    const line = row.getByRole("cell").filter({ hasText: value });
    await expect(line, label).toBeInViewport({ ratio: 1 });
    expect(await lineLabel(line), label).toBe(`"${label}"`);
    expect(await top(line), label).toBeGreaterThan(await top(title));
    expect(await top(line), label).toBeLessThan(await top(card.action));
  }
}

test.describe("as the administrator", () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  });

  test("at 360 px a task list shows cards, and a card's action opens the task", async ({
    page,
  }) => {
    const subject = longToken();
    const assignee = await createAccount(page, unique("Card Person"));
    const today = await serverToday(page);
    const dueDate = addDays(today, 3);
    await createTask(page, { subject, assignedTo: assignee.id, assignDate: today, dueDate });

    await page.setViewportSize(PHONE);
    await page.goto(`/admin/manage-tasks?assignedUser=${assignee.id}`);
    const row = page.getByRole("table", { name: "Tasks" }).getByRole("row").filter({
      hasText: subject,
    });
    const view = row.getByRole("button", { name: `View ${subject}` });
    await expectCard(row, {
      title: subject,
      lines: {
        "Assign Date": formatDisplayDate(today),
        "Due Date": formatDisplayDate(dueDate),
        Status: "In Progress",
      },
      action: view,
    });
    expect(await scrollsSideways(page)).toBe(false);

    await view.click();
    const dialog = page.getByRole("dialog", { name: "Task Details" });
    await expect(dialog.getByText(subject)).toBeVisible();
    await page.keyboard.press("Escape");

    // Wide screens keep the table.
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(await displayOf(row)).toBe("table-row");
  });

  test("at 360 px the engagement list shows cards, and a card's action opens the engagement", async ({
    page,
  }) => {
    const subject = unique("Card meeting");
    const date = addDays(await serverToday(page), 2);
    await createEngagement(page, { subject, date });

    await page.setViewportSize(PHONE);
    await page.goto(`/admin/manage-engagements?search=${encodeURIComponent(subject)}`);
    const row = page.getByRole("table", { name: "Engagements" }).getByRole("row").filter({
      hasText: subject,
    });
    const view = row.getByRole("button", { name: `View ${subject}` });
    await expectCard(row, {
      title: subject,
      lines: { Date: formatDisplayDate(date), Time: "11:15", Status: "Scheduled" },
      action: view,
    });
    expect(await scrollsSideways(page)).toBe(false);

    await view.click();
    await expect(page.getByRole("dialog", { name: "Engagement Details" })).toContainText(subject);
  });

  test("Print Tasks wraps a 100-character token: the printed table fits the page", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      window.print = () => {};
    });
    const subject = longToken();
    const assignee = await createAccount(page, unique("Print Person"));
    const today = await serverToday(page);
    await createTask(page, { subject, assignedTo: assignee.id, assignDate: today, dueDate: today });

    await page.setViewportSize({ width: A4_PRINT_WIDTH, height: 1000 });
    await page.goto(`/admin?assignedUser=${assignee.id}`);
    await expect(page.getByRole("row").filter({ hasText: subject })).toBeVisible();
    await page.getByRole("button", { name: "Print Tasks" }).click();
    await page.emulateMedia({ media: "print" });
    const printed = page.getByRole("table", { name: "Tasks to print" });
    await expect(printed).toContainText(subject);
    await expect(printed.getByRole("cell", { name: "In Progress" })).toBeInViewport({ ratio: 1 });
    const widths = await printed.evaluate((table) => ({
      table: table.scrollWidth,
      page: document.documentElement.clientWidth,
    }));
    expect(widths.table).toBeLessThanOrEqual(widths.page);
    expect(await scrollsSideways(page)).toBe(false);
  });
});

test("at 360 px an assignee's task card leads to the task's page", async ({ browser, page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const assignee = await createAccount(page, unique("Card Person"));
  const subject = unique("Card task");
  const today = await serverToday(page);
  const dueDate = addDays(today, 1);
  const task = await createTask(page, {
    subject,
    assignedTo: assignee.id,
    assignDate: today,
    dueDate,
  });

  const user = await signedInPage(browser, assignee);
  await user.setViewportSize(PHONE);
  await user.goto("/user/dashboard");
  const row = user.getByRole("table", { name: "Tasks" }).getByRole("row").filter({
    hasText: subject,
  });
  const open = row.getByRole("link", { name: "View Task" });
  await expectCard(row, {
    title: subject,
    lines: { "Due Date": formatDisplayDate(dueDate), Status: "In Progress" },
    action: open,
  });
  expect(await scrollsSideways(user)).toBe(false);

  await open.click();
  await expect(user).toHaveURL(new RegExp(`/task/${task.id}$`));
  await user.context().close();
});
