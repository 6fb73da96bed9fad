import { expect, type Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, E2E_BASE_URL } from "./env";
import { firstLink, waitForMail } from "./mailbox";

export const ADMIN = { userId: "admin", password: E2E_ADMIN_PASSWORD } as const;

/** Fills the Sign In tab of /auth and waits to leave it. */
export async function signInThroughForm(page: Page, identifier: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("User ID or Email").fill(identifier);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs the page's browser context in through the API, for specs about what comes after. */
export async function signInThroughApi(page: Page, identifier: string, password: string) {
  const path = identifier.includes("@") ? "/api/auth/sign-in/email" : "/api/auth/sign-in/username";
  const data = identifier.includes("@")
    ? { email: identifier, password }
    : { username: identifier, password };
  const res = await page.request.post(path, { data, headers: { Origin: E2E_BASE_URL } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A new self-registered account (role user), verified through the link mailed to it and
 * signed in on the given page.
 */
export async function signUpThroughApi(page: Page, fullName: string) {
  const email = `${fullName.toLowerCase().replace(/\W+/g, ".")}.${Date.now()}@hed.example`;
  const password = "e2e-user-password";
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: { name: fullName, email, password },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
  const mail = await waitForMail(email, /verify/i);
  const verified = await page.request.get(firstLink(mail.text), { maxRedirects: 0 });
  expect(verified.status()).toBe(302);
  await signInThroughApi(page, email, password);
  return { email, password };
}
