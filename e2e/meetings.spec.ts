import { expect, type Locator, type Page, test } from "@playwright/test";
import { addDays, formatDisplayDate } from "../src/shared/dates";
import type { DecisionInput, DecisionItem } from "../src/shared/decisions";
import type {
  AgendaInput,
  EngagementDetails,
  EngagementInput,
  EngagementItem,
} from "../src/shared/engagements";
import { type MessageKey, message } from "../src/shared/i18n/message";
import { said } from "../src/shared/i18n/server-instance";
import { expectNoSeriousViolations } from "./support/axe";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { createAccount, createEngagement, ORIGIN, signedInPage, unique } from "./support/records";

// Meetings that lead to action (issue 17): an engagement's own page with its people, agenda,
// minutes and decisions; postponement and cancellation keeping their history; a follow-up
// opening with the last meeting's decisions; Print Agenda.

/** A time no other spec books, so no venue or participant clash asks first. */
function quietTime(): string {
  return `07:${String(Math.floor(Math.random() * 60)).padStart(2, "0")}`;
}

async function signInAsAdmin(page: Page) {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
}

/** An engagement made through the API by the admin page, far from other specs' slots. */
async function meetingThroughApi(
  admin: Page,
  fields: Pick<EngagementInput, "subject" | "date"> & Partial<EngagementInput>,
): Promise<EngagementItem> {
  return (await createEngagement(admin, { time: quietTime(), ...fields })) as EngagementItem;
}

/** The engagement as its page opens it, with the versions its editors send back. */
async function readEngagement(admin: Page, id: string): Promise<EngagementDetails> {
  const res = await admin.request.get(`/api/engagements/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as EngagementDetails;
}

async function putAgenda(admin: Page, id: string, items: AgendaInput["items"]) {
  const version = (await readEngagement(admin, id)).record?.agendaVersion;
  const res = await admin.request.put(`/api/engagements/${id}/agenda`, {
    data: { items, version },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function recordDecisions(admin: Page, id: string, decisions: DecisionInput[]) {
  const res = await admin.request.post(`/api/engagements/${id}/decisions`, {
    data: { decisions },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { decisions: DecisionItem[] }).decisions;
}

/** Types a date onto a date field, as the office writes it, and takes it. */
async function typeDate(page: Page, field: Locator, isoDate: string) {
  await field.focus();
  await page.keyboard.type(isoDate);
  await page.keyboard.press("Enter");
  await expect(field).toHaveText(formatDisplayDate(isoDate));
}

async function choose(page: Page, dialog: Locator, label: string, option: string) {
  await dialog.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** A PDF of the page as printed: its page count and its first page's size in points. */
async function printedPages(page: Page) {
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString(
    "latin1",
  );
  // Skia writes each page as an uncompressed /Type /Page dictionary with its MediaBox.
  const pages = pdf.match(/\/Type\s*\/Page\b(?!s)/g) ?? [];
  const [width, height] = (pdf.match(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)/) ?? [])
    .slice(1)
    .map((value) => Math.round(Number(value)));
  return { count: pages.length, width, height };
}

function chartRow(page: Page, subject: string) {
  return page
    .getByRole("table", { name: "Engagement chart" })
    .getByRole("row")
    .filter({ hasText: subject });
}

test("an admin holds a meeting: people, an agenda, minutes, then a postponement with its reason", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const member = await createAccount(page, unique("Meeting Member"));
  const today = await serverToday(page);
  const date = addDays(today, 45);
  const newDate = addDays(today, 52);
  const subject = unique("Budget committee");
  const guest = "Dr. Sana Iqbal (HEC)";

  await page.goto("/admin/manage-engagements");
  await page.getByRole("button", { name: "Create New Engagement" }).click();
  const create = page.getByRole("dialog", { name: "Create New Engagement" });
  await typeDate(page, create.getByRole("button", { name: "Date" }), date);
  await create.getByLabel("Time").fill(quietTime());
  await create.getByLabel("Subject").fill(subject);
  await choose(page, create, "Venue", "Cabinet Room");
  await create.getByRole("combobox", { name: "Participants" }).fill(member.fullName);
  await page.getByRole("option", { name: new RegExp(member.fullName) }).click();
  const guests = create.getByLabel("Guests", { exact: true });
  await guests.fill(guest);
  await guests.press("Enter");
  // In Attendance is left empty: the server fills it from the people chosen.
  await create.getByRole("button", { name: "Create Engagement" }).click();
  await expect(page.getByText("Engagement created successfully")).toBeVisible();
  await expect(create).toBeHidden();

  await page.goto(`/admin/manage-engagements?search=${encodeURIComponent(subject)}`);
  const row = page.getByRole("table", { name: "Engagements" }).getByRole("row", {
    name: new RegExp(subject),
  });
  await expect(row).toContainText(member.fullName);
  await expect(row).toContainText(guest);
  await row.getByRole("link", { name: subject }).click();
  await expect(page.getByRole("heading", { name: subject, level: 1 })).toBeVisible();
  const facts = page.getByRole("tabpanel", { name: "Details" });
  await expect(facts).toContainText(member.fullName);
  await expect(facts).toContainText(guest);

  // The agenda: two items, the second moved up, saved in that order.
  await page.getByRole("tab", { name: "Agenda" }).click();
  await expect(page).toHaveURL(/section=agenda/);
  await page.getByRole("button", { name: "Add Agenda Item" }).click();
  await page.getByRole("textbox", { name: "Agenda item 1" }).fill("Budget outlook");
  await page.getByRole("textbox", { name: "Presenter of item 1" }).fill("Finance Officer");
  await page.getByRole("button", { name: "Add Agenda Item" }).click();
  await page.getByRole("textbox", { name: "Agenda item 2" }).fill("Confirmation of minutes");
  await page.getByRole("textbox", { name: "Presenter of item 2" }).fill("Section Officer");
  await page.getByRole("button", { name: "Move item 2 up" }).click();
  await expect(page.getByRole("textbox", { name: "Agenda item 1" })).toHaveValue(
    "Confirmation of minutes",
  );
  await page.getByRole("button", { name: "Save Agenda" }).click();
  await expect(page.getByText("Agenda saved")).toBeVisible();

  // The minutes: a heading and a bulleted list.
  await page.getByRole("tab", { name: "Minutes" }).click();
  const minutes = page.getByRole("textbox", { name: "Minutes" });
  await minutes.click();
  await page.getByRole("button", { name: "Heading", exact: true }).click();
  await page.keyboard.type("Decisions taken");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Bulleted list" }).click();
  await page.keyboard.type("Release the first tranche");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Report back in two weeks");
  await page.getByRole("button", { name: "Save Minutes" }).click();
  await expect(page.getByText("Minutes saved")).toBeVisible();
  await expectNoSeriousViolations(page, "the engagement page's minutes editor");

  // The participant reads what was saved, in order, without the editors.
  const reader = await signedInPage(browser, member);
  await reader.goto(page.url().replace(/\?.*$/, "?section=agenda"));
  const agenda = reader.getByRole("list", { name: "Agenda" });
  await expect(agenda.getByRole("listitem")).toHaveText([
    /Confirmation of minutes.*Section Officer/,
    /Budget outlook.*Finance Officer/,
  ]);
  await expect(reader.getByRole("button", { name: "Save Agenda" })).toHaveCount(0);
  await reader.getByRole("tab", { name: "Minutes" }).click();
  const minutesPanel = reader.getByRole("tabpanel", { name: "Minutes" });
  await expect(minutesPanel.getByRole("heading", { name: "Decisions taken" })).toBeVisible();
  await expect(minutesPanel.getByRole("listitem")).toHaveText([
    "Release the first tranche",
    "Report back in two weeks",
  ]);
  await expect(reader.getByRole("button", { name: "Save Minutes" })).toHaveCount(0);
  await reader.context().close();

  // Postponed: a reason is asked for, the new date taken, the first date kept.
  await page.getByRole("button", { name: "Edit Engagement" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Engagement" });
  await choose(page, edit, "Status", "Postponed");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit.getByText("Give the reason for the postponement")).toBeVisible();
  await edit.getByRole("textbox", { name: "Reason for postponement" }).fill("Minister on tour");
  await typeDate(page, edit.getByRole("button", { name: "Date" }), newDate);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await page
    .getByRole("dialog", { name: "Update Engagement" })
    .getByRole("button", { name: "Update" })
    .click();
  await expect(page.getByText("Engagement updated successfully")).toBeVisible();
  const note = `Postponed from ${formatDisplayDate(date)}: Minister on tour`;
  await page.getByRole("tab", { name: "Details" }).click();
  await expect(page.getByRole("tabpanel", { name: "Details" })).toContainText(note);

  await page.goto(`/admin/engagement-chart?range=all&search=${encodeURIComponent(subject)}`);
  const onChart = chartRow(page, subject);
  await expect(onChart).toContainText("Postponed");
  await expect(onChart).toContainText(note);
  await expect(
    page.getByRole("rowheader", { name: new RegExp(formatDisplayDate(newDate)) }),
  ).toBeVisible();
});

test("a participant already in another meeting then is asked about, and Save anyway saves it", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const busy = await createAccount(page, unique("Busy Member"));
  const today = await serverToday(page);
  const date = addDays(today, 50);
  const first = await meetingThroughApi(page, {
    subject: unique("Syndicate meeting"),
    date,
    time: "06:10",
    venue: "Cabinet Room",
    participants: [busy.id],
  });
  const subject = unique("Overlapping briefing");

  await page.goto("/admin/manage-engagements");
  await page.getByRole("button", { name: "Create New Engagement" }).click();
  const create = page.getByRole("dialog", { name: "Create New Engagement" });
  await typeDate(page, create.getByRole("button", { name: "Date" }), date);
  // Another venue, half an hour later: only the person clashes.
  await create.getByLabel("Time").fill("06:40");
  await create.getByLabel("Subject").fill(subject);
  await choose(page, create, "Venue", "CS Office");
  await create.getByRole("combobox", { name: "Participants" }).fill(busy.fullName);
  await page.getByRole("option", { name: new RegExp(busy.fullName) }).click();
  await create.getByRole("button", { name: "Create Engagement" }).click();
  const warning = page.getByRole("dialog", { name: "Clash with another engagement" });
  await expect(warning).toContainText(
    `${busy.fullName} is already in "${first.subject}" on ${formatDisplayDate(date)} at 06:10.`,
  );
  await warning.getByRole("button", { name: "Cancel" }).click();
  await expect(warning).toBeHidden();
  await expect(create.getByLabel("Subject")).toHaveValue(subject);

  await create.getByRole("button", { name: "Create Engagement" }).click();
  await warning.getByRole("button", { name: "Save anyway" }).click();
  await expect(page.getByText("Engagement created successfully")).toBeVisible();
  await expect(create).toBeHidden();
});

test("a cancellation asks for its reason, shown on the chart and Manage Engagements", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const today = await serverToday(page);
  const subject = unique("Cancelled visit");
  await meetingThroughApi(page, { subject, date: addDays(today, 46) });

  await page.goto(`/admin/manage-engagements?search=${encodeURIComponent(subject)}`);
  await page.getByRole("button", { name: `Edit ${subject}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Engagement" });
  await choose(page, edit, "Status", "Cancelled");
  await edit.getByRole("textbox", { name: "Reason for cancellation" }).fill("Venue unavailable");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await page
    .getByRole("dialog", { name: "Update Engagement" })
    .getByRole("button", { name: "Update" })
    .click();
  await expect(page.getByText("Engagement updated successfully")).toBeVisible();
  const row = page.getByRole("table", { name: "Engagements" }).getByRole("row", {
    name: new RegExp(subject),
  });
  await expect(row).toContainText("Cancelled: Venue unavailable");

  await page.goto(`/engagement-chart?range=all&search=${encodeURIComponent(subject)}`);
  await expect(chartRow(page, subject)).toContainText("Cancelled: Venue unavailable");
});

test("a follow-up's agenda opens with the previous meeting's decisions, and prints on one A4 page", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const counted = window as unknown as { printCalls: number };
    counted.printCalls = 0;
    window.print = () => {
      counted.printCalls += 1;
    };
  });
  await signInAsAdmin(page);
  const owner = await createAccount(page, unique("Decision Owner"));
  const today = await serverToday(page);
  const first = await meetingThroughApi(page, {
    subject: unique("Quarterly review"),
    date: addDays(today, 2),
    participants: [owner.id],
  });
  await putAgenda(page, first.id, [{ title: "Recruitment", presenter: "Deputy Secretary" }]);
  const [action, noted] = await recordDecisions(page, first.id, [
    {
      description: "Advertise the lecturer posts",
      outcome: "action",
      ownerId: owner.id,
      dueDate: addDays(today, 30),
    },
    { description: "The recruitment report was noted", outcome: "noted" },
  ]);
  const followUp = await meetingThroughApi(page, {
    subject: unique("Quarterly review follow-up"),
    date: addDays(today, 47),
    followUpOf: first.id,
  });
  await putAgenda(page, followUp.id, [
    { title: "Progress on recruitment", presenter: "Deputy Secretary" },
    { title: "Any other business", presenter: "" },
  ]);

  await page.goto(`/engagement/${followUp.id}?section=agenda`);
  const panel = page.getByRole("tabpanel", { name: "Agenda" });
  await expect(
    panel.getByRole("heading", { name: "Decisions of the previous meeting" }),
  ).toBeVisible();
  await expect(panel.getByRole("link", { name: new RegExp(first.subject) })).toBeVisible();
  const decisions = panel.getByRole("table", { name: said("decisions:table.label") });
  await expect(decisions.getByRole("row").filter({ hasText: action.description })).toContainText(
    said("decisions:status.pending"),
  );
  await expect(decisions.getByRole("row").filter({ hasText: noted.description })).toContainText(
    said("decisions:status.noted"),
  );
  // The previous meeting's decisions come first, then this meeting's own items.
  const previousBox = await decisions.boundingBox();
  const ownBox = await panel.getByRole("textbox", { name: "Agenda item 1" }).boundingBox();
  expect(previousBox && ownBox && previousBox.y < ownBox.y).toBe(true);
  await expectNoSeriousViolations(page, "a follow-up's agenda");

  await page.getByRole("button", { name: "Print Agenda" }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls))
    .toBe(1);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("heading", { name: `Agenda: ${followUp.subject}` })).toBeVisible();
  const printedDecisions = page.getByRole("table", { name: "Decisions of the previous meeting" });
  await expect(printedDecisions).toContainText(action.description);
  await expect(printedDecisions).toContainText(said("decisions:status.pending"));
  const printedAgenda = page.getByRole("table", { name: "Agenda items" });
  await expect(printedAgenda.getByRole("row")).toHaveCount(3);
  await expect(printedAgenda).toContainText("Progress on recruitment");
  await expect(page.getByRole("tab", { name: "Agenda" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeHidden();

  // A4 portrait is 595 by 842 points; the agenda fits one page and adds no blank one.
  const printed = await printedPages(page);
  expect(printed).toEqual({ count: 1, width: 595, height: 842 });
});

test("someone who is not a participant sees the chart's fields only", async ({ page, browser }) => {
  await signInAsAdmin(page);
  const member = await createAccount(page, unique("Invited Member"));
  const outsider = await createAccount(page, unique("Not Invited"));
  const today = await serverToday(page);
  const meeting = await meetingThroughApi(page, {
    subject: unique("Closed meeting"),
    date: addDays(today, 48),
    participants: [member.id],
    guests: ["Vice Chancellor"],
  });
  await putAgenda(page, meeting.id, [{ title: "Confidential item", presenter: "Secretary" }]);

  const other = await signedInPage(browser, outsider);
  await other.goto(`/engagement/${meeting.id}`);
  await expect(other.getByRole("heading", { name: meeting.subject, level: 1 })).toBeVisible();
  await expect(other.getByText("Vice Chancellor")).toBeVisible();
  await expect(
    other.getByText(
      "The agenda, minutes and decisions of this engagement are shown to its participants only.",
    ),
  ).toBeVisible();
  await expect(other.getByRole("tab")).toHaveCount(0);
  await expect(other.getByText("Confidential item")).toHaveCount(0);
  await expect(other.getByRole("button", { name: "Print Agenda" })).toHaveCount(0);
  await expectNoSeriousViolations(other, "an engagement page for a non-participant");
  await other.context().close();

  const invited = await signedInPage(browser, member);
  await invited.goto(`/engagement/${meeting.id}?section=agenda`);
  await expect(invited.getByRole("list", { name: "Agenda" })).toContainText("Confidential item");
  await expect(invited.getByRole("button", { name: "Edit Engagement" })).toHaveCount(0);
  await invited.context().close();
});

test("the engagement page reads right to left in Urdu", async ({ page, browser }) => {
  const ur = (key: MessageKey, values?: Record<string, string>) =>
    said(values ? message(key, values) : key, "ur");
  await signInAsAdmin(page);
  const member = await createAccount(page, unique("Urdu Member"));
  const today = await serverToday(page);
  const date = addDays(today, 49);
  const meeting = await meetingThroughApi(page, {
    subject: unique("Urdu meeting"),
    date,
    participants: [member.id],
  });
  await putAgenda(page, meeting.id, [{ title: "Syllabus review", presenter: "Director" }]);
  const moved = await page.request.put(`/api/engagements/${meeting.id}`, {
    data: {
      date: addDays(date, 7),
      time: meeting.time,
      subject: meeting.subject,
      venue: meeting.venue,
      responsibility: meeting.responsibility,
      status: "Postponed",
      participants: [member.id],
      statusReason: "Minister on tour",
      allowClash: true,
      version: meeting.version,
    },
    headers: ORIGIN,
  });
  expect(moved.status(), await moved.text()).toBe(200);

  const reader = await signedInPage(browser, member);
  const language = await reader.request.put("/api/me/language", {
    data: { language: "ur" },
    headers: ORIGIN,
  });
  expect(language.status(), await language.text()).toBe(200);
  await reader.goto(`/engagement/${meeting.id}`);
  await expect(reader.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(reader.getByRole("heading", { name: meeting.subject, level: 1 })).toBeVisible();
  await expect(
    reader.getByRole("tabpanel", { name: ur("engagements:section.details") }),
  ).toContainText(
    ur("engagements:note.postponedFrom", {
      date: formatDisplayDate(date, "ur"),
      reason: "Minister on tour",
    }),
  );
  await reader.getByRole("tab", { name: ur("engagements:section.agenda") }).click();
  await expect(reader.getByRole("list", { name: ur("engagements:agenda.title") })).toContainText(
    "Syllabus review",
  );
  await expect(
    reader.getByRole("button", { name: ur("engagements:action.printAgenda") }),
  ).toBeVisible();
  await expectNoSeriousViolations(reader, "the engagement page in Urdu");
  await reader.context().close();
});

test("minutes another admin saves while one is writing neither vanish nor wipe the writing", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const meeting = await meetingThroughApi(page, {
    subject: unique("Minutes written twice"),
    date: await serverToday(page),
    status: "Held",
  });
  await page.goto(`/engagement/${meeting.id}?section=minutes`);
  const minutes = page.getByRole("textbox", { name: "Minutes" });
  await minutes.click();
  await page.keyboard.type("My unsaved draft");

  // Another admin's save reaches the page live.
  const res = await page.request.put(`/api/engagements/${meeting.id}/minutes`, {
    data: { minutes: "<p>Their saved version</p>", version: 1 },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(200);
  const warning = page
    .getByRole("alert")
    .filter({ hasText: "Someone else has just saved these minutes." });
  await expect(warning).toBeVisible();
  await expect(minutes).toHaveText("My unsaved draft");

  // Saving anyway is refused in the editor, naming who saved; the writing stays.
  await page.getByRole("button", { name: "Save Minutes" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: /The minutes were changed by .+ at \d\d:\d\d/ }),
  ).toBeVisible();
  await expect(minutes).toHaveText("My unsaved draft");

  await page.getByRole("button", { name: "Load current values" }).click();
  await expect(minutes).toHaveText("Their saved version");
  const yours = page.getByRole("status").filter({ hasText: "What you had typed" });
  await expect(yours).toContainText("My unsaved draft");
  await expect(page.getByRole("alert").filter({ hasText: "changed" })).toHaveCount(0);
});
