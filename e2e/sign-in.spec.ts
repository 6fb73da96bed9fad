import { expect, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { ADMIN, signInThroughForm } from "./support/fixtures";

test("an administrator goes from the landing page through sign-in to the admin panel", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Task Manager" })).toBeVisible();
  await page.getByRole("link", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByLabel("User ID or Email").fill(ADMIN.userId);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Task Manager Dashboard" })).toBeVisible();
  await expect(page.getByText("Welcome back, Administrator - ADMIN")).toBeVisible();
  await expect(page.getByText("Admin Controls")).toBeVisible();

  await page
    .getByRole("link", { name: "Go to Admin Panel" })
    .or(page.getByRole("button", { name: "Go to Admin Panel" }))
    .click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("navigation").getByText("Manage Users")).toBeVisible();
});

test("a wrong password shows the sign-in error and stays on /auth; the right one clears it", async ({
  page,
}) => {
  await page.goto("/auth");
  await page.getByLabel("User ID or Email").fill(ADMIN.userId);
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  const error = page.getByText("Invalid User ID/Email or password");
  await expect(error).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(error).toBeHidden();
});

test("sign out ends the session and lands on /auth", async ({ page }) => {
  await signInThroughForm(page, ADMIN.userId, ADMIN.password);
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth$/);
});

test("the sign-in page has no accessibility violations", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
  await expectNoViolations(page, "the sign-in page");
});
