import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { FILE_MESSAGES } from "../src/shared/files";
import { said } from "../src/shared/i18n/server-instance";
import { expectFits } from "./support/axe";
import { serverToday } from "./support/dates";
import { E2E_BASE_URL } from "./support/env";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import {
  createAccount,
  createEngagement,
  createTask,
  ORIGIN,
  signedInPage,
  unique,
} from "./support/records";

/** Whether anything inside the element reaches past its right edge (it would scroll sideways). */
function overflowsSideways(page: Page, selector: string) {
  return page.locator(selector).evaluate((box) => box.scrollWidth > box.clientWidth);
}

test.describe("as the administrator", () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  });

  test("Print Engagement Chart fills one landscape A4 page and adds no blank page", async ({
    page,
  }) => {
    const subject = unique("Printed meeting");
    await createEngagement(page, { subject, date: await serverToday(page) });
    // Its own meeting only: other specs fill this week's chart, and two full pages are not a bug.
    await page.goto(`/admin/engagement-chart?search=${encodeURIComponent(subject)}`);
    await expect(page.getByRole("row").filter({ hasText: subject })).toBeVisible();

    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
    // Skia writes each page as an uncompressed /Type /Page dictionary with its MediaBox.
    const pages = pdf.match(/\/Type\s*\/Page\b(?!s)/g) ?? [];
    expect(pages).toHaveLength(1);
    const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)];
    expect(boxes.length).toBeGreaterThan(0);
    for (const [, width, height] of boxes) expect(Number(width)).toBeGreaterThan(Number(height));
  });

  test("an admin or head opening the user pages goes to their own dashboard", async ({
    page,
    browser,
  }) => {
    for (const path of ["/user", "/user/dashboard", "/user-dashboard"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(`${E2E_BASE_URL}/admin`);
      await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "My Tasks" })).toHaveCount(0);
    }

    const head = await signedInPage(
      browser,
      await createAccount(page, unique("Polish Person"), "organization_head"),
    );
    for (const path of ["/user", "/user/dashboard", "/user-dashboard"]) {
      await head.goto(path);
      await expect(head, path).toHaveURL(`${E2E_BASE_URL}/organization/dashboard`);
      await expect(head.getByRole("heading", { name: "Tasks", exact: true })).toBeVisible();
      await expect(head.getByRole("link", { name: "Assigned Tasks" })).toHaveCount(0);
    }
    // The engagement chart under /user stays open to everyone.
    await head.goto("/user/engagement-chart");
    await expect(
      head.getByRole("heading", { name: "Secretary HED Engagement Chart" }),
    ).toBeVisible();
    await head.context().close();
  });

  test("a subject with a 100-character token wraps; Status and Actions stay on a 1366 px screen", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const token = `REF${"x".repeat(90)}${Date.now().toString(36)}`.slice(0, 100);
    expect(token).toHaveLength(100);
    const assignee = await createAccount(page, unique("Polish Person"));
    const today = await serverToday(page);
    await createTask(page, {
      subject: token,
      assignedTo: assignee.id,
      assignDate: today,
      dueDate: today,
    });
    await createEngagement(page, { subject: token, date: today });

    await page.goto(`/admin/manage-tasks?assignedUser=${assignee.id}`);
    const row = page
      .getByRole("table", { name: "Tasks" })
      .getByRole("row")
      .filter({ hasText: token });
    await expect(row).toBeVisible();
    const deleteButton = row.getByRole("button", { name: `Delete ${token}` });
    await expect(deleteButton).toBeInViewport({ ratio: 1 });
    await expect(row.getByText("In Progress")).toBeInViewport({ ratio: 1 });
    expect(await overflowsSideways(page, "section:has(> table)")).toBe(false);
    await expectFits(page, 1366, "Manage Tasks at 1366 px");

    await row.getByRole("button", { name: `View ${token}` }).click();
    const dialog = page.getByRole("dialog", { name: "Task Details" });
    await expect(dialog.getByText(token)).toBeVisible();
    expect(await overflowsSideways(page, "[role=dialog] .mantine-Modal-body")).toBe(false);
    await page.keyboard.press("Escape");

    await page.goto(`/admin/manage-engagements?search=${token}`);
    const meeting = page.getByRole("row").filter({ hasText: token });
    await expect(meeting).toBeVisible();
    await expect(meeting.getByRole("button", { name: `Edit ${token}` })).toBeInViewport({
      ratio: 1,
    });
    expect(await overflowsSideways(page, "section:has(> table)")).toBe(false);
    await meeting.getByRole("button", { name: `View ${token}` }).click();
    await expect(page.getByRole("dialog", { name: "Engagement Details" })).toBeVisible();
    expect(await overflowsSideways(page, "[role=dialog] .mantine-Modal-body")).toBe(false);
  });

  test("the report says N/A for on-time work of someone who completed nothing, on screen, in CSV and in print", async ({
    page,
  }) => {
    const idle = await createAccount(page, unique("Polish Person"));
    const today = await serverToday(page);
    await createTask(page, {
      subject: unique("Open report task"),
      assignedTo: idle.id,
      assignDate: today,
      dueDate: today,
    });
    await page.goto("/admin/reports?range=7");
    const row = page
      .getByRole("region", { name: "Performance by user" })
      .getByRole("row", { name: new RegExp(idle.fullName) });
    const cells = [idle.fullName, "1", "0", "1", "0", "0%", "N/A", "N/A", "0", "N/A", "N/A"];
    // Then the files they held (the task's first holding, held since today: 0 working days),
    // the trend and the label.
    const held = ["1", "0", "0"];
    await expect(row.getByRole("cell")).toHaveText([...cells, ...held, /.*/, "Needs Improvement"]);

    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const csv = (await readFile(await (await downloading).path())).toString("utf8");
    expect(csv).toContain(`${idle.fullName},,1,0,1,0,0%,N/A,N/A,0,N/A,N/A,`);

    await page.emulateMedia({ media: "print" });
    await expect(row.getByRole("cell").nth(6)).toHaveText("N/A");
  });

  test("each page has its own browser tab title", async ({ page }) => {
    for (const [path, title] of [
      ["/admin", "Admin Dashboard"],
      ["/admin/manage-tasks", "Manage Tasks"],
      ["/admin/reports", "Performance Reports"],
      ["/admin/engagement-chart", "Secretary HED Engagement Chart"],
      ["/tasks", "All Tasks"],
      ["/dashboard", "Dashboard"],
      ["/no/such/page", "Page Not Found"],
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(`${title} · Task Manager`);
    }
    await page.goto("/admin");
    await page.getByRole("link", { name: "Manage Users" }).click();
    await expect(page).toHaveTitle("User Management · Task Manager");
  });
});

test("a signed-out visitor's tab says Sign In", async ({ page }) => {
  await page.goto("/auth");
  await expect(page).toHaveTitle("Sign In · Task Manager");
});

test("a dead file link opened in a new tab says it expired and leads back to the app", async ({
  browser,
  page: admin,
}) => {
  await signInThroughApi(admin, ADMIN.userId, ADMIN.password);
  const holder = await createAccount(admin, unique("Polish Person"));
  const other = await createAccount(admin, unique("Polish Person"));
  const today = await serverToday(admin);
  const fields = {
    subject: unique("Linked brief"),
    assignedTo: holder.id,
    assignDate: today,
    dueDate: today,
  };
  const task = await createTask(admin, fields, true);

  const user = await signedInPage(browser, holder);
  const read = await user.request.get(`/api/tasks/${task.id}`);
  const link = ((await read.json()) as { attachment: { url: string } }).attachment.url;
  // Reassigned away: the holder's link stops working, as an expired one does. The edit sends
  // back the task's current version, read right before it, as Edit Task does.
  const current = await admin.request.get(`/api/tasks/${task.id}`);
  const { version } = (await current.json()) as { version: number };
  const moved = await admin.request.patch(`/api/tasks/${task.id}`, {
    multipart: {
      ...fields,
      assignedTo: other.id,
      taskType: "Task",
      status: "in_progress",
      remarks: "",
      version: String(version),
    },
    headers: ORIGIN,
  });
  expect(moved.status(), await moved.text()).toBe(200);

  const tab = await user.context().newPage();
  const response = await tab.goto(link);
  expect(response?.status()).toBe(404);
  await expect(tab.getByRole("heading", { name: "Link expired" })).toBeVisible();
  await expect(tab.getByText(said(FILE_MESSAGES.linkExpired))).toBeVisible();
  await tab.getByRole("link", { name: "Return to Task Manager" }).click();
  await expect(tab).toHaveURL(`${E2E_BASE_URL}/dashboard`);
  await user.context().close();
});
