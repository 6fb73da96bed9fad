import { expect, type Locator, type Page, test } from "@playwright/test";
import { addDays } from "../src/shared/dates";
import { expectNoSeriousViolations } from "./support/axe";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { type Account, createAccount, createTask, ORIGIN, unique } from "./support/records";

/** The live region a toast's text is announced through: its role or its own aria-live. */
function liveRegionOf(text: Locator): Promise<string | null> {
  return text.evaluate((element) => {
    const region = element.closest("[aria-live], [role='alert'], [role='status']");
    if (!region) return null;
    return region.getAttribute("aria-live") ?? region.getAttribute("role");
  });
}

/** The focus ring of an element as painted: its outline and box shadow. */
function focusRingOf(field: Locator): Promise<string> {
  return field.evaluate((element) => {
    const style = getComputedStyle(element);
    return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} | ${style.boxShadow}`;
  });
}

async function completedTask(admin: Page, assignee: Account, assignDate: string) {
  const { id } = await createTask(admin, {
    subject: unique("Trend task"),
    assignedTo: assignee.id,
    assignDate,
    dueDate: addDays(assignDate, 3),
  });
  const done = await admin.request.post(`/api/tasks/${id}/complete`, { headers: ORIGIN });
  expect(done.status(), await done.text()).toBe(200);
}

test("Tab from the top of a signed-in page reaches the skip link first, and it moves focus to main", async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  await page.goto("/admin");
  await expect(page.getByRole("main")).toBeVisible();

  const skipLink = page.getByRole("link", { name: "Skip to main content" });
  await page.keyboard.press("Tab");
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeInViewport();

  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
  await expect(page).toHaveURL(/\/admin$/);
});

test("the sign-in page starts with the skip link too", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
});

test("a text input shows a focus ring when reached from the keyboard", async ({ page }) => {
  await page.goto("/auth");
  const field = page.getByLabel("User ID or Email");
  await expect(field).toBeVisible();
  const unfocused = await focusRingOf(field);

  await page.getByRole("tab", { name: "Sign In" }).focus();
  await page.keyboard.press("Tab");
  await expect(field).toBeFocused();
  const focused = await focusRingOf(field);
  expect(focused).not.toBe(unfocused);
  expect(focused).toMatch(/^solid 2px /);
});

test("toasts are announced: errors assertively, successes politely", async ({ page }) => {
  await page.goto("/auth");
  await page.getByLabel("User ID or Email").fill(`nobody_${Date.now().toString(36)}`);
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  const error = page.getByText("Invalid User ID/Email or password");
  await expect(error).toBeVisible();
  expect(await liveRegionOf(error)).toBe("alert");

  await page.getByRole("button", { name: "Forgot Password?" }).click();
  await page.getByLabel("Email").fill(`nobody.${Date.now()}@hed.example`);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  const success = page.getByText("Password reset email sent! Please check your inbox.");
  await expect(success).toBeVisible();
  expect(await liveRegionOf(success)).toBe("status");
});

test("Reports with rising and falling trends have no serious or critical violations", async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const today = await serverToday(page);
  const tenDaysAgo = addDays(today, -10);
  // Over the last 7 days: Rising completes all of this period's work after none of the last
  // period's; Falling the other way round.
  const rising = await createAccount(page, unique("Rising Reporter"));
  await completedTask(page, rising, today);
  await createTask(page, {
    subject: unique("Trend task"),
    assignedTo: rising.id,
    assignDate: tenDaysAgo,
    dueDate: addDays(today, 5),
  });
  const falling = await createAccount(page, unique("Falling Reporter"));
  await completedTask(page, falling, tenDaysAgo);
  await createTask(page, {
    subject: unique("Trend task"),
    assignedTo: falling.id,
    assignDate: today,
    dueDate: addDays(today, 5),
  });

  await page.goto("/admin/reports?range=7");
  const table = page.getByRole("region", { name: "Performance by user" }).getByRole("table");
  const risingRow = table.getByRole("row", { name: new RegExp(rising.fullName) });
  await expect(risingRow).toContainText("+100%");
  await expect(table.getByRole("row", { name: new RegExp(falling.fullName) })).toContainText(
    "−100%",
  );
  await risingRow.scrollIntoViewIfNeeded();

  await expectNoSeriousViolations(page, "Performance Reports");
});
