import { type Browser, expect, type Page } from "@playwright/test";
import type { ReceiptItem } from "../../src/shared/dak";
import type { EngagementInput } from "../../src/shared/engagements";
import type { Role } from "../../src/shared/roles";
import type { UserListPage } from "../../src/shared/users";
import { PDF_BYTES } from "../../tests/helpers/files";
import { E2E_BASE_URL } from "./env";
import { signInThroughApi } from "./fixtures";

/** What the API expects of a request that changes something (the origin check). */
export const ORIGIN = { Origin: E2E_BASE_URL };
/** The password of every account the specs create. */
export const PASSWORD = "e2e-user-password";

/** Several specs share one database: names get a suffix so each test finds its own rows. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

export type Account = { id: string; userId: string; fullName: string };

/** An account made through the admin API by the signed-in admin page. */
export async function createAccount(
  admin: Page,
  fullName: string,
  role: Role = "user",
): Promise<Account> {
  const userId = `e2e_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const res = await admin.request.post("/api/admin/users", {
    data: { userId, password: PASSWORD, fullName, role },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, userId, fullName };
}

/**
 * A user account given the Receipt and Issue duty (an R&I clerk: keeps the registers) through
 * Edit Account's API by the signed-in admin page.
 */
export async function createClerk(admin: Page, fullName: string): Promise<Account> {
  const clerk = await createAccount(admin, fullName);
  const found = await admin.request.get("/api/admin/users", {
    params: { search: clerk.userId },
  });
  const { users } = (await found.json()) as UserListPage;
  const { version } = users.find((one) => one.id === clerk.id) ?? { version: 0 };
  const res = await admin.request.patch(`/api/admin/users/${clerk.id}`, {
    data: { fullName, role: "user", receiptIssueDuty: true, version },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(200);
  return clerk;
}

/** A browser context of its own (own cookies) signed in as the account. */
export async function signedInPage(browser: Browser, account: Account): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInThroughApi(page, account.userId, PASSWORD);
  return page;
}

export type TaskFields = {
  subject: string;
  assignedTo: string;
  assignDate: string;
  dueDate: string;
};

/** A task made through the API by the signed-in admin page, with a PDF brief if asked. */
export async function createTask(admin: Page, fields: TaskFields, withAttachment = false) {
  const attachment = { name: "brief.pdf", mimeType: "application/pdf", buffer: PDF_BYTES };
  const res = await admin.request.post("/api/tasks", {
    multipart: withAttachment ? { ...fields, attachment } : fields,
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

/** A Scheduled 11:15 engagement (clashes allowed), made through the API by the admin page. */
export async function createEngagement(
  admin: Page,
  fields: Pick<EngagementInput, "subject" | "date"> & Partial<EngagementInput>,
) {
  const res = await admin.request.post("/api/engagements", {
    data: {
      time: "11:15",
      venue: "HED Committee Room",
      responsibility: "Secretary HED",
      status: "Scheduled",
      allowClash: true,
      ...fields,
    },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

/** A letter diarised through the API by a keeper's page: by post, General, unless told. */
export async function diariseReceipt(
  keeper: Page,
  fields: Record<string, string>,
): Promise<ReceiptItem> {
  const res = await keeper.request.post("/api/receipts", {
    multipart: { mode: "post", category: "General", ...fields },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { receipt: ReceiptItem }).receipt;
}
