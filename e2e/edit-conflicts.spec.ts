import { expect, type Page, test } from "@playwright/test";
import type { ReceiptItem } from "../src/shared/dak";
import { addDays } from "../src/shared/dates";
import type { Language } from "../src/shared/i18n/languages";
import { type MessageKey, message } from "../src/shared/i18n/message";
import { said } from "../src/shared/i18n/server-instance";
import { expectNoViolations } from "./support/axe";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import {
  createAccount,
  createClerk,
  createEngagement,
  createTask,
  diariseReceipt,
  ORIGIN,
  signedInPage,
  unique,
} from "./support/records";

type Watched = Window & { errorToasts?: string[] };

/**
 * From now on, notes each error toast the page shows (an alert outside the dialog): a toast
 * goes after seconds, and the first one waits for its code to load, so a test cannot simply
 * look for it at one moment. Answers how to read the notes.
 */
async function watchErrorToasts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as Watched).errorToasts = seen;
    new MutationObserver(() => {
      for (const alert of document.querySelectorAll('[role="alert"]')) {
        const words = alert.textContent ?? "";
        if (!alert.closest('[role="dialog"]') && !seen.includes(words)) seen.push(words);
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as Watched).errorToasts ?? []);
}

for (const language of ["en", "ur"] as const satisfies Language[]) {
  const text = (key: MessageKey, values?: Record<string, string>) =>
    said(values ? message(key, values) : key, language);

  /** The account's language, as the header's switch would keep it. */
  async function speak(page: Page) {
    const res = await page.request.put("/api/me/language", { data: { language }, headers: ORIGIN });
    expect(res.status(), await res.text()).toBe(200);
  }

  /** Manage Tasks narrowed to one assignee, with Edit open on their task. */
  async function openEdit(page: Page, assigneeId: string, subject: string) {
    await page.goto(`/admin/manage-tasks?assignedUser=${assigneeId}`);
    const row = page.getByRole("table", { name: text("tasks:table.label") }).getByRole("row");
    await row
      .filter({ hasText: subject })
      .getByRole("button", { name: text("common:row.edit", { name: subject }) })
      .click();
    const dialog = page.getByRole("dialog", { name: text("tasks:action.editTask") });
    await expect(dialog.getByLabel(text("tasks:field.subject"))).toHaveValue(subject);
    return dialog;
  }

  test(`two admins edit one task: the later is told who changed it, loads the current values and keeps what they typed in sight (${language})`, async ({
    browser,
    page,
  }) => {
    await signInThroughApi(page, ADMIN.userId, ADMIN.password);
    const amina = await createAccount(page, unique("Amina Qureshi"), "admin");
    const bilal = await createAccount(page, unique("Bilal Ahmed"), "admin");
    const assignee = await createAccount(page, unique("Conflict Assignee"));
    const today = await serverToday(page);
    const subject = unique("Notify the colleges");
    await createTask(page, {
      subject,
      assignedTo: assignee.id,
      assignDate: today,
      dueDate: addDays(today, 5),
    });

    // Both open Edit on the same task.
    const mine = await signedInPage(browser, bilal);
    await speak(mine);
    const editing = await openEdit(mine, assignee.id, subject);
    const other = await signedInPage(browser, amina);
    await speak(other);
    const theirs = await openEdit(other, assignee.id, subject);
    const subjectField = editing.getByLabel(text("tasks:field.subject"));
    const remarksField = editing.getByLabel(text("tasks:field.remarks"));
    const save = editing.getByRole("button", { name: text("common:action.saveChanges") });

    // Amina saves first.
    const renamed = unique("Notify the colleges by Friday");
    await theirs.getByLabel(text("tasks:field.subject")).fill(renamed);
    await theirs.getByRole("button", { name: text("common:action.saveChanges") }).click();
    await expect(other.getByText(text("tasks:toast.updated"))).toBeVisible();

    // The open form is told at once, through the live stream.
    await expect(editing.getByRole("alert")).toContainText(text("tasks:conflict.live"));

    // Saving anyway is refused, naming who and when; nothing typed is lost.
    await remarksField.fill("Letters drafted");
    await save.click();
    const refusal = text("tasks:conflict.changedBy", { name: amina.fullName, time: "TIME" });
    const [before, after] = refusal.split("TIME");
    await expect(editing.getByRole("alert")).toContainText(before);
    await expect(editing.getByRole("alert")).toContainText(after);
    await expect(editing.getByRole("alert")).toContainText(/\d{2}:\d{2}/);
    await expect(mine.getByText(text("tasks:toast.updated"))).toHaveCount(0);
    await expect(remarksField).toHaveValue("Letters drafted");
    await expectNoViolations(mine, `Edit Task refused as stale (${language})`);

    // Loading the current values keeps what was typed on screen beside them.
    await editing.getByRole("button", { name: text("common:conflict.loadCurrent") }).click();
    await expect(subjectField).toHaveValue(renamed);
    await expect(remarksField).toHaveValue("");
    const typed = editing.getByRole("status").filter({ hasText: text("common:conflict.yours") });
    await expect(typed).toContainText(subject);
    await expect(typed).toContainText("Letters drafted");
    await expect(typed).not.toContainText(renamed);
    await expectNoViolations(mine, `Edit Task with what was typed beside it (${language})`);

    // Typed again over the current values, the save goes through and keeps both changes.
    await remarksField.fill("Letters drafted");
    await save.click();
    await expect(mine.getByText(text("tasks:toast.updated"))).toBeVisible();
    await expect(editing).toBeHidden();
    const saved = await page.request.get(`/api/tasks?assignedUser=${assignee.id}`);
    const [task] = ((await saved.json()) as { tasks: { subject: string; remarks: string }[] })
      .tasks;
    expect(task).toMatchObject({ subject: renamed, remarks: "Letters drafted" });
    await mine.context().close();
    await other.context().close();
  });

  /** The engagement's page, on `section`, with Edit Engagement open when asked. */
  async function openEngagement(page: Page, id: string, section: "details" | "agenda") {
    await page.goto(`/engagement/${id}?section=${section}`);
    await expect(
      page.getByRole("tab", { name: text("engagements:section.details") }),
    ).toBeVisible();
  }

  async function openEngagementEdit(page: Page, id: string, subject: string) {
    await openEngagement(page, id, "details");
    await page.getByRole("button", { name: text("engagements:dialog.edit") }).click();
    const dialog = page.getByRole("dialog", { name: text("engagements:dialog.edit") });
    await expect(dialog.getByLabel(text("engagements:field.subject"))).toHaveValue(subject);
    return dialog;
  }

  /** Save Changes, then Update in the question that follows. */
  async function saveEngagement(page: Page, dialog: ReturnType<Page["getByRole"]>) {
    await dialog.getByRole("button", { name: text("common:action.saveChanges") }).click();
    await page
      .getByRole("dialog", { name: text("engagements:confirm.updateTitle") })
      .getByRole("button", { name: text("engagements:action.update") })
      .click();
  }

  /** The refusal's words around the time, which the test cannot know to the minute. */
  async function expectRefusal(
    alert: ReturnType<Page["getByRole"]>,
    key: MessageKey,
    name: string,
  ) {
    const [before, after] = text(key, { name, time: "TIME" }).split("TIME");
    await expect(alert).toContainText(before);
    await expect(alert).toContainText(after);
    await expect(alert).toContainText(/\d{2}:\d{2}/);
  }

  test(`two admins edit one engagement and its agenda: the later is told who changed which, and keeps what they typed in sight (${language})`, async ({
    browser,
    page,
  }) => {
    await signInThroughApi(page, ADMIN.userId, ADMIN.password);
    const amina = await createAccount(page, unique("Amina Qureshi"), "admin");
    const bilal = await createAccount(page, unique("Bilal Ahmed"), "admin");
    const today = await serverToday(page);
    const subject = unique("Admissions committee");
    const { id } = await createEngagement(page, {
      subject,
      date: addDays(today, language === "en" ? 97 : 98),
      time: "06:40",
      venue: "ACS Home",
    });

    // Both open Edit Engagement on it.
    const mine = await signedInPage(browser, bilal);
    await speak(mine);
    const editing = await openEngagementEdit(mine, id, subject);
    const other = await signedInPage(browser, amina);
    await speak(other);
    const theirs = await openEngagementEdit(other, id, subject);
    const subjectField = editing.getByLabel(text("engagements:field.subject"));
    const attendanceField = editing.getByLabel(text("engagements:field.inAttendance"));

    // Amina saves first; Bilal's open form is told at once.
    const renamed = unique("Admissions committee, second sitting");
    await theirs.getByLabel(text("engagements:field.subject")).fill(renamed);
    await saveEngagement(other, theirs);
    await expect(other.getByText(text("engagements:toast.updated"))).toBeVisible();
    await expect(editing.getByRole("alert")).toContainText(text("engagements:conflict.live"));

    // Saving anyway is refused in the form, naming her; what he typed stays.
    await attendanceField.fill("Registrar and Deans");
    await saveEngagement(mine, editing);
    await expectRefusal(
      editing.getByRole("alert"),
      "engagements:conflict.changedBy",
      amina.fullName,
    );
    await expect(mine.getByText(text("engagements:toast.updated"))).toHaveCount(0);
    await expect(attendanceField).toHaveValue("Registrar and Deans");
    await expectNoViolations(mine, `Edit Engagement refused as stale (${language})`);

    // The current values come in; what he had typed stays beside them.
    await editing.getByRole("button", { name: text("common:conflict.loadCurrent") }).click();
    await expect(subjectField).toHaveValue(renamed);
    await expect(attendanceField).toHaveValue("Secretary HED");
    const typed = editing.getByRole("status").filter({ hasText: text("common:conflict.yours") });
    await expect(typed).toContainText(subject);
    await expect(typed).toContainText("Registrar and Deans");
    await expect(typed).not.toContainText(renamed);

    await attendanceField.fill("Registrar and Deans");
    await saveEngagement(mine, editing);
    await expect(mine.getByText(text("engagements:toast.updated"))).toBeVisible();
    await expect(editing).toBeHidden();
    const saved = await page.request.get(`/api/engagements/${id}`);
    expect(await saved.json()).toMatchObject({
      subject: renamed,
      responsibility: "Registrar and Deans",
    });

    // The agenda has a version of its own: both write it, Amina saves first.
    await openEngagement(mine, id, "agenda");
    await openEngagement(other, id, "agenda");
    const addItem = (on: Page) =>
      on.getByRole("button", { name: text("engagements:agenda.add") }).click();
    const firstItem = (on: Page) =>
      on.getByLabel(text("engagements:agenda.itemLabel", { number: "1" }));
    const saveAgenda = (on: Page) =>
      on.getByRole("button", { name: text("engagements:agenda.save") }).click();
    await addItem(mine);
    await firstItem(mine).fill("Hostel allotments");
    await addItem(other);
    await firstItem(other).fill("Fee structure");
    await saveAgenda(other);
    await expect(other.getByText(text("engagements:toast.agendaSaved"))).toBeVisible();
    const agendaAlert = mine.getByRole("alert");
    await expect(agendaAlert).toContainText(text("engagements:conflict.agendaLive"));
    await saveAgenda(mine);
    await expectRefusal(agendaAlert, "engagements:conflict.agendaChangedBy", amina.fullName);
    await expect(firstItem(mine)).toHaveValue("Hostel allotments");

    await mine.getByRole("button", { name: text("common:conflict.loadCurrent") }).click();
    await expect(firstItem(mine)).toHaveValue("Fee structure");
    await expect(
      mine.getByRole("status").filter({ hasText: text("common:conflict.yours") }),
    ).toContainText("Hostel allotments");
    await mine.context().close();
    await other.context().close();
  });

  /** The receipt's page with Amend open on it. */
  async function openAmend(page: Page, receipt: ReceiptItem) {
    await page.goto(`/dak/receipt/${receipt.id}`);
    await page.getByRole("button", { name: text("dak:action.amend") }).click();
    const dialog = page.getByRole("dialog", {
      name: text("dak:dialog.amend", { number: receipt.diaryNumber }),
    });
    await expect(dialog.getByRole("textbox", { name: text("dak:field.subject") })).toHaveValue(
      receipt.subject,
    );
    return dialog;
  }

  test(`two keepers amend one receipt: the later is told who changed it, loads the current values and keeps what they typed in sight (${language})`, async ({
    browser,
    page,
  }) => {
    await signInThroughApi(page, ADMIN.userId, ADMIN.password);
    const rashid = await createClerk(page, unique("Clerk Rashid"));
    const naveed = await createClerk(page, unique("Clerk Naveed"));
    const today = await serverToday(page);
    const subject = unique("Grant for college labs");
    const receipt = await diariseReceipt(page, {
      receivedOn: today,
      senderName: "Director Colleges",
      subject,
    });

    // Rashid opens Amend on it.
    const mine = await signedInPage(browser, rashid);
    await speak(mine);
    const amending = await openAmend(mine, receipt);
    const subjectField = amending.getByRole("textbox", { name: text("dak:field.subject") });
    const remarksField = amending.getByRole("textbox", {
      name: text("dak:field.remarks"),
      exact: true,
    });
    const reasonField = amending.getByRole("textbox", { name: text("dak:field.amendReason") });
    const amend = amending.getByRole("button", { name: text("dak:action.amend") });

    // Meanwhile Naveed, the other keeper, corrects the subject through the API.
    const other = await signedInPage(browser, naveed);
    const corrected = unique("Grant for college science labs");
    const res = await other.request.patch(`/api/receipts/${receipt.id}`, {
      data: {
        receivedOn: receipt.receivedOn,
        mode: receipt.mode,
        senderName: receipt.senderName,
        subject: corrected,
        category: receipt.category,
        reason: "Subject as on the letter",
        version: receipt.version,
      },
      headers: ORIGIN,
    });
    expect(res.status(), await res.text()).toBe(200);

    // The open form is told at once, through the live stream.
    await expect(amending.getByRole("alert")).toContainText(text("dak:conflict.live"));

    // Amending anyway is refused in the form, naming him, and not toasted; nothing typed is lost.
    const errorToasts = await watchErrorToasts(mine);
    await remarksField.fill("Sanction awaited");
    await reasonField.fill("Remarks added");
    await amend.click();
    await expectRefusal(amending.getByRole("alert"), "dak:conflict.changedBy", naveed.fullName);
    await expect(remarksField).toHaveValue("Sanction awaited");
    await expectNoViolations(mine, `Amend Receipt refused as stale (${language})`);

    // The current values come in; what he had typed stays beside them, and so does his reason.
    await amending.getByRole("button", { name: text("common:conflict.loadCurrent") }).click();
    await expect(subjectField).toHaveValue(corrected);
    await expect(remarksField).toHaveValue("");
    await expect(reasonField).toHaveValue("Remarks added");
    const typed = amending.getByRole("status").filter({ hasText: text("common:conflict.yours") });
    await expect(typed).toContainText(subject);
    await expect(typed).toContainText("Sanction awaited");
    await expect(typed).not.toContainText(corrected);
    await expectNoViolations(mine, `Amend Receipt with what was typed beside it (${language})`);

    // Typed again over the current values, the amendment goes through and keeps both changes.
    await remarksField.fill("Sanction awaited");
    await amend.click();
    await expect(mine.getByText(text("dak:toast.amended"))).toBeVisible();
    await expect(amending).toBeHidden();
    expect(await errorToasts()).toEqual([]);
    const saved = await page.request.get(`/api/receipts/${receipt.id}`);
    expect(await saved.json()).toMatchObject({ subject: corrected, remarks: "Sanction awaited" });
    await mine.context().close();
    await other.context().close();
  });
}
