import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { addMonths, differenceInCalendarMonths, format, parseISO } from "date-fns";
import { addDays, formatDisplayDate, todayIn, weekOf } from "../src/shared/dates";
import { ENGAGEMENT_MESSAGES, type EngagementInput } from "../src/shared/engagements";
import { said } from "../src/shared/i18n/server-instance";
import { expectFits, expectNoViolations, PHONE } from "./support/axe";
import { ADMIN, signInThroughApi, signUpThroughApi } from "./support/fixtures";
import { createEngagement, unique } from "./support/records";

// The server's week and today are the office's (APP_TIMEZONE, Asia/Karachi by default); the
// browser runs there too, so the date picker opens on the office's month.
const OFFICE_ZONE = "Asia/Karachi";
test.use({ timezoneId: OFFICE_ZONE });

const today = todayIn(OFFICE_ZONE);
const week = weekOf(today);

/** This week's day, 0 for Monday to 6 for Sunday, as yyyy-MM-dd. */
function weekday(offset: number): string {
  return addDays(week.start, offset);
}

type Engagement = Required<
  Omit<EngagementInput, "allowClash" | "participants" | "guests" | "followUpOf" | "statusReason">
>;

function meeting(fields: Partial<Engagement> & Pick<Engagement, "subject">): Engagement {
  return {
    date: weekday(2),
    time: "10:30",
    venue: "HED Committee Room",
    responsibility: "Secretary HED",
    status: "Scheduled",
    ...fields,
  };
}

async function signInAsAdmin(page: Page) {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
}

/** A second person, signed up as a user, looking at the chart in their own browser. */
async function openUserChart(browser: Browser) {
  const context = await browser.newContext({ timezoneId: OFFICE_ZONE });
  const page = await context.newPage();
  await signUpThroughApi(page, "Chart Reader");
  await page.goto("/user/engagement-chart");
  await expect(
    page.getByRole("heading", { name: said(ENGAGEMENT_MESSAGES.chartTitle) }),
  ).toBeVisible();
  return { page, close: () => context.close() };
}

async function openManageEngagements(page: Page) {
  await page.goto("/admin/manage-engagements");
  await expect(page.getByRole("heading", { name: "Manage Engagements" })).toBeVisible();
}

/** Picks a day in a DatePickerInput, paging the calendar from the month it opens on. */
async function pickDate(page: Page, field: Locator, isoDate: string, openMonth: string) {
  await field.click();
  const months = differenceInCalendarMonths(parseISO(isoDate), parseISO(openMonth));
  for (let i = 0; i < Math.abs(months); i++) {
    await page
      .getByRole("button", { name: months > 0 ? "Next month" : "Previous month", exact: true })
      .click();
  }
  await page
    .getByRole("button", { name: format(parseISO(isoDate), "d MMMM yyyy"), exact: true })
    .click();
}

async function choose(page: Page, dialog: Locator, label: string, option: string) {
  await dialog.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Fills the Create New Engagement or Edit Engagement form. */
async function fillForm(page: Page, dialog: Locator, engagement: Engagement, openMonth = today) {
  await pickDate(page, dialog.getByRole("button", { name: "Date" }), engagement.date, openMonth);
  await dialog.getByLabel("Time").fill(engagement.time);
  await dialog.getByLabel("Subject").fill(engagement.subject);
  await choose(page, dialog, "Venue", engagement.venue);
  await dialog.getByLabel("In Attendance").fill(engagement.responsibility);
  await choose(page, dialog, "Status", engagement.status);
}

function row(page: Page, table: string, subject: string) {
  return page.getByRole("table", { name: table }).getByRole("row", { name: new RegExp(subject) });
}

test("an admin creates, edits and deletes an engagement while a user's open chart follows", async ({
  page,
  browser,
}) => {
  const reader = await openUserChart(browser);
  await expect(
    reader.page.getByText(
      `Week of ${formatDisplayDate(week.start)} – ${formatDisplayDate(week.end)}`,
    ),
  ).toBeVisible();

  await signInAsAdmin(page);
  await openManageEngagements(page);
  await page.getByRole("button", { name: "Create New Engagement" }).click();
  const createDialog = page.getByRole("dialog", { name: "Create New Engagement" });
  await createDialog.getByRole("button", { name: "Create Engagement" }).click();
  await expect(createDialog.getByText(said(ENGAGEMENT_MESSAGES.required)).first()).toBeVisible();

  const engagement = meeting({ subject: unique("Budget review") });
  await fillForm(page, createDialog, engagement);
  await createDialog.getByRole("button", { name: "Create Engagement" }).click();
  await expect(page.getByText(said(ENGAGEMENT_MESSAGES.created))).toBeVisible();
  await expect(createDialog).toBeHidden();
  const created = row(page, "Engagements", engagement.subject);
  for (const text of [formatDisplayDate(engagement.date), "10:30", "HED Committee Room"]) {
    await expect(created).toContainText(text);
  }
  await expect(created).toContainText("Secretary HED");
  await expect(created).toContainText("Scheduled");
  await expectNoViolations(page, page.url());

  // The user's chart was open all along: the live update brings the new row without a reload.
  const readerRow = row(reader.page, "Engagement chart", engagement.subject);
  await expect(readerRow).toContainText("10:30");
  await expect(
    reader.page.getByRole("rowheader", {
      name: format(parseISO(engagement.date), "EEEE, MMM dd, yyyy"),
    }),
  ).toBeVisible();

  await page.getByRole("button", { name: `View ${engagement.subject}` }).click();
  const details = page.getByRole("dialog", { name: "Engagement Details" });
  await expect(details).toContainText(engagement.subject);
  await expect(details).toContainText("10:30");
  await expectNoViolations(page, page.url());
  await details.getByRole("button", { name: "Close" }).click();
  await expect(details).toBeHidden();

  const edited = meeting({
    subject: `${engagement.subject} moved`,
    date: weekday(3),
    // Not 11:15, the time other specs' engagements take (records.createEngagement): this one
    // must not clash with theirs when Thursday is today.
    time: "16:40",
    status: "Postponed",
  });
  await page.getByRole("button", { name: `Edit ${engagement.subject}` }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit Engagement" });
  await expect(editDialog.getByLabel("Subject")).toHaveValue(engagement.subject);
  await fillForm(page, editDialog, edited, engagement.date);
  // A postponement asks why.
  await editDialog
    .getByRole("textbox", { name: "Reason for postponement" })
    .fill("Minister on tour");
  await editDialog.getByRole("button", { name: "Save Changes" }).click();
  const confirmUpdate = page.getByRole("dialog", { name: "Update Engagement" });
  await expect(confirmUpdate).toContainText(said(ENGAGEMENT_MESSAGES.confirmUpdate));
  await confirmUpdate.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText(said(ENGAGEMENT_MESSAGES.updated))).toBeVisible();
  await expect(editDialog).toBeHidden();
  const updated = row(page, "Engagements", edited.subject);
  await expect(updated).toContainText("16:40");
  await expect(updated).toContainText("Postponed");
  await expect(updated).toContainText(
    `Postponed from ${formatDisplayDate(engagement.date)}: Minister on tour`,
  );
  await expect(row(reader.page, "Engagement chart", edited.subject)).toContainText("Postponed");

  await page.getByRole("button", { name: `Delete ${edited.subject}` }).click();
  const confirmDelete = page.getByRole("dialog", { name: "Delete Engagement" });
  await expect(confirmDelete).toContainText(said(ENGAGEMENT_MESSAGES.confirmDelete));
  await confirmDelete.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(said(ENGAGEMENT_MESSAGES.deleted))).toBeVisible();
  await expect(updated).toHaveCount(0);
  await expect(row(reader.page, "Engagement chart", edited.subject)).toHaveCount(0);
  await reader.close();
});

test("the chart shows this week until Show All Engagements is switched on", async ({ page }) => {
  await signInAsAdmin(page);
  const suffix = Date.now().toString(36);
  const thisWeek = meeting({ subject: `Weekly sync ${suffix}`, date: weekday(0), time: "09:00" });
  const later = meeting({
    subject: `Senate meeting ${suffix}`,
    date: format(addMonths(parseISO(today), 1), "yyyy-MM-dd"),
    venue: "Cabinet Room",
  });
  await createEngagement(page, thisWeek);
  await createEngagement(page, later);

  await page.goto(`/engagement-chart?search=${suffix}`);
  await expect(row(page, "Engagement chart", thisWeek.subject)).toContainText("09:00");
  await expect(row(page, "Engagement chart", later.subject)).toHaveCount(0);

  await page.getByRole("switch", { name: "Show All Engagements" }).click();
  await expect(page).toHaveURL(/range=all/);
  await expect(page.getByText("All Engagements", { exact: true })).toBeVisible();
  await expect(row(page, "Engagement chart", later.subject)).toBeVisible();
  // Date and time order, a header row above each day.
  await expect(page.getByRole("table", { name: "Engagement chart" }).getByRole("row")).toHaveText([
    /Time.*Subject/,
    format(parseISO(thisWeek.date), "EEEE, MMM dd, yyyy"),
    new RegExp(thisWeek.subject),
    format(parseISO(later.date), "EEEE, MMM dd, yyyy"),
    new RegExp(later.subject),
  ]);

  // The filters live in the URL: a reload keeps them.
  await page.getByRole("combobox", { name: "Venue" }).click();
  await page.getByRole("option", { name: "Cabinet Room", exact: true }).click();
  await expect(row(page, "Engagement chart", thisWeek.subject)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Venue" })).toHaveValue("Cabinet Room");
  await expect(page.getByRole("searchbox", { name: "Search Subject" })).toHaveValue(suffix);
  await expect(row(page, "Engagement chart", later.subject)).toBeVisible();
  await expect(row(page, "Engagement chart", thisWeek.subject)).toHaveCount(0);
  await expectNoViolations(page, page.url());
});

test("a double booking asks first, and Save anyway saves it", async ({ page }) => {
  await signInAsAdmin(page);
  const slot = { date: weekday(4), time: "15:00", venue: "Secretary Board Room" } as const;
  const first = meeting({ ...slot, subject: unique("First booking") });
  const second = meeting({ ...slot, subject: unique("Second booking") });
  await createEngagement(page, first);

  await openManageEngagements(page);
  await page.getByRole("button", { name: "Create New Engagement" }).click();
  const createDialog = page.getByRole("dialog", { name: "Create New Engagement" });
  await expect(createDialog.getByLabel("Subject")).toBeVisible();
  await expectNoViolations(page, page.url());
  await fillForm(page, createDialog, second);
  await createDialog.getByRole("button", { name: "Create Engagement" }).click();
  const warning = page.getByRole("dialog", { name: "Clash with another engagement" });
  await expect(warning).toContainText(
    said(
      ENGAGEMENT_MESSAGES.clash(slot.venue, formatDisplayDate(slot.date), slot.time, first.subject),
    ),
  );

  // Backing off keeps the form as it was.
  await warning.getByRole("button", { name: "Cancel" }).click();
  await expect(warning).toBeHidden();
  await expect(createDialog.getByLabel("Subject")).toHaveValue(second.subject);

  await createDialog.getByRole("button", { name: "Create Engagement" }).click();
  await warning.getByRole("button", { name: "Save anyway" }).click();
  await expect(page.getByText(said(ENGAGEMENT_MESSAGES.created))).toBeVisible();
  await expect(createDialog).toBeHidden();
  await expect(row(page, "Engagements", first.subject)).toContainText("15:00");
  await expect(row(page, "Engagements", second.subject)).toContainText("15:00");
});

test("the chart prints on A4 landscape with its week in the title and without the app around it", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const engagement = meeting({ subject: unique("Printed item"), date: weekday(1) });
  await createEngagement(page, engagement);
  await page.goto("/admin/engagement-chart");
  await expect(row(page, "Engagement chart", engagement.subject)).toBeVisible();
  await expectNoViolations(page, page.url());

  const printTitle = `${said(ENGAGEMENT_MESSAGES.chartTitle)} — Week of ${formatDisplayDate(week.start)} to ${formatDisplayDate(week.end)}`;
  await expect(page.getByText(printTitle)).toBeHidden();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByText(printTitle)).toBeVisible();
  await expect(row(page, "Engagement chart", engagement.subject)).toBeVisible();
  for (const control of ["Print Engagement Chart", "Subscribe in calendar", "Sign Out"]) {
    await expect(page.getByRole("button", { name: control })).toBeHidden();
  }
  await expect(page.getByRole("switch", { name: "Show All Engagements" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Manage Engagements" })).toBeHidden();

  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  expect(pdf.length).toBeGreaterThan(0);
  // A4 landscape is 842 by 595 points.
  const [width, height] = (
    pdf.toString("latin1").match(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)/) ?? []
  )
    .slice(1)
    .map(Number);
  expect(Math.round(width)).toBe(842);
  expect(Math.round(height)).toBe(595);
});

test("everyone gets a private calendar address to copy, and can reset it", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpThroughApi(page, "Calendar Reader");
  await page.goto("/engagement-chart");
  await page.getByRole("button", { name: "Subscribe in calendar" }).click();
  const dialog = page.getByRole("dialog", { name: "Subscribe in calendar" });
  await expect(dialog).toContainText("as an internet calendar subscription; keep it private");
  const address = dialog.getByRole("textbox", { name: "Your calendar address" });
  await expect(address).toHaveValue(/\/api\/calendar\/[\w-]+\.ics$/);
  const firstUrl = await address.inputValue();
  await expectNoViolations(page, page.url());
  const feed = await page.request.get(new URL(firstUrl).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toContain("text/calendar");

  await dialog.getByRole("button", { name: "Copy" }).click();
  await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);

  await dialog.getByRole("button", { name: "Reset link" }).click();
  const confirmReset = page.getByRole("dialog", { name: "Reset calendar link" });
  await expect(confirmReset).toContainText("will stop working");
  await confirmReset.getByRole("button", { name: "Reset link" }).click();
  await expect(page.getByText("Calendar link reset")).toBeVisible();
  await expect(address).not.toHaveValue(firstUrl);
  expect((await page.request.get(new URL(firstUrl).pathname)).status()).toBe(404);
  expect((await page.request.get(new URL(await address.inputValue()).pathname)).status()).toBe(200);
});

test("the chart fits a 360 px phone screen", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signUpThroughApi(page, "Phone Reader");
  await page.goto("/user/engagement-chart");
  await expect(
    page.getByRole("heading", { name: said(ENGAGEMENT_MESSAGES.chartTitle) }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Print Engagement Chart" })).toBeInViewport();
  await expectFits(page, PHONE.width, "the engagement chart");
});
