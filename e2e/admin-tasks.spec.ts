import { writeFileSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { format, parseISO } from "date-fns";
import { addDays, formatDisplayDate } from "../src/shared/dates";
import { EXE_BYTES, PDF_BYTES } from "../tests/helpers/files";
import { expectFits, expectNoViolations, PHONE } from "./support/axe";
import { serverToday } from "./support/dates";
import { ADMIN, signInThroughApi } from "./support/fixtures";
import { ORIGIN, unique } from "./support/records";

type Assignee = { id: string; fullName: string };

async function createAssignee(page: Page, fullName: string): Promise<Assignee> {
  const userId = `e2e_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const res = await page.request.post("/api/admin/users", {
    data: { userId, password: "e2e-user-password", fullName },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, fullName };
}

async function createTaskThroughApi(
  page: Page,
  fields: { subject: string; assignedTo: string; assignDate: string; dueDate: string },
  attachment?: { name: string; mimeType: string; buffer: Buffer },
) {
  const res = await page.request.post("/api/tasks", {
    multipart: attachment ? { ...fields, attachment } : fields,
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

/**
 * Clicks an attachment link: a new tab opens and asks for the file, which the server sends.
 * A PDF shows in a full browser's viewer and is downloaded by the headless shell the suite
 * runs, so the tab's request is what is checked, not its address bar.
 */
async function openAttachment(page: Page, link: Locator) {
  const popup = page.waitForEvent("popup");
  const fileRequest = page
    .context()
    .waitForEvent("request", (request) =>
      new URL(request.url()).pathname.startsWith("/api/files/"),
    );
  await link.click();
  const request = await fileRequest;
  const response = await request.response();
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-type"]).toBe("application/pdf");
  return { opened: await popup, path: new URL(request.url()).pathname };
}

/** Opens a date field's calendar and clicks the day, moving on a month or two if needed. */
async function pickDate(page: Page, field: Locator, isoDate: string) {
  await field.click();
  const day = page.getByRole("button", {
    name: format(parseISO(isoDate), "d MMMM yyyy"),
    exact: true,
  });
  for (let step = 0; step < 2 && !(await day.isVisible()); step += 1) {
    await page.getByRole("button", { name: "Next month", exact: true }).click();
  }
  await day.click();
}

function tasksTable(page: Page) {
  return page.getByRole("table", { name: "Tasks" });
}

function rowOf(page: Page, subject: string) {
  return tasksTable(page).getByRole("row").filter({ hasText: subject });
}

test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, ADMIN.userId, ADMIN.password);
});

test("an admin creates a task with a PDF attachment through the dialog", async ({
  page,
}, testInfo) => {
  const assignee = await createAssignee(page, unique("Amina Qureshi"));
  const subject = unique("Compile enrolment figures");
  const today = await serverToday(page);
  const pdfPath = testInfo.outputPath("brief.pdf");
  writeFileSync(pdfPath, PDF_BYTES);

  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await page.getByRole("button", { name: "Create New Task" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Task" });
  await expect(dialog.getByRole("button", { name: "Assign Date" })).toHaveText(
    formatDisplayDate(today),
  );
  await expect(dialog.getByRole("combobox", { name: "Task Type" })).toHaveValue("Task");

  await dialog.getByLabel("Subject").fill(subject);
  await dialog.getByLabel("Description").fill("For the provincial review");
  await dialog.getByRole("combobox", { name: "Assign To" }).fill(assignee.fullName);
  await page.getByRole("option", { name: assignee.fullName }).click();
  await pickDate(page, dialog.getByRole("button", { name: "Due Date" }), addDays(today, 7));
  await dialog.locator('input[type="file"]').setInputFiles(pdfPath);
  await dialog.getByRole("button", { name: "Create Task" }).click();

  await expect(page.getByText("Task created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = rowOf(page, subject);
  await expect(row).toContainText(assignee.fullName);
  await expect(row).toContainText(formatDisplayDate(addDays(today, 7)));
  await expect(row).toContainText("In Progress");
  await expect(row.getByRole("button", { name: `Mark Completed ${subject}` })).toBeVisible();

  await page.goto("/admin/manage-tasks");
  await expect(rowOf(page, subject).getByRole("link", { name: /brief\.pdf/ })).toBeVisible();
});

test("the create dialog asks for required fields and refuses executables", async ({
  page,
}, testInfo) => {
  const assignee = await createAssignee(page, unique("Bilal Ahmed"));
  const subject = unique("Never created");
  const today = await serverToday(page);
  const exePath = testInfo.outputPath("setup.exe");
  const renamedPath = testInfo.outputPath("minutes.pdf");
  writeFileSync(exePath, EXE_BYTES);
  writeFileSync(renamedPath, EXE_BYTES);

  await page.goto("/admin/manage-tasks");
  await page.getByRole("button", { name: "Create New Task" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Task" });
  await dialog.getByRole("combobox", { name: "Assign To" }).fill(assignee.fullName);
  await page.getByRole("option", { name: assignee.fullName }).click();
  await pickDate(page, dialog.getByRole("button", { name: "Due Date" }), addDays(today, 3));
  await dialog.getByRole("button", { name: "Create Task" }).click();
  await expect(dialog.getByText("Please fill in all required fields")).toBeVisible();

  await dialog.getByLabel("Subject").fill(subject);
  const fileInput = dialog.locator('input[type="file"]');
  await fileInput.setInputFiles(exePath);
  await expect(dialog.getByText("Only PDF and image files (JPG, PNG) are allowed")).toBeVisible();
  await dialog.getByRole("button", { name: "Create Task" }).click();
  await expect(dialog).toBeVisible();

  // A renamed executable passes the browser's check by name; the server reads its bytes.
  await fileInput.setInputFiles(renamedPath);
  await expect(dialog.getByText("Only PDF and image files (JPG, PNG) are allowed")).toBeHidden();
  await dialog.getByRole("button", { name: "Create Task" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Only PDF and image files (JPG, PNG) are allowed" }),
  ).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(rowOf(page, subject)).toHaveCount(0);
});

test("Manage Tasks views, edits and deletes a task", async ({ page }) => {
  const assignee = await createAssignee(page, unique("Sana Javed"));
  const subject = unique("Draft the budget note");
  const renamed = unique("Final budget note");
  const today = await serverToday(page);
  await createTaskThroughApi(
    page,
    { subject, assignedTo: assignee.id, assignDate: today, dueDate: addDays(today, 5) },
    { name: "budget.pdf", mimeType: "application/pdf", buffer: PDF_BYTES },
  );

  await page.goto("/admin/manage-tasks");
  await expect(page.getByRole("heading", { name: "Manage Tasks" })).toBeVisible();
  const row = rowOf(page, subject);
  await expect(row.getByText("—")).toBeVisible();

  await openAttachment(page, row.getByRole("link", { name: /budget\.pdf/ }));

  await row.getByRole("button", { name: `View ${subject}` }).click();
  const details = page.getByRole("dialog", { name: "Task Details" });
  await expect(details).toContainText(subject);
  await expect(details).toContainText(assignee.fullName);
  await expect(details.getByRole("link", { name: /budget\.pdf/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();

  await row.getByRole("button", { name: `Edit ${subject}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Task" });
  await expect(edit.getByLabel("Subject")).toHaveValue(subject);
  await edit.getByLabel("Subject").fill(renamed);
  await edit.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "completed", exact: true }).click();
  await edit.getByLabel("Remarks").fill("Signed off");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Task updated successfully")).toBeVisible();
  await expect(edit).toBeHidden();
  const renamedRow = rowOf(page, renamed);
  await expect(renamedRow).toContainText("completed");
  await expect(rowOf(page, subject)).toHaveCount(0);

  await renamedRow.getByRole("button", { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Task" });
  await expect(confirm).toContainText(
    "Are you sure you want to delete this task? This action cannot be undone.",
  );
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Task deleted successfully")).toBeVisible();
  await expect(rowOf(page, renamed)).toHaveCount(0);
});

test("an attachment link past its lifetime is renewed on click; a failed renewal is reported", async ({
  page,
}) => {
  await page.clock.install();
  const assignee = await createAssignee(page, unique("Kamran Shah"));
  const subject = unique("Circulate the minutes");
  const today = await serverToday(page);
  const task = await createTaskThroughApi(
    page,
    { subject, assignedTo: assignee.id, assignDate: today, dueDate: addDays(today, 5) },
    { name: "minutes.pdf", mimeType: "application/pdf", buffer: PDF_BYTES },
  );

  await page.goto("/admin/manage-tasks");
  const link = rowOf(page, subject).getByRole("link", { name: /minutes\.pdf/ });
  const listHref = await link.getAttribute("href");
  // The list's links live 60 s.
  await page.clock.fastForward("01:00");

  const { opened, path } = await openAttachment(page, link);
  expect(path).not.toBe(listHref);
  await opened.close();

  await page.clock.fastForward("01:00");
  await page.route(`**/api/tasks/${task.id}`, (route) => route.abort());
  await link.click();
  await expect(page.getByText("Failed to open attachment")).toBeVisible();
});

test("Mark Completed asks first: No changes nothing, Yes completes the task", async ({ page }) => {
  const assignee = await createAssignee(page, unique("Usman Tariq"));
  const subject = unique("Collect the survey forms");
  const today = await serverToday(page);
  await createTaskThroughApi(page, {
    subject,
    assignedTo: assignee.id,
    assignDate: today,
    dueDate: addDays(today, 2),
  });

  await page.goto("/admin");
  const row = rowOf(page, subject);
  const markCompleted = row.getByRole("button", { name: `Mark Completed ${subject}` });
  const confirm = page.getByRole("dialog", { name: "Mark Completed" });

  await markCompleted.click();
  await expect(confirm).toContainText(
    "Are you sure to mark this task as completed? This action cannot be undone.",
  );
  await confirm.getByRole("button", { name: "No" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText("In Progress");

  await markCompleted.click();
  await confirm.getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText("Task marked as completed successfully")).toBeVisible();
  await expect(row).toContainText("completed");
  await expect(markCompleted).toHaveCount(0);
});

test("a stat card's Show filters the table and the URL, and the filter survives a reload", async ({
  page,
}) => {
  const assignee = await createAssignee(page, unique("Hina Baig"));
  const late = unique("Late return");
  const current = unique("Current return");
  const today = await serverToday(page);
  const base = { assignedTo: assignee.id, assignDate: addDays(today, -10) };
  await createTaskThroughApi(page, { ...base, subject: late, dueDate: addDays(today, -1) });
  await createTaskThroughApi(page, { ...base, subject: current, dueDate: addDays(today, 4) });

  await page.goto(`/admin?assignedUser=${assignee.id}`);
  await expect(rowOf(page, late)).toContainText("Over Due");
  await expect(rowOf(page, current)).toBeVisible();

  await page.getByRole("button", { name: "Show Over Due" }).click();
  await expect(page).toHaveURL(/status=overdue/);
  await expect(page).toHaveURL(new RegExp(`assignedUser=${assignee.id}`));
  await expect(rowOf(page, current)).toHaveCount(0);
  await expect(rowOf(page, late)).toBeVisible();
  // The pulse is motion: it runs for those who have not asked for less (the suite asks).
  const lateRowAnimation = () =>
    rowOf(page, late).evaluate((element) => getComputedStyle(element).animationName);
  expect(await lateRowAnimation()).toBe("none");
  await page.emulateMedia({ reducedMotion: "no-preference" });
  expect(await lateRowAnimation()).toMatch(/late-pulse/);
  await page.emulateMedia({ reducedMotion: "reduce" });

  await page.reload();
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("All Over Due");
  await expect(page.getByRole("button", { name: "Show Over Due" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(rowOf(page, late)).toBeVisible();
  await expect(rowOf(page, current)).toHaveCount(0);

  await page.getByRole("button", { name: "Show In Progress" }).click();
  await expect(rowOf(page, current)).toBeVisible();
  await expect(rowOf(page, late)).toHaveCount(0);

  await page.getByRole("button", { name: "Clear Filters" }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test("Print Tasks prints every task matching the filter on an A4 print-only table", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const counted = window as unknown as { printCalls: number };
    counted.printCalls = 0;
    window.print = () => {
      counted.printCalls += 1;
    };
  });
  const assignee = await createAssignee(page, unique("Zainab Ali"));
  const today = await serverToday(page);
  const subjects = [unique("Print one"), unique("Print two"), unique("Print three")];
  for (const subject of subjects) {
    await createTaskThroughApi(page, {
      subject,
      assignedTo: assignee.id,
      assignDate: today,
      dueDate: addDays(today, 1),
    });
  }

  // The people arrive after the tasks, as on a loaded server: the printout still names the
  // assignee (it once said "the chosen user" when Print Tasks came first).
  await page.route("**/api/users/assignable*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(`/admin?assignedUser=${assignee.id}`);
  await expect(rowOf(page, subjects[0])).toBeVisible();
  await page.getByRole("button", { name: "Print Tasks" }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls))
    .toBe(1);

  await page.emulateMedia({ media: "print" });
  const printed = page.getByRole("table", { name: "Tasks to print" });
  await expect(printed).toBeVisible();
  await expect(printed.getByRole("row")).toHaveCount(subjects.length + 1);
  for (const subject of subjects) await expect(printed).toContainText(subject);
  await expect(page.getByText(`Assigned User: ${assignee.fullName}`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Print Tasks" })).toBeHidden();

  await page.emulateMedia({ media: "screen" });
  await expect(printed).toBeHidden();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
});

/** Waits out Mantine's fade-in: half-transparent text would fail the contrast check. */
async function openedDialog(page: Page, name: string) {
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toHaveCSS("opacity", "1");
  return dialog;
}

async function expectToFit360(page: Page, where: string) {
  await page.setViewportSize(PHONE);
  await expect(tasksTable(page)).toBeVisible();
  await expectFits(page, PHONE.width, where);
  // The header's last button reads in full ("Sig" once).
  const signOut = page.getByRole("button", { name: "Sign Out" });
  await expect(signOut).toBeVisible();
  expect(
    await signOut.evaluate((button) => {
      const label = button.querySelector(".mantine-Button-label") ?? button;
      return label.scrollWidth <= label.clientWidth;
    }),
    `${where}: Sign Out is cut short`,
  ).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** A task to look at, assigned to a new person, due tomorrow. */
async function accessibleTask(page: Page) {
  const assignee = await createAssignee(page, unique("Farah Naz"));
  const subject = unique("Accessible task");
  const today = await serverToday(page);
  await createTaskThroughApi(page, {
    subject,
    assignedTo: assignee.id,
    assignDate: today,
    dueDate: addDays(today, 1),
  });
  return { assignee, subject };
}

test("the admin dashboard and its dialogs have no accessibility violations and fit 360 px", async ({
  page,
}) => {
  const { subject } = await accessibleTask(page);

  await page.goto("/admin");
  await expect(rowOf(page, subject)).toBeVisible();
  await expectNoViolations(page, "/admin");
  await page.getByRole("button", { name: "Create New Task" }).click();
  const createDialog = await openedDialog(page, "Create New Task");
  await expectNoViolations(page, "Create New Task");
  await createDialog.getByRole("button", { name: "Due Date" }).click();
  await expect(page.getByRole("button", { name: "Next month" })).toBeVisible();
  await expectNoViolations(page, "date picker");
  await page.keyboard.press("Escape");
  await createDialog.getByRole("button", { name: "Cancel" }).click();
  await rowOf(page, subject)
    .getByRole("button", { name: `Mark Completed ${subject}` })
    .click();
  const confirm = await openedDialog(page, "Mark Completed");
  await expectNoViolations(page, "Mark Completed");
  await confirm.getByRole("button", { name: "No" }).click();
  await expectToFit360(page, "/admin");
});

test("Manage Tasks and Task Details have no accessibility violations and fit 360 px", async ({
  page,
}) => {
  const { assignee, subject } = await accessibleTask(page);

  await page.goto("/admin/manage-tasks");
  await expect(rowOf(page, subject)).toBeVisible();
  await expectNoViolations(page, "/admin/manage-tasks");
  await rowOf(page, subject)
    .getByRole("button", { name: `View ${subject}` })
    .click();
  const details = await openedDialog(page, "Task Details");
  await expect(details).toContainText(assignee.fullName);
  await expectNoViolations(page, "Task Details");
  await page.keyboard.press("Escape");
  await expectToFit360(page, "/admin/manage-tasks");
});
