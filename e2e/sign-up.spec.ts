import { expect, test } from "@playwright/test";

test("a newcomer signs up and lands on the dashboard with the My Tasks card", async ({ page }) => {
  const email = `nadia.${Date.now()}@hed.example`;
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Full Name").fill("Nadia Hussain");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("nadia-password-1");
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();

  await expect(
    page.getByText("Account created successfully! Please check your email to verify your account."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Welcome back, Nadia Hussain - USER")).toBeVisible();
  await expect(page.getByRole("heading", { name: "My Tasks" })).toBeVisible();
  await expect(page.getByText("Admin Controls")).toHaveCount(0);
});
