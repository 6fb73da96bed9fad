import { expect, test } from "@playwright/test";
import { ADMIN, signInThroughApi, signInThroughForm, signUpThroughApi } from "./support/fixtures";

test("an unknown address shows the 404 page with a way home", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/(auth)?$/);
});

test("signed-out visitors to a protected page are sent to /auth", async ({ page }) => {
  for (const path of ["/dashboard", "/admin", "/tasks", "/user/dashboard", "/engagement-chart"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/auth$/);
  }
});

test("signing in after opening a page signed out comes back to that page; signing out forgets it", async ({
  page,
}) => {
  await page.goto("/admin/pendency");
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel("User ID or Email").fill(ADMIN.userId);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/pendency$/);
  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await expect(page).toHaveURL(/\/auth$/);
  await signInThroughForm(page, ADMIN.userId, ADMIN.password);
});

test("a user is sent from admin and organization pages to /dashboard", async ({ page }) => {
  await signUpThroughApi(page, "Rabia Malik");
  for (const path of [
    "/admin",
    "/admin/manage-users",
    "/admin-old",
    "/organization/dashboard",
    "/organization-old",
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/dashboard$/);
  }
  await page.goto("/user/dashboard");
  await expect(page.getByRole("heading", { name: "My Tasks" })).toBeVisible();
});

test("the sidebar's collapsed state follows Ctrl+B and survives a reload", async ({ page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  await page.goto("/admin");
  const navbar = page.locator("[data-collapsed]");
  await expect(navbar).toHaveAttribute("data-collapsed", "false");

  await page.keyboard.press("Control+b");
  await expect(navbar).toHaveAttribute("data-collapsed", "true");
  await page.reload();
  await expect(page.locator("[data-collapsed]")).toHaveAttribute("data-collapsed", "true");

  await page.getByRole("button", { name: "Toggle Sidebar" }).click();
  await expect(page.locator("[data-collapsed]")).toHaveAttribute("data-collapsed", "false");
  await page.reload();
  await expect(page.locator("[data-collapsed]")).toHaveAttribute("data-collapsed", "false");
});
