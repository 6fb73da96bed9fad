import { expect, type Page, test } from "@playwright/test";
import { type AppServer, startAppServer } from "../scripts/app-server";
import { addDays } from "../src/shared/dates";
import { expectFits, expectNoViolations, PHONE } from "./support/axe";
import { serverToday } from "./support/dates";
import { E2E_BASE_URL, E2E_PORT, E2E_SERVER } from "./support/env";
import { ADMIN, signInThroughApi, signInThroughForm } from "./support/fixtures";
import { createAccount, signedInPage, unique } from "./support/records";

const ORIGIN = { Origin: E2E_BASE_URL };

/** A fresh database per run, but several tests share it: each account gets its own suffix. */
function uniqueUserId(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}`;
}

async function openManageUsers(page: Page) {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  await page.goto("/admin/manage-users");
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
}

/** Creates an account through the API as the signed-in admin; returns its id. */
async function createUserThroughApi(
  page: Page,
  account: { userId: string; fullName: string; password?: string },
) {
  const res = await page.request.post("/api/admin/users", {
    data: { password: "e2e-user-password", ...account },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

function usersTable(page: Page) {
  return page.getByRole("table", { name: "Users" });
}

test("an admin creates a User ID account, resets its password and deletes it with a hand-over", async ({
  page,
  browser,
}) => {
  const userId = uniqueUserId("nadia");
  const firstPassword = "first-password";
  const secondPassword = "second-password";

  await openManageUsers(page);
  await page.getByRole("button", { name: "Create New User" }).click();
  const createDialog = page.getByRole("dialog", { name: "Create New User" });
  await createDialog.getByLabel("User ID").fill(userId);
  await createDialog.getByRole("textbox", { name: "Password", exact: true }).fill(firstPassword);
  await createDialog.getByLabel("Full Name").fill("Nadia Karim");
  await expect(createDialog.getByRole("combobox", { name: "Role" })).toHaveValue("User");
  await createDialog.getByRole("button", { name: "Create User" }).click();
  await expect(page.getByText("User created successfully")).toBeVisible();
  await expect(createDialog).toBeHidden();
  const row = usersTable(page).getByRole("row", { name: /Nadia Karim/ });
  await expect(row).toContainText(userId);
  await expect(row).toContainText("User");

  // The new account signs in with its User ID alone.
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await signInThroughForm(page, userId, firstPassword);
  await expect(page.getByRole("heading", { name: "My Tasks" })).toBeVisible();
  await page.getByRole("link", { name: "View My Tasks" }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole("heading", { name: "My Tasks" })).toBeVisible();
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // Back as the admin, give the user a task so that deleting them needs a hand-over.
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const listed = await page.request.get(`/api/admin/users?search=${userId}`);
  const [nadia] = ((await listed.json()) as { users: Array<{ id: string }> }).users;
  const today = await serverToday(page);
  const created = await page.request.post("/api/tasks", {
    multipart: {
      subject: "Compile the enrolment figures",
      assignedTo: nadia.id,
      assignDate: today,
      dueDate: addDays(today, 7),
    },
    headers: ORIGIN,
  });
  expect(created.status(), await created.text()).toBe(201);
  const task = (await created.json()) as { id: string };

  await page.goto("/admin/manage-users");
  await page.getByRole("button", { name: "Change password for Nadia Karim" }).click();
  const passwordDialog = page.getByRole("dialog", { name: "Change Password" });
  await passwordDialog.getByLabel("New Password").fill("12345");
  await passwordDialog.getByRole("button", { name: "Change Password" }).click();
  await expect(
    passwordDialog.getByText("Password must be at least 6 characters long"),
  ).toBeVisible();
  await passwordDialog.getByLabel("New Password").fill(secondPassword);
  await passwordDialog.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Password changed successfully for Nadia Karim")).toBeVisible();
  await expect(passwordDialog).toBeHidden();

  // In a separate browser, so the admin stays signed in here.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto("/auth");
  await otherPage.getByLabel("User ID or Email").fill(userId);
  await otherPage.getByRole("textbox", { name: "Password", exact: true }).fill(firstPassword);
  await otherPage.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(otherPage.getByText("Invalid User ID/Email or password")).toBeVisible();
  await signInThroughForm(otherPage, userId, secondPassword);
  await other.close();

  await page.getByRole("button", { name: "Delete Nadia Karim" }).click();
  const deleteDialog = page.getByRole("dialog", { name: "Delete User" });
  await expect(deleteDialog).toContainText("Are you sure you want to delete Nadia Karim?");
  await expect(deleteDialog).toContainText("Nadia Karim has 1 task.");
  const deleteButton = deleteDialog.getByRole("button", { name: "Delete" });
  await expect(deleteButton).toBeDisabled();
  await deleteDialog.getByRole("combobox", { name: "Hand over tasks to" }).click();
  await expect(page.getByRole("option", { name: /Nadia Karim/ })).toHaveCount(0);
  await page.getByRole("option", { name: "Administrator (admin)" }).click();
  await deleteButton.click();
  await expect(page.getByText("User deleted successfully")).toBeVisible();
  await expect(deleteDialog).toBeHidden();
  await expect(usersTable(page).getByRole("row", { name: /Nadia Karim/ })).toHaveCount(0);

  const me = (await (await page.request.get("/api/me")).json()) as { id: string };
  const handedOver = (await (await page.request.get(`/api/tasks/${task.id}`)).json()) as {
    assignedTo: string;
  };
  expect(handedOver.assignedTo).toBe(me.id);
});

test("the admin can neither delete their own account nor change their own role", async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  await page.goto("/admin/manage-users?search=Administrator");
  await expect(page.getByRole("button", { name: "Delete Administrator" })).toBeDisabled();
  await page.getByRole("button", { name: "Edit Administrator" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit User" });
  await expect(dialog.getByLabel("Full Name")).toBeEnabled();
  await expect(dialog.getByRole("combobox", { name: "Role" })).toBeDisabled();
});

test("searching narrows the table, and search and page survive a reload", async ({ page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const farah = uniqueUserId("farah");
  await createUserThroughApi(page, { userId: farah, fullName: "Farah Siddiqui" });
  await createUserThroughApi(page, { userId: uniqueUserId("omar"), fullName: "Omar Farooq" });

  await page.goto("/admin/manage-users");
  const table = usersTable(page);
  await expect(table.getByRole("row", { name: /Omar Farooq/ })).toBeVisible();
  await page.getByLabel("Search users").fill("siddiqui");
  await expect(table.getByRole("row", { name: /Omar Farooq/ })).toHaveCount(0);
  await expect(table.getByRole("row", { name: /Farah Siddiqui/ })).toBeVisible();
  await expect(page).toHaveURL(/search=siddiqui/);

  await page.reload();
  await expect(page.getByLabel("Search users")).toHaveValue("siddiqui");
  await expect(table.getByRole("row", { name: /Farah Siddiqui/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /Omar Farooq/ })).toHaveCount(0);

  await page.getByLabel("Search users").fill(farah.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`search=${farah.toUpperCase()}`));
  await expect(table.getByRole("row", { name: /Farah Siddiqui/ })).toBeVisible();

  await page.getByLabel("Search users").fill("nobody-by-this-name");
  await expect(page.getByText("No users match your search")).toBeVisible();

  // Enough accounts for a second page.
  await page.getByLabel("Search users").fill("");
  await expect(page).not.toHaveURL(/search=/);
  for (let i = 0; i < 20; i += 1) {
    await createUserThroughApi(page, { userId: uniqueUserId(`bulk${i}`), fullName: `Bulk ${i}` });
  }
  await page.reload();
  await page
    .getByRole("navigation", { name: "User pages" })
    .getByRole("button", { name: "2" })
    .click();
  await expect(page).toHaveURL(/page=2/);
  await page.reload();
  await expect(
    page.getByRole("navigation", { name: "User pages" }).getByRole("button", { name: "2" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(table.getByRole("row")).not.toHaveCount(1);
});

test("the create dialog's field errors read clearly in Urdu too", async ({ page, browser }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  // An administrator of its own: the language chosen is kept on the account.
  const admin = await signedInPage(
    browser,
    await createAccount(page, unique("Urdu Admin"), "admin"),
  );
  await admin.goto("/admin/manage-users");
  await admin.getByRole("button", { name: "اردو" }).click();
  await admin.getByRole("button", { name: "نیا صارف بنائیں" }).click();
  const dialog = admin.getByRole("dialog", { name: "نیا صارف بنائیں" });
  await dialog.getByRole("button", { name: "صارف بنائیں" }).click();
  await expect(dialog.locator(".mantine-InputWrapper-error").first()).toBeVisible();
  await expectNoViolations(admin, "Create New User in Urdu, showing its field errors");
  await admin.context().close();
});

test("the create dialog checks required fields and shows the server's duplicate message", async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const taken = uniqueUserId("taken");
  await createUserThroughApi(page, { userId: taken, fullName: "Taken Already" });

  await page.goto("/admin/manage-users");
  await page.getByRole("button", { name: "Create New User" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New User" });
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(
    dialog.getByText("Please fill in User ID, Password and Full Name").first(),
  ).toBeVisible();
  // Each field's error reads at 4.5:1 or more (Mantine's red 6 was 3.28:1 on white).
  await expectNoViolations(page, "Create New User showing its field errors");

  await dialog.getByLabel("User ID").fill(taken.toUpperCase());
  await dialog.getByRole("textbox", { name: "Password", exact: true }).fill("secret-1");
  await dialog.getByLabel("Full Name").fill("Someone Else");
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(page.getByText(`User ID "${taken.toUpperCase()}" is already taken`)).toBeVisible();
  await expect(dialog).toBeVisible();
});

test("an admin edits a user's name and role", async ({ page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  await createUserThroughApi(page, { userId: uniqueUserId("bilal"), fullName: "Bilal Ahmed" });
  await page.goto("/admin/manage-users");

  await page.getByRole("button", { name: "Edit Bilal Ahmed" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit User" });
  await expect(dialog.getByLabel("Email")).toHaveValue("");
  await dialog.getByLabel("Full Name").fill("");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByText("Please fill in all fields")).toBeVisible();

  await dialog.getByLabel("Full Name").fill("Bilal Ahmed Khan");
  await dialog.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: "Organization Head" }).click();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("User updated successfully")).toBeVisible();
  const row = usersTable(page).getByRole("row", { name: /Bilal Ahmed Khan/ });
  await expect(row).toContainText("Organization Head");
});

test("the page works at 360 px wide and has no accessibility violations", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openManageUsers(page);
  await expect(usersTable(page).getByRole("rowheader").first()).toBeVisible();
  await expectFits(page, PHONE.width, "Manage Users");
  await expectNoViolations(page, "Manage Users");

  await page.getByRole("button", { name: "Create New User" }).click();
  await expect(page.getByRole("dialog", { name: "Create New User" })).toBeVisible();
  await expectNoViolations(page, "Create New User");
});

test.describe("sign-up that waits for approval", () => {
  // The shared e2e server keeps open sign-up for the other specs; this one runs its own.
  let server: AppServer;
  test.beforeAll(async () => {
    server = await startAppServer({
      port: E2E_PORT + 50,
      bundle: E2E_SERVER.bundle,
      env: {
        ADMIN_PASSWORD: ADMIN.password,
        SIGNUP_ENABLED: "approval",
        LOG_LEVEL: "warn",
        WEB_DIR: E2E_SERVER.webDir,
      },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("an admin approves one waiting sign-up and rejects another from the Pending tab", async ({
    page,
  }) => {
    const headers = { Origin: server.url };
    const stamp = Date.now();
    for (const name of ["Waiting Approved", "Waiting Rejected"]) {
      const res = await page.request.post(`${server.url}/api/auth/sign-up/email`, {
        data: {
          name,
          email: `${name.replace(" ", ".")}.${stamp}@hed.example`,
          password: "waiting-pass-1",
        },
        headers,
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    const signIn = await page.request.post(`${server.url}/api/auth/sign-in/username`, {
      data: { username: ADMIN.userId, password: ADMIN.password },
      headers,
    });
    expect(signIn.status()).toBe(200);

    await page.goto(`${server.url}/admin/manage-users`);
    await expect(usersTable(page).getByRole("row", { name: /Waiting Approved/ })).toHaveCount(0);
    await page.getByRole("tab", { name: "Pending" }).click();
    await expect(page).toHaveURL(/tab=pending/);
    const pending = page.getByRole("table", { name: "Pending sign-ups" });
    await expect(pending.getByRole("row", { name: /Waiting Approved/ })).toContainText("Not yet");

    await page.getByRole("button", { name: "Approve Waiting Approved" }).click();
    await expect(page.getByText("Waiting Approved can now sign in")).toBeVisible();
    await expect(pending.getByRole("row", { name: /Waiting Approved/ })).toHaveCount(0);

    await page.getByRole("button", { name: "Reject Waiting Rejected" }).click();
    const confirm = page.getByRole("dialog", { name: "Reject Sign-up" });
    await expect(confirm).toContainText("Reject the sign-up of Waiting Rejected?");
    await confirm.getByRole("button", { name: "Reject" }).click();
    await expect(page.getByText("The sign-up of Waiting Rejected was rejected")).toBeVisible();
    await expect(page.getByText("No sign-ups are waiting")).toBeVisible();

    await page.getByRole("tab", { name: "Users" }).click();
    await expect(usersTable(page).getByRole("row", { name: /Waiting Approved/ })).toBeVisible();
    await expect(usersTable(page).getByRole("row", { name: /Waiting Rejected/ })).toHaveCount(0);
  });
});
