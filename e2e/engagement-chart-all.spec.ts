import { expect, type Page, test } from "@playwright/test";
import { addDays, weekOf } from "../src/shared/dates";
import type { EngagementInput } from "../src/shared/engagements";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { ORIGIN } from "./support/records";

// Show All Engagements lists every day in time order, years back included, and opens at this
// week: the past above it, the future below.

async function createEngagement(page: Page, date: string, subject: string) {
  const engagement: EngagementInput = {
    date,
    time: "10:00",
    subject,
    venue: "CS Office",
    responsibility: "Secretary HED",
    status: "Scheduled",
    allowClash: true,
  };
  const res = await page.request.post("/api/engagements", { data: engagement, headers: ORIGIN });
  expect(res.status(), await res.text()).toBe(201);
}

function row(page: Page, subject: string) {
  return page.getByRole("table", { name: "Engagement chart" }).getByRole("row").filter({
    hasText: subject,
  });
}

test("Show All Engagements opens at this week, with the past above it", async ({ page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  const suffix = Date.now().toString(36);
  const week = weekOf(await serverToday(page));
  const oldest = `Oldest review ${suffix}`;
  const thisWeek = `This week's review ${suffix}`;
  const nextMonth = `Next month's review ${suffix}`;
  await createEngagement(page, addDays(week.start, -7 * 104), oldest);
  // Enough past weeks to fill the chart's box more than once.
  for (let weeks = 20; weeks >= 1; weeks -= 1) {
    await createEngagement(page, addDays(week.start, -7 * weeks), `Past review ${weeks} ${suffix}`);
  }
  await createEngagement(page, addDays(week.start, 2), thisWeek);
  await createEngagement(page, addDays(week.start, 30), nextMonth);

  await page.goto(`/engagement-chart?search=${suffix}&range=all`);
  await expect(row(page, thisWeek)).toBeInViewport();
  await expect(row(page, oldest)).not.toBeInViewport();
  await expect(row(page, "Past review 20 ")).not.toBeInViewport();
  // The last past week sits just above, scrolled out but within reach.
  await expect(row(page, `Past review 1 ${suffix}`)).toHaveCount(1);

  // The same from the switch on the week's chart.
  await page.goto(`/engagement-chart?search=${suffix}`);
  await expect(row(page, thisWeek)).toBeVisible();
  await page.getByRole("switch", { name: "Show All Engagements" }).click();
  await expect(row(page, oldest)).toHaveCount(1);
  await expect(row(page, thisWeek)).toBeInViewport();
  await expect(row(page, oldest)).not.toBeInViewport();
});
