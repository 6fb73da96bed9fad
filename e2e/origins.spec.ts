import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { E2E_BASE_URL, E2E_PORT } from "./support/env";
import { ADMIN, signInThroughApi } from "./support/fixtures";

/**
 * Another site's page. On localhost with another port it is the same *site* as the app (the
 * port does not count), like a sibling subdomain: the browser sends the admin's SameSite=Lax
 * cookie with its form post, so only the origin check stands between it and a new task.
 */
function startForeignSite(subject: string, assignedTo: string): Promise<Server> {
  const page = `<!doctype html>
<title>Free prizes</title>
<form method="post" action="${E2E_BASE_URL}/api/tasks" enctype="multipart/form-data">
  <input name="subject" value="${subject}">
  <input name="assignedTo" value="${assignedTo}">
  <input name="assignDate" value="2026-01-01">
  <input name="dueDate" value="2026-12-31">
  <button>Claim</button>
</form>`;
  const server = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end(page);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

test("a page of another origin cannot create a task with the administrator's cookie", async ({
  page,
}) => {
  const subject = `Forged ${Date.now().toString(36)}`;
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  // A valid form: were it let through, the task would be created.
  const me = (await (await page.request.get("/api/me")).json()) as { id: string };
  const foreign = await startForeignSite(subject, me.id);
  try {
    const { port } = foreign.address() as AddressInfo;
    await page.goto(`http://localhost:${port}/`);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url() === `${E2E_BASE_URL}/api/tasks` && r.method() === "POST"),
      page.getByRole("button", { name: "Claim" }).click(),
    ]);
    const response = await request.response();
    // The forged request did carry the session: the origin check refused it, not a lost cookie.
    expect(await request.headerValue("cookie")).toContain("session_token");
    expect(response?.status()).toBe(403);
    await expect(page.getByText("which is not the app's address")).toBeVisible();

    const tasks = await page.request.get(`${E2E_BASE_URL}/api/tasks?pageSize=100`);
    const { tasks: list } = (await tasks.json()) as { tasks: { subject: string }[] };
    expect(list.map((task) => task.subject)).not.toContain(subject);
  } finally {
    await new Promise((resolve) => foreign.close(resolve));
  }
});

test("opening the app at another address and signing in says where to open it", async ({
  page,
}) => {
  const elsewhere = `http://127.0.0.1:${E2E_PORT}`;
  await page.goto(`${elsewhere}/auth`);
  // Said before anyone tries, with a link to the right address.
  const notice = page.getByRole("alert").filter({ hasText: "Wrong address" });
  await expect(notice).toContainText(
    `This page was opened at ${elsewhere}, which is not the app's address, so signing in here cannot work. Open the app at its configured address:${E2E_BASE_URL}`,
  );
  await expect(notice.getByRole("link", { name: E2E_BASE_URL })).toHaveAttribute(
    "href",
    `${E2E_BASE_URL}/auth`,
  );
  await page.getByLabel("User ID or Email").fill(ADMIN.userId);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(
    page.getByText(
      `This page was opened at ${elsewhere}, which is not the app's address. Open the app at ${E2E_BASE_URL} as configured.`,
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(`${elsewhere}/auth`);
});
