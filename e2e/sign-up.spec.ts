import { expect, test } from "@playwright/test";
import { firstLink, waitForMail } from "./support/mailbox";

test("a newcomer signs up, verifies the e-mail address, then signs in to the My Tasks card", async ({
  page,
}) => {
  const email = `nadia.${Date.now()}@hed.example`;
  const password = "nadia-password-1";
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Full Name").fill("Nadia Hussain");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();

  await expect(
    page.getByText("Account created successfully! Please check your email to verify your account."),
  ).toBeVisible();
  // No session yet: the page stays on /auth until the link in the e-mail is followed.
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByRole("tab", { name: "Sign In" }).click();
  await page.getByLabel("User ID or Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText(/Please verify your e-mail address before signing in/)).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  const mail = await waitForMail(email, /verify/i);
  await page.goto(firstLink(mail.text));
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByLabel("User ID or Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Welcome back, Nadia Hussain - USER")).toBeVisible();
  await expect(page.getByRole("heading", { name: "My Tasks" })).toBeVisible();
  await expect(page.getByText("Admin Controls")).toHaveCount(0);
});

test("the Sign Up tab refuses a common password and a reserved name before sending", async ({
  page,
}) => {
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Full Name").fill("Administrator");
  await page.getByLabel("Email").fill(`reserved.${Date.now()}@hed.example`);
  await page.getByLabel("Password", { exact: true }).fill("      ");
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(
    page.getByText("This name is reserved. Please enter your own full name."),
  ).toBeVisible();
  await expect(page.getByText("Password cannot be only spaces")).toBeVisible();

  // The common-password list lives on the server; its answer shows as the toast.
  await page.getByLabel("Full Name").fill("Kashif Mehmood");
  await page.getByLabel("Password", { exact: true }).fill("password123");
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page.getByText("This password is too common. Please choose another.")).toBeVisible();
});
