import { type Browser, expect, type Page, test } from "@playwright/test";
import { addDays } from "../../src/shared/dates";
import type { Language } from "../../src/shared/i18n/languages";
import { message } from "../../src/shared/i18n/message";
import { said } from "../../src/shared/i18n/server-instance";
import { checkDialog, DESKTOP, expectNoSeriousViolations, PHONE } from "./axe";
import { serverToday } from "./dates";
import { ADMIN, signInThroughApi } from "./fixtures";
import {
  type Account,
  createAccount,
  createEngagement,
  createTask,
  ORIGIN,
  signedInPage,
  unique,
} from "./records";

// Every page and dialog of the app, checked by axe for critical and serious violations, in one
// language: axe-sweep-en.spec.ts and axe-sweep-ur.spec.ts (right to left, Nastaliq) call it, so
// the two halves run on both browser-test workers. The specs of each feature check behaviour;
// this one only looks, so it shares one set of records and one signed-in browser context per
// role.

/** Goes to a page and waits for its heading before checking it. */
async function checkPage(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, path);
}

/** Puts a signed-in page's account in `language`, as its header switch would. */
async function speak(page: Page, language: Language) {
  const res = await page.request.put("/api/me/language", { data: { language }, headers: ORIGIN });
  expect(res.status(), await res.text()).toBe(200);
}

async function adminPage(browser: Browser) {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
  return page;
}

/** Defines the sweep's tests in `language`, in order, on records of their own. */
export function sweepIn(language: Language) {
  test.describe.configure({ mode: "serial" });

  let admin: Page;
  let assigneePage: Page;
  let headPage: Page;
  let assignee: Account;
  let task: { id: string; subject: string };
  /** The assignee's task with no request waiting: its page offers Request Extension. */
  let openTaskId: string;
  let engagementSubject: string;
  /** The engagement's page: its agenda and minutes (the assignee is not a participant). */
  let engagementId: string;

  test.beforeAll(async ({ browser }) => {
    admin = await adminPage(browser);
    assignee = await createAccount(admin, unique("Axe Assignee"));
    const head = await createAccount(admin, unique("Axe Head"), "organization_head");
    const today = await serverToday(admin);
    const subject = unique("Axe task");
    const created = await createTask(
      admin,
      { subject, assignedTo: assignee.id, assignDate: today, dueDate: addDays(today, 3) },
      true,
    );
    task = { id: created.id, subject };
    openTaskId = (
      await createTask(admin, {
        subject: unique("Axe open task"),
        assignedTo: assignee.id,
        assignDate: today,
        dueDate: addDays(today, 3),
      })
    ).id;
    engagementSubject = unique("Axe engagement");
    engagementId = (await createEngagement(admin, { subject: engagementSubject, date: today })).id;
    const agenda = await admin.request.put(`/api/engagements/${engagementId}/agenda`, {
      // A new engagement's agenda is at its first version.
      data: { items: [{ title: "Axe agenda item", presenter: "Axe presenter" }], version: 1 },
      headers: ORIGIN,
    });
    expect(agenda.status(), await agenda.text()).toBe(200);
    // Decisions in its minutes: an action (the assignee's task) and a regretted one.
    const decided = await admin.request.post(`/api/engagements/${engagementId}/decisions`, {
      data: {
        decisions: [
          { description: "Axe decision", outcome: "action", ownerId: assignee.id, dueDate: today },
          { description: "Axe regret", outcome: "regretted", reason: "Axe reason" },
        ],
      },
      headers: ORIGIN,
    });
    expect(decided.status(), await decided.text()).toBe(201);
    assigneePage = await signedInPage(browser, assignee);
    headPage = await signedInPage(browser, head);
    // A request left pending: the task's thread lists it, the admins' page offers its answers.
    const requested = await assigneePage.request.post(
      `/api/tasks/${created.id}/extension-requests`,
      {
        data: { dueDate: addDays(today, 10), reason: "Axe reason" },
        headers: ORIGIN,
      },
    );
    expect(requested.status(), await requested.text()).toBe(201);
  });

  test.afterAll(async () => {
    // The shared administrator goes back to English for the specs that follow.
    if (admin) await speak(admin, "en");
    for (const page of [admin, assigneePage, headPage]) await page?.context().close();
  });

  /** A catalog text as this language's reader sees it. */
  const t = (key: Parameters<typeof message>[0], values?: Parameters<typeof message>[1]) =>
    said(message(key, values), language);

  test.describe(`in ${language}`, () => {
    test.beforeAll(async () => {
      for (const page of [admin, assigneePage, headPage]) await speak(page, language);
    });

    /** The assignee's task page once its progress form has loaded. */
    async function checkTaskPage(page: Page) {
      await page.goto(`/task/${task.id}`);
      await expect(page.getByRole("heading", { name: task.subject })).toBeVisible();
      await expect(page.getByLabel(t("tasks:field.updateProgress"))).toBeVisible();
      await expectNoSeriousViolations(page, "task page with its progress form");
    }

    /** An engagement's page, section by section; the minutes' editor for an admin. */
    async function checkEngagementPage(page: Page) {
      await checkPage(page, `/engagement/${engagementId}`, engagementSubject);
      for (const section of ["agenda", "minutes", "decisions"] as const) {
        await page.getByRole("tab", { name: t(`engagements:section.${section}`) }).click();
        await expect(
          page.getByRole("tabpanel", { name: t(`engagements:section.${section}`) }),
        ).toBeVisible();
        if (section === "minutes") {
          await expect(
            page.getByRole("textbox", { name: t("engagements:minutes.editorLabel") }),
          ).toBeVisible();
        }
        await expectNoSeriousViolations(page, `engagement page, ${section}`);
      }
    }

    test("the sign-in, sign-up, reset and not-found pages", async ({ browser }) => {
      const context = await browser.newContext({
        viewport: DESKTOP,
        locale: language === "ur" ? "ur-PK" : "en-US",
      });
      const page = await context.newPage();
      await page.goto("/auth");
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.getByLabel(t("auth:field.identifier"))).toBeVisible();
      await expectNoSeriousViolations(page, "sign in");

      await page.getByRole("tab", { name: t("auth:tab.signUp") }).click();
      await expect(page.getByLabel(t("auth:field.fullName"))).toBeVisible();
      await expectNoSeriousViolations(page, "sign up");

      await page.getByRole("tab", { name: t("auth:tab.signIn") }).click();
      await page.getByRole("button", { name: t("auth:action.forgotPassword") }).click();
      await expect(
        page.getByRole("button", { name: t("auth:action.sendResetLink") }),
      ).toBeVisible();
      await expectNoSeriousViolations(page, "forgot password");

      await page.goto("/auth?token=not-a-real-token");
      await expect(page.getByLabel(t("auth:field.newPassword"), { exact: true })).toBeVisible();
      await expectNoSeriousViolations(page, "set new password");

      await page.setViewportSize(PHONE);
      await page.goto("/auth");
      await expect(page.getByLabel(t("auth:field.identifier"))).toBeVisible();
      await expectNoSeriousViolations(page, "sign in at 360 px");

      await page.setViewportSize(DESKTOP);
      await checkPage(page, "/no-such-page", "404");
      await context.close();
    });

    test("the admin's pages", async () => {
      // Thirteen pages, each swept whole: the sidebar and Manage Tasks grew with issue 18.
      test.setTimeout(180_000);
      await admin.setViewportSize(DESKTOP);
      await checkPage(admin, "/dashboard", t("dashboard:title"));
      await checkPage(admin, "/admin", t("common:page.adminDashboard"));
      await checkPage(
        admin,
        `/admin/manage-tasks?assignedUser=${assignee.id}`,
        t("common:page.manageTasks"),
      );
      await checkPage(
        admin,
        `/admin/manage-users?search=${assignee.userId}`,
        t("common:page.userManagement"),
      );
      const pending = admin.getByRole("tab", { name: t("users:tab.pending") });
      await pending.click();
      await expect(pending).toHaveAttribute("aria-selected", "true");
      await expectNoSeriousViolations(admin, "manage users, Pending tab");
      await checkPage(admin, "/admin/reports", t("common:page.reports"));
      await checkPage(admin, "/admin/manage-engagements", t("common:page.manageEngagements"));
      await checkPage(admin, "/admin/engagement-chart", t("common:page.engagementChart"));
      await checkEngagementPage(admin);
      await checkPage(admin, "/admin/holidays", t("common:page.holidays"));
      await checkPage(admin, "/admin/settings", t("common:page.settings"));
      await checkPage(admin, "/admin/outbox", t("common:page.outbox"));
      await checkPage(admin, "/admin/extension-requests", t("common:page.extensionRequests"));
      await checkPage(
        admin,
        `/admin/decisions?engagement=${engagementId}`,
        t("common:page.decisions"),
      );
    });

    test("filled filters, whose clear buttons are icons", async () => {
      const today = await serverToday(admin);
      await admin.goto(
        `/admin/manage-tasks?assignedUser=${assignee.id}&dueDate=${addDays(today, 3)}` +
          `&assignDateFrom=${today}&assignDateTo=${today}`,
      );
      // Mantine hides a select's own clear button from assistive technology (and from Tab): the
      // option list deselects instead. The date fields' and the range's clear buttons are real.
      for (const name of [
        t("common:action.clearField", { field: "tasks:field.dueDate" }),
        t("tasks:action.removeAssignRange"),
      ]) {
        await expect(admin.getByRole("button", { name })).toBeVisible();
      }
      await expectNoSeriousViolations(admin, "task filters in force");

      await admin.goto(`/admin/manage-engagements?venue=HED+Committee+Room&date=${today}`);
      await expect(
        admin.getByRole("button", {
          name: t("common:action.clearField", { field: "engagements:field.date" }),
        }),
      ).toBeVisible();
      await expectNoSeriousViolations(admin, "engagement filters in force");
    });

    test("the admin's dialogs", async () => {
      test.setTimeout(180_000);
      await admin.goto(`/admin/manage-tasks?assignedUser=${assignee.id}`);
      const row = admin
        .getByRole("table", { name: t("tasks:table.label") })
        .getByRole("row")
        .filter({ hasText: task.subject });
      await checkDialog(
        admin,
        admin.getByRole("button", { name: t("common:page.createTask") }),
        t("common:page.createTask"),
      );
      await checkDialog(
        admin,
        row.getByRole("button", { name: t("common:row.view", { name: task.subject }) }),
        t("common:page.taskDetails"),
      );
      await checkDialog(
        admin,
        row.getByRole("button", { name: t("common:row.edit", { name: task.subject }) }),
        t("tasks:action.editTask"),
      );
      // Mark Completed lives on the admin dashboard's list.
      await admin.goto(`/admin?assignedUser=${assignee.id}`);
      await checkDialog(
        admin,
        admin.getByRole("button", {
          name: t("tasks:action.markCompletedNamed", { name: task.subject }),
        }),
        t("tasks:action.markCompleted"),
      );

      await admin.goto("/admin/extension-requests");
      await checkDialog(
        admin,
        admin.getByRole("button", {
          name: t("tasks:extension.action.approveNamed", { subject: task.subject }),
        }),
        t("tasks:extension.confirm.approveTitle"),
      );
      await checkDialog(
        admin,
        admin.getByRole("button", {
          name: t("tasks:extension.action.declineNamed", { subject: task.subject }),
        }),
        t("tasks:extension.dialog.decline"),
      );

      await admin.goto(`/admin/manage-users?search=${assignee.userId}`);
      const name = assignee.fullName;
      await checkDialog(
        admin,
        admin.getByRole("button", { name: t("users:action.createUser") }),
        t("users:dialog.create"),
      );
      await checkDialog(
        admin,
        admin.getByRole("button", { name: t("common:row.edit", { name }) }),
        t("users:dialog.edit"),
      );
      await checkDialog(
        admin,
        admin.getByRole("button", { name: t("users:row.changePassword", { name }) }),
        t("users:dialog.changePassword"),
      );
      await checkDialog(
        admin,
        admin.getByRole("button", { name: t("common:row.delete", { name }) }),
        t("users:dialog.delete"),
      );

      await admin.goto(`/admin/manage-engagements?search=${encodeURIComponent(engagementSubject)}`);
      await checkDialog(
        admin,
        admin.getByRole("button", { name: t("engagements:createNew") }),
        t("engagements:createNew"),
      );
      await checkDialog(
        admin,
        admin.getByRole("button", { name: t("common:row.view", { name: engagementSubject }) }),
        t("engagements:dialog.details"),
      );
      await checkDialog(
        admin,
        admin.getByRole("button", { name: t("common:row.edit", { name: engagementSubject }) }),
        t("engagements:dialog.edit"),
      );

      await admin.goto("/admin/engagement-chart");
      await checkDialog(
        admin,
        admin.getByRole("button", { name: t("engagements:calendar.subscribe") }),
        t("engagements:calendar.subscribe"),
      );

      // The engagement's page: Edit Engagement, moved to Postponed so its reason is asked.
      await admin.goto(`/engagement/${engagementId}`);
      await admin.getByRole("button", { name: t("engagements:dialog.edit") }).click();
      const edit = admin.getByRole("dialog", { name: t("engagements:dialog.edit") });
      await expect(edit).toHaveCSS("opacity", "1");
      await edit.getByRole("combobox", { name: t("engagements:field.status") }).click();
      await admin
        .getByRole("option", { name: t("engagements:status.Postponed"), exact: true })
        .click();
      await expect(
        edit.getByRole("textbox", { name: t("engagements:field.postponeReason") }),
      ).toBeVisible();
      await expectNoSeriousViolations(admin, "Edit Engagement with a reason asked");
      await expect(async () => {
        await admin.keyboard.press("Escape");
        await expect(edit).toBeHidden({ timeout: 1000 });
      }).toPass();

      await admin.goto("/admin/holidays");
      await checkDialog(
        admin,
        admin.getByRole("button", { name: t("office:holidays.add") }),
        t("office:holidays.add"),
      );
      await checkDialog(
        admin,
        admin.getByRole("button", { name: t("office:holidays.import") }),
        t("office:import.title"),
      );
    });

    test("the assignee's pages, the progress form included", async () => {
      await assigneePage.setViewportSize(DESKTOP);
      await checkPage(assigneePage, "/dashboard", t("dashboard:title"));
      await checkPage(assigneePage, "/user/dashboard", t("common:page.myTasks"));
      await checkTaskPage(assigneePage);
      await assigneePage.goto(`/task/${openTaskId}`);
      await checkDialog(
        assigneePage,
        assigneePage.getByRole("button", { name: t("tasks:extension.action.request") }),
        t("tasks:extension.action.request"),
      );
      // Issue 36: the task's Mark dialog, and the two lists of marked files.
      await checkDialog(
        assigneePage,
        assigneePage.getByRole("button", { name: t("markings:action.mark"), exact: true }),
        t("markings:dialog.markTitle"),
      );
      await checkPage(assigneePage, "/markings/with-me", t("common:page.withMe"));
      await checkPage(assigneePage, "/markings/marked-by-me", t("common:page.markedByMe"));
      await checkPage(assigneePage, "/user/engagement-chart", t("common:page.engagementChart"));
      // Not a participant: the chart's fields only.
      await checkPage(assigneePage, `/engagement/${engagementId}`, engagementSubject);
      // A User ID account: the page explains why its mail switches are off.
      await checkPage(assigneePage, "/preferences", t("common:page.preferences"));
      // The header's bell opens the notice of the task assigned above.
      const notifications = t("notifications:panel.title");
      await assigneePage.getByRole("button", { name: notifications }).click();
      const panel = assigneePage.getByRole("dialog", { name: notifications });
      await expect(panel.getByRole("link", { name: new RegExp(task.subject) })).toBeVisible();
      await expect(panel).toHaveCSS("opacity", "1");
      await expectNoSeriousViolations(assigneePage, "the notifications panel");
      await assigneePage.keyboard.press("Escape");
      await expect(panel).toBeHidden();
    });

    test("the organization head's pages", async () => {
      await headPage.setViewportSize(DESKTOP);
      await checkPage(headPage, "/dashboard", t("dashboard:title"));
      await checkPage(headPage, "/organization/dashboard", t("common:page.tasks"));
      await checkPage(
        headPage,
        "/organization/extension-requests",
        t("common:page.extensionRequests"),
      );
      await checkPage(
        headPage,
        `/organization/decisions?engagement=${engagementId}`,
        t("common:page.decisions"),
      );
    });

    test("the main lists at 360 px", async () => {
      test.setTimeout(120_000);
      await admin.setViewportSize(PHONE);
      await checkPage(
        admin,
        `/admin/manage-tasks?assignedUser=${assignee.id}`,
        t("common:page.manageTasks"),
      );
      await checkPage(admin, "/admin/manage-users", t("common:page.userManagement"));
      await checkPage(admin, "/admin/manage-engagements", t("common:page.manageEngagements"));
      await checkPage(admin, "/admin/reports", t("common:page.reports"));
      await checkPage(admin, "/admin/engagement-chart", t("common:page.engagementChart"));
      await checkPage(admin, `/engagement/${engagementId}?section=agenda`, engagementSubject);
      await checkPage(
        admin,
        `/admin/decisions?engagement=${engagementId}`,
        t("common:page.decisions"),
      );
      await assigneePage.setViewportSize(PHONE);
      await checkPage(assigneePage, "/user/dashboard", t("common:page.myTasks"));
      await checkTaskPage(assigneePage);
      await headPage.setViewportSize(PHONE);
      await checkPage(headPage, "/organization/dashboard", t("common:page.tasks"));
      await headPage.getByRole("button", { name: t("common:filter.toggle") }).click();
      await expect(headPage.getByRole("group", { name: t("tasks:filters.label") })).toBeVisible();
      await expectNoSeriousViolations(headPage, "filters opened at 360 px");
      await checkDialog(
        headPage,
        headPage.getByRole("button", { name: t("common:sidebar.toggle") }),
        t("common:sidebar.menu"),
      );
    });
  });
}
