import type { Page } from "@playwright/test";

/** Today in the server's time zone, as the server reports it with every task list. */
export async function serverToday(page: Page): Promise<string> {
  const res = await page.request.get("/api/tasks?pageSize=1");
  return ((await res.json()) as { today: string }).today;
}
