import { expect, test } from "@playwright/test";
import { signUpThroughApi } from "./support/fixtures";
import { firstLink, waitForMail } from "./support/mailbox";

test("a user resets a forgotten password through the e-mailed link", async ({ page, browser }) => {
  const setup = await browser.newPage();
  const account = await signUpThroughApi(setup, "Imran Qureshi");
  await setup.close();

  await page.goto("/auth");
  await page
    .getByRole("button", { name: "Forgot Password?" })
    .or(page.getByRole("link", { name: "Forgot Password?" }))
    .click();
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Password reset email sent! Please check your inbox.")).toBeVisible();

  const mail = await waitForMail(account.email, /reset/i);
  await page.goto(firstLink(mail.text));
  await expect(page).toHaveURL(/\/auth\?token=/);

  await page.getByLabel("New Password", { exact: true }).fill("imran-new-password");
  await page.getByLabel("Confirm New Password").fill("imran-new-password");
  await page
    .getByRole("button", { name: /set new password|update password|reset password/i })
    .click();
  await expect(page.getByRole("tab", { name: "Sign In", selected: true })).toBeVisible();

  await page.getByLabel("User ID or Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill("imran-new-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Welcome back, Imran Qureshi - USER")).toBeVisible();
});
