import { expect, type Page, test } from "@playwright/test";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { createAccount, ORIGIN, signedInPage, unique } from "./support/records";

// Issue 18's saved views in the browser: a list's filters saved under a name, pinned in the
// sidebar and opened from there; an admin's shared view reaching an organization head.

/** A toast with this text (an error is an alert, a success a status). */
function toast(page: Page, text: string) {
  return page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: text });
}

/** Opens the list's Views menu, then the named view's own menu. */
async function openViewMenu(page: Page, name: string) {
  await page.getByRole("button", { name: "Views" }).click();
  await page.getByRole("menuitem", { name }).click();
}

test("an admin saves Manage Tasks' filters as a view, pins it and opens it from the sidebar", async ({
  page,
}) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const name = unique("Late work");
  await page.goto("/admin/manage-tasks");
  const status = page.getByRole("combobox", { name: "Status" });
  await status.click();
  await page.getByRole("option", { name: "All Over Due" }).click();
  await expect(page).toHaveURL(/status=overdue/);

  await page.getByRole("button", { name: "Views" }).click();
  await page.getByRole("menuitem", { name: "Save current view…" }).click();
  const dialog = page.getByRole("dialog", { name: "Save current view" });
  await expect(dialog.getByRole("switch", { name: "Share with everyone" })).toBeVisible();
  await dialog.getByRole("textbox", { name: "View name" }).fill(name);
  await dialog.getByRole("button", { name: "Save view" }).click();
  await expect(toast(page, "View saved")).toBeVisible();
  await expect(dialog).toBeHidden();

  await openViewMenu(page, name);
  await page.getByRole("menuitem", { name: "Pin in sidebar" }).click();
  await expect(toast(page, "View pinned in the sidebar")).toBeVisible();
  const pinned = page.getByRole("link", { name });
  await expect(pinned).toBeVisible();

  await page.getByRole("link", { name: "Reports" }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await pinned.click();
  await expect(page).toHaveURL(/\/admin\/manage-tasks\?status=overdue$/);
  await expect(status).toHaveValue("All Over Due");
});

test("an admin's shared view of the decisions reaches an organization head", async ({
  page,
  browser,
}) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const name = unique("Overdue decisions");
  const res = await page.request.post("/api/views", {
    data: { list: "decisions", name, query: "status=overdue", shared: true },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(201);
  const head = await signedInPage(
    browser,
    await createAccount(page, unique("Head"), "organization_head"),
  );

  await head.goto("/organization/decisions");
  await head.getByRole("button", { name: "Views" }).click();
  const item = head.getByRole("menuitem", { name });
  await expect(item).toContainText("Shared");
  await item.click();
  // Shared with them, not theirs: they may pin and open it, not rename, share or delete it.
  await expect(head.getByRole("menuitem", { name: "Rename…" })).toHaveCount(0);
  await expect(head.getByRole("menuitem", { name: "Delete…" })).toHaveCount(0);
  await head.getByRole("menuitem", { name: "Pin in sidebar" }).click();
  await head.getByRole("link", { name }).click();
  await expect(head).toHaveURL(/\/organization\/decisions\?status=overdue$/);
  await expect(head.getByRole("combobox", { name: "Status" })).toHaveValue("Overdue");
});
