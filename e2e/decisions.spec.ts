import { readFileSync } from "node:fs";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { addDays, formatDisplayDate } from "../src/shared/dates";
import type { MessageKey } from "../src/shared/i18n/message";
import { said } from "../src/shared/i18n/server-instance";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import {
  type Account,
  createAccount,
  createEngagement,
  ORIGIN,
  signedInPage,
  unique,
} from "./support/records";

// Issue 17 in the browser: decisions recorded in the minutes become their owners' tasks (live),
// their compliance follows the tasks, and the Decisions page lists, filters, prints and exports
// them, once in Urdu too.

/** A toast with this text (an error is an alert, a success a status). */
function toast(page: Page, text: string) {
  return page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: text });
}

function rowOf(page: Page, table: string, text: string) {
  return page.getByRole("table", { name: table }).getByRole("row").filter({ hasText: text });
}

/** Types a date onto a date field, as a keyboard user would, and takes it with Enter. */
async function typeDate(page: Page, field: Locator, isoDate: string) {
  await field.focus();
  await page.keyboard.type(isoDate);
  await page.keyboard.press("Enter");
  await expect(field).toHaveText(formatDisplayDate(isoDate));
}

/** Chooses an option of a searchable select by typing part of it. */
async function choose(page: Page, field: Locator, typed: string, option: string | RegExp) {
  await field.fill(typed);
  await page.getByRole("option", { name: option }).click();
}

/** Fills one decision of the recorder: an action for `owner`, due on `dueDate`. */
async function fillAction(
  page: Page,
  row: Locator,
  fields: { description: string; owner: Account; dueDate: string; agendaItem?: string },
) {
  await row.getByRole("textbox", { name: "Decision" }).fill(fields.description);
  if (fields.agendaItem) {
    await row.getByRole("combobox", { name: "Agenda Item" }).click();
    await page.getByRole("option", { name: fields.agendaItem }).click();
  }
  await choose(
    page,
    row.getByRole("combobox", { name: "Owner" }),
    fields.owner.fullName,
    new RegExp(fields.owner.fullName),
  );
  await typeDate(page, row.getByRole("button", { name: "Due Date" }), fields.dueDate);
}

/** An engagement held today with a two-item agenda, made through the API. */
async function meetingWithAgenda(admin: Page, subject: string) {
  const today = await serverToday(admin);
  const { id } = await createEngagement(admin, { subject, date: today, status: "Held" });
  const res = await admin.request.put(`/api/engagements/${id}/agenda`, {
    data: {
      items: [
        { title: "Budget release", presenter: "" },
        { title: "College staffing", presenter: "" },
      ],
      // A new engagement's agenda is at its first version.
      version: 1,
    },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(200);
  return { id, today };
}

/** Counts the pages of a PDF Chromium printed (one page object each). */
function pageCount(pdf: Buffer): number {
  return pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

async function ownerTasksPage(browser: Browser, owner: Account) {
  const page = await signedInPage(browser, owner);
  await page.goto("/user/dashboard");
  await expect(page.getByRole("heading", { name: "My Tasks", level: 1 })).toBeVisible();
  return page;
}

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
});

test("an admin records two decisions; the owners see their tasks live and compliance follows them", async ({
  page: admin,
  browser,
}) => {
  test.setTimeout(120_000);
  const first = await createAccount(admin, unique("Ayesha Malik"));
  const second = await createAccount(admin, unique("Bilal Ahmed"));
  const subject = unique("Review of college budgets");
  const { id, today } = await meetingWithAgenda(admin, subject);
  const release = unique("Release the second quarter grant");
  const staffing = unique("Post lecturers to the new colleges");

  // Both owners are watching their task lists before anything is decided.
  const firstOwner = await ownerTasksPage(browser, first);
  const secondOwner = await ownerTasksPage(browser, second);

  await admin.goto(`/engagement/${id}?section=decisions`);
  const recorder = admin.getByRole("form", { name: "Record decisions" });
  await expect(recorder).toBeVisible();

  // The shared schema's refusals land on the row's own fields before anything is sent.
  await recorder.getByRole("button", { name: "Save Decision" }).click();
  const one = recorder.getByRole("group", { name: "Decision 1" });
  await expect(one.getByText(said("decisions:error.descriptionRequired"))).toBeVisible();
  await expect(one.getByText(said("decisions:error.ownerRequired"))).toBeVisible();
  await expect(one.getByText(said("decisions:error.dueDateRequired"))).toBeVisible();

  await fillAction(admin, one, {
    description: release,
    owner: first,
    dueDate: addDays(today, 7),
    agendaItem: "1. Budget release",
  });
  await recorder.getByRole("button", { name: "Add Decision" }).click();
  const two = recorder.getByRole("group", { name: "Decision 2" });
  await fillAction(admin, two, {
    description: staffing,
    owner: second,
    dueDate: addDays(today, 14),
    agendaItem: "2. College staffing",
  });
  // A third, regretted: it needs its reason, and becomes no one's task.
  await recorder.getByRole("button", { name: "Add Decision" }).click();
  const three = recorder.getByRole("group", { name: "Decision 3" });
  await three.getByRole("textbox", { name: "Decision" }).fill("Open a campus abroad");
  await three.getByRole("radio", { name: "Regretted" }).check();
  await expect(three.getByRole("combobox", { name: "Owner" })).toHaveCount(0);
  await recorder.getByRole("button", { name: "Save Decisions" }).click();
  await expect(three.getByText(said("decisions:error.reasonRequired"))).toBeVisible();
  // Changed its mind: the third goes again.
  await recorder.getByRole("button", { name: "Remove Decision 3" }).click();
  await expect(three).toHaveCount(0);
  await recorder.getByRole("button", { name: "Save Decisions" }).click();
  await expect(toast(admin, "2 decisions recorded")).toBeVisible();
  // The form is ready for more; the meeting's decisions list both, pending.
  await expect(recorder.getByRole("group", { name: "Decision 2" })).toHaveCount(0);
  await expect(recorder.getByRole("textbox", { name: "Decision" })).toHaveValue("");
  await expect(rowOf(admin, "Decisions", release)).toContainText("Pending");
  await expect(rowOf(admin, "Decisions", release)).toContainText(first.fullName);
  await expect(rowOf(admin, "Decisions", staffing)).toContainText(second.fullName);
  await expect(rowOf(admin, "Decisions", staffing)).toContainText(
    formatDisplayDate(addDays(today, 14)),
  );

  // Each owner's new task of type Request appears without a reload.
  await expect(rowOf(firstOwner, "Tasks", release)).toBeVisible();
  await expect(rowOf(secondOwner, "Tasks", staffing)).toBeVisible();
  await expect(rowOf(firstOwner, "Tasks", staffing)).toHaveCount(0);

  // The admin marks the first owner's task completed; the meeting's compliance is then 50%.
  const tasks = await admin.context().newPage();
  await tasks.goto(`/admin?assignedUser=${first.id}`);
  await rowOf(tasks, "Tasks", release)
    .getByRole("button", { name: `Mark Completed ${release}` })
    .click();
  await tasks
    .getByRole("dialog", { name: "Mark Completed" })
    .getByRole("button", { name: "Yes" })
    .click();
  await expect(toast(tasks, "Task marked as completed successfully")).toBeVisible();
  await tasks.close();

  // The engagement page follows the task live.
  const compliance = admin.getByRole("group", { name: "Compliance" });
  await expect(compliance).toContainText("50%");
  await expect(compliance).toContainText("1 of 2 actions done");
  await expect(rowOf(admin, "Decisions", release)).toContainText("Done");
  await expect(rowOf(admin, "Decisions", staffing)).toContainText("Pending");

  // The task link leads to the owner's task.
  await rowOf(admin, "Decisions", staffing)
    .getByRole("link", { name: `Open the task of ${staffing}` })
    .click();
  await expect(admin.getByRole("heading", { name: staffing })).toBeVisible();

  for (const page of [firstOwner, secondOwner]) await page.context().close();
});

test("the Decisions page filters, prints on A4 without a blank page and exports a CSV", async ({
  page: admin,
}) => {
  test.setTimeout(120_000);
  const first = await createAccount(admin, unique("Hina Shah"));
  const second = await createAccount(admin, unique("Omar Farooq"));
  const subject = unique("Quarterly review");
  const { id, today } = await meetingWithAgenda(admin, subject);
  const done = unique("Publish the merit list");
  const pending = unique("Audit the hostel accounts");
  const recorded = await admin.request.post(`/api/engagements/${id}/decisions`, {
    data: {
      decisions: [
        { description: done, outcome: "action", ownerId: first.id, dueDate: addDays(today, 3) },
        { description: pending, outcome: "action", ownerId: second.id, dueDate: addDays(today, 5) },
        { description: "Note the enrolment figures", outcome: "noted" },
      ],
    },
    headers: ORIGIN,
  });
  expect(recorded.status(), await recorded.text()).toBe(201);
  const { decisions } = (await recorded.json()) as { decisions: { task: { id: string } | null }[] };
  const completed = await admin.request.post(`/api/tasks/${decisions[0].task?.id}/complete`, {
    headers: ORIGIN,
  });
  expect(completed.status(), await completed.text()).toBe(200);

  await admin.goto("/admin");
  await admin
    .getByRole("navigation", { name: "Sidebar" })
    .getByRole("link", { name: "Decisions" })
    .click();
  await expect(admin).toHaveURL("/admin/decisions");
  await expect(admin.getByRole("heading", { name: "Decisions", level: 1 })).toBeVisible();

  // The meeting's decisions, by its filter: both actions and the noted one; compliance 50%.
  await choose(
    admin,
    admin.getByRole("combobox", { name: "Meeting" }),
    subject,
    new RegExp(subject),
  );
  await expect(admin).toHaveURL(new RegExp(`engagement=${id}`));
  await expect(admin.getByRole("table", { name: "Decisions" }).getByRole("row")).toHaveCount(4);
  await expect(rowOf(admin, "Decisions", done)).toContainText("Done");
  await expect(rowOf(admin, "Decisions", pending)).toContainText("Pending");
  await expect(rowOf(admin, "Decisions", pending)).toContainText(subject);
  await expect(admin.getByRole("group", { name: "Compliance" })).toContainText("50%");

  // By status.
  await admin.getByRole("combobox", { name: "Status" }).click();
  await admin.getByRole("option", { name: "Pending", exact: true }).click();
  await expect(admin).toHaveURL(/status=pending/);
  await expect(rowOf(admin, "Decisions", pending)).toBeVisible();
  await expect(rowOf(admin, "Decisions", done)).toHaveCount(0);
  await expect(admin.getByRole("group", { name: "Compliance" })).toContainText("0%");

  // Print: every matching decision in a print-only table, on A4 landscape, on one page.
  await admin.evaluate(() => {
    const counted = window as unknown as { printCalls: number };
    counted.printCalls = 0;
    window.print = () => {
      counted.printCalls += 1;
    };
  });
  await admin.getByRole("button", { name: "Print" }).click();
  await expect
    .poll(() => admin.evaluate(() => (window as unknown as { printCalls: number }).printCalls))
    .toBe(1);
  await admin.emulateMedia({ media: "print" });
  const printed = admin.getByRole("table", { name: "Decisions to print" });
  await expect(printed).toBeVisible();
  await expect(printed.getByRole("row")).toHaveCount(2);
  await expect(printed).toContainText(pending);
  await expect(admin.getByText(`Meeting: ${formatDisplayDate(today)}`)).toBeVisible();
  await expect(admin.getByRole("button", { name: "Sign Out" })).toBeHidden();
  const pdf = await admin.pdf({ preferCSSPageSize: true, printBackground: true });
  const [width, height] = (
    pdf.toString("latin1").match(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)/) ?? []
  )
    .slice(1)
    .map(Number);
  expect(Math.round(width)).toBe(842);
  expect(Math.round(height)).toBe(595);
  expect(pageCount(pdf)).toBe(1);
  await admin.evaluate(() => window.dispatchEvent(new Event("afterprint")));
  await expect(printed).toHaveCount(0);
  await admin.emulateMedia({ media: "screen" });

  // Export: the filtered rows as CSV, in the page's words.
  await admin.goto(`/admin/decisions?engagement=${id}`);
  await expect(rowOf(admin, "Decisions", done)).toBeVisible();
  const download = admin.waitForEvent("download");
  await admin.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("decisions.csv");
  const csv = readFileSync((await file.path()) as string, "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toContain("Decisions: Meeting:");
  expect(lines[1]).toBe(
    "Meeting Date,Meeting,Decision,Agenda Item,Outcome,Owner,Due Date,Status,Days Overdue,Reason",
  );
  expect(lines).toHaveLength(5);
  expect(csv).toContain(
    `${today},${subject},${done},,Action,${first.fullName},${addDays(today, 3)},Done,0,`,
  );
  expect(csv).toContain(`${pending},,Action,${second.fullName},${addDays(today, 5)},Pending,0,`);
  expect(csv).toContain("Note the enrolment figures,,Noted,,,Noted,0,");
});

test("an organization head follows the decisions in Urdu, right to left", async ({
  page: admin,
  browser,
}) => {
  const owner = await createAccount(admin, unique("Sadia Noor"));
  const head = await createAccount(admin, unique("Tariq Head"), "organization_head");
  const subject = unique("Urdu review");
  const { id, today } = await meetingWithAgenda(admin, subject);
  const description = unique("Send the grant letters");
  const recorded = await admin.request.post(`/api/engagements/${id}/decisions`, {
    data: {
      decisions: [
        { description, outcome: "action", ownerId: owner.id, dueDate: addDays(today, 2) },
        { description: unique("Open a campus abroad"), outcome: "regretted", reason: "No budget" },
      ],
    },
    headers: ORIGIN,
  });
  expect(recorded.status(), await recorded.text()).toBe(201);

  const page = await signedInPage(browser, head);
  const res = await page.request.put("/api/me/language", {
    data: { language: "ur" },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(200);
  const ur = (key: MessageKey) => said(key, "ur");
  await page.goto("/organization");
  await page
    .getByRole("navigation", { name: ur("common:sidebar.label") })
    .getByRole("link", { name: ur("common:nav.decisions") })
    .click();
  await expect(page).toHaveURL("/organization/decisions");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(
    page.getByRole("heading", { name: ur("common:page.decisions"), level: 1 }),
  ).toBeVisible();
  await page.goto(`/organization/decisions?engagement=${id}`);
  const table = ur("decisions:table.label");
  await expect(rowOf(page, table, description)).toContainText(ur("decisions:status.pending"));
  await expect(rowOf(page, table, "No budget")).toContainText(ur("decisions:status.regretted"));
  const compliance = page.getByRole("group", { name: ur("decisions:compliance.label") });
  await expect(compliance).toContainText("0%");
  // Heads read; only admins delete.
  await expect(page.getByRole("button", { name: new RegExp(description) })).toHaveCount(0);
  await page.context().close();
});
