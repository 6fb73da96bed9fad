import i18next from "i18next";
import type { ComponentType } from "react";
import { Navigate, type RouteObject } from "react-router";
import type { Namespace } from "../../shared/i18n/catalog";
import { seesAllTasks } from "../../shared/roles";
import { prefetchCatalogs, setUpI18n } from "../i18n/setup";
import { FullPageLoader } from "../ui/full-page-loader";
import { RequireRole, RequireSession, RequireUserRole } from "./guards";
import type { PageHandle } from "./page-title";
import { TitledOutlet } from "./titled-outlet";

/**
 * Route modules load on demand, so the sign-in page ships only what it needs; the words of
 * the page's `namespaces` (beyond common's, always there) load alongside, so a page never
 * shows its loading state while its words arrive. (The router may start loading a page
 * before i18next is set up: the words wait for that.)
 */
function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  namespaces: Namespace[] = [],
) {
  return async () => {
    const words =
      namespaces.length > 0
        ? Promise.all([setUpI18n(), prefetchCatalogs(namespaces)]).then(() =>
            i18next.loadNamespaces(namespaces),
          )
        : null;
    const [module] = await Promise.all([load(), words]);
    return { Component: module[name] };
  };
}

/** The namespaces of each kind of page: its own words and those of the lists it shows. */
// Task Details' History tab speaks the audit trail's words.
const TASK_WORDS: Namespace[] = ["tasks", "audit"];
// Task Details leads to the task's note sheet, and shows its movement (markings).
const TASK_DETAILS_WORDS: Namespace[] = [...TASK_WORDS, "notesheet", "markings"];
const DASHBOARD_WORDS: Namespace[] = ["dashboard", "tasks", "audit"];
const REPORT_WORDS: Namespace[] = ["reports", "tasks"];
// Edit Account names the Receipt and Issue duty in the registers' words.
const USER_WORDS: Namespace[] = ["users", "auth", "dak"];
const ENGAGEMENT_WORDS: Namespace[] = ["engagements"];
// An engagement's page shows its decisions (and the previous meeting's) with their words.
const MEETING_WORDS: Namespace[] = ["engagements", "decisions"];
const AUTH_WORDS: Namespace[] = ["auth"];
const NOTIFICATION_WORDS: Namespace[] = ["notifications"];
// The Settings page edits the registers' numbering, categories and sections.
const OFFICE_WORDS: Namespace[] = ["office", "dak"];
const AUDIT_WORDS: Namespace[] = ["audit", "tasks", "engagements", "decisions", "users"];
const EXTENSION_WORDS: Namespace[] = ["tasks"];
const DECISION_WORDS: Namespace[] = ["decisions"];
// The pendency table names its ageing buckets with the task list's filter words.
const PENDENCY_WORDS: Namespace[] = ["pendency", "tasks"];
// The registers' early file checks speak the task attachments' words.
const DAK_WORDS: Namespace[] = ["dak", "tasks"];

const titled = (title: PageHandle["title"]): PageHandle => ({ title });
const chartTitle = titled("page.engagementChart");
const myTasksTitle = titled("page.myTasks");

const auditLog = lazyPage(() => import("../audit/audit-log-page"), "AuditLogPage", AUDIT_WORDS);
const auditLogTitle = titled("page.auditLog");

// Admins answer extension requests; organization heads read them.
const extensionRequests = lazyPage(
  () => import("../tasks/extensions/extension-requests-page"),
  "ExtensionRequestsPage",
  EXTENSION_WORDS,
);
const extensionRequestsTitle = titled("page.extensionRequests");

// Admins record and delete decisions (on an engagement's page); organization heads follow them.
const decisions = lazyPage(
  () => import("../decisions/decisions-page"),
  "DecisionsPage",
  DECISION_WORDS,
);
const decisionsTitle = titled("page.decisions");

const pendency = lazyPage(
  () => import("../pendency/pendency-page"),
  "PendencyPage",
  PENDENCY_WORDS,
);
const pendencyTitle = titled("page.pendency");

// The Secretary's Daily Brief, for admins and organization heads.
const brief = lazyPage(() => import("../brief/brief-page"), "BriefPage", ["brief", "engagements"]);
const briefTitle = titled("page.brief");

// The note sheet's heading names a receipt's diary number in the registers' words.
const NOTE_SHEET_WORDS: Namespace[] = ["notesheet", "tasks", "dak"];
const noteSheet = lazyPage(
  () => import("../notesheet/note-sheet-page"),
  "NoteSheetPage",
  NOTE_SHEET_WORDS,
);
const verifyNoteSheet = lazyPage(
  () => import("../notesheet/verify-page"),
  "VerifyPage",
  NOTE_SHEET_WORDS,
);

// "With me" and "Marked by me" (issue 36), for those who hold and mark files.
const markingList = (name: "WithMePage" | "MarkedByMePage") =>
  lazyPage(() => import("../markings/marking-list-pages"), name, ["markings"]);

const engagementChart = lazyPage(
  () => import("../engagements/chart/engagement-chart-page"),
  "EngagementChartPage",
  ENGAGEMENT_WORDS,
);

const adminPages: RouteObject[] = [
  {
    index: true,
    handle: titled("page.adminDashboard"),
    lazy: lazyPage(
      () => import("../dashboard/admin-dashboard-page"),
      "AdminDashboardPage",
      DASHBOARD_WORDS,
    ),
  },
  {
    path: "create-task",
    handle: titled("page.createTask"),
    lazy: lazyPage(() => import("../tasks/forms/create-task-page"), "CreateTaskPage", TASK_WORDS),
  },
  {
    path: "manage-tasks",
    handle: titled("page.manageTasks"),
    lazy: lazyPage(() => import("../tasks/list/manage-tasks-page"), "ManageTasksPage", TASK_WORDS),
  },
  { path: "extension-requests", handle: extensionRequestsTitle, lazy: extensionRequests },
  {
    path: "manage-users",
    handle: titled("page.userManagement"),
    lazy: lazyPage(() => import("../users/manage-users-page"), "ManageUsersPage", USER_WORDS),
  },
  {
    path: "reports",
    handle: titled("page.reports"),
    lazy: lazyPage(() => import("../reports/reports-page"), "ReportsPage", REPORT_WORDS),
  },
  {
    path: "manage-engagements",
    handle: titled("page.manageEngagements"),
    lazy: lazyPage(
      () => import("../engagements/list/manage-engagements-page"),
      "ManageEngagementsPage",
      ENGAGEMENT_WORDS,
    ),
  },
  { path: "engagement-chart", handle: chartTitle, lazy: engagementChart },
  {
    path: "holidays",
    handle: titled("page.holidays"),
    lazy: lazyPage(() => import("../office/holidays-page"), "HolidaysPage", OFFICE_WORDS),
  },
  {
    path: "settings",
    handle: titled("page.settings"),
    lazy: lazyPage(() => import("../office/settings-page"), "SettingsPage", OFFICE_WORDS),
  },
  {
    path: "outbox",
    handle: titled("page.outbox"),
    lazy: lazyPage(() => import("../jobs/outbox-page"), "OutboxPage", OFFICE_WORDS),
  },
  { path: "audit-log", handle: auditLogTitle, lazy: auditLog },
  { path: "decisions", handle: decisionsTitle, lazy: decisions },
  { path: "brief", handle: briefTitle, lazy: brief },
  { path: "pendency", handle: pendencyTitle, lazy: pendency },
];

const userDashboard = lazyPage(
  () => import("../dashboard/user-dashboard-page"),
  "UserDashboardPage",
  DASHBOARD_WORDS,
);
// The header's bell and the sidebar's saved views are on every signed-in page (as is the
// Views menu of every list): their words load with the layout, so they never show a key or wait.
// The header's search names its hits in the registers' words.
const LAYOUT_WORDS: Namespace[] = ["notifications", "views", "dak"];
const layout = (name: "AdminLayout" | "UserLayout" | "OrganizationLayout" | "OwnRoleLayout") =>
  lazyPage(() => import("./shell/layouts"), name, LAYOUT_WORDS);

const signedInRoutes: RouteObject[] = [
  {
    path: "admin",
    element: <RequireRole allowed="admin" />,
    children: [{ lazy: layout("AdminLayout"), children: adminPages }],
  },
  {
    path: "organization",
    element: <RequireRole allowed="organization_head" />,
    children: [
      {
        lazy: layout("OrganizationLayout"),
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          {
            path: "dashboard",
            handle: titled("page.tasks"),
            lazy: lazyPage(
              () => import("../dashboard/organization-dashboard-page"),
              "OrganizationDashboardPage",
              DASHBOARD_WORDS,
            ),
          },
          { path: "extension-requests", handle: extensionRequestsTitle, lazy: extensionRequests },
          { path: "engagement-chart", handle: chartTitle, lazy: engagementChart },
          { path: "audit-log", handle: auditLogTitle, lazy: auditLog },
          { path: "decisions", handle: decisionsTitle, lazy: decisions },
          { path: "brief", handle: briefTitle, lazy: brief },
          { path: "pendency", handle: pendencyTitle, lazy: pendency },
        ],
      },
    ],
  },
  {
    element: <RequireUserRole />,
    children: [
      {
        lazy: layout("UserLayout"),
        children: [
          {
            path: "user",
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              { path: "dashboard", handle: myTasksTitle, lazy: userDashboard },
            ],
          },
          { path: "user-dashboard", handle: myTasksTitle, lazy: userDashboard },
        ],
      },
    ],
  },
  {
    lazy: layout("UserLayout"),
    children: [{ path: "user/engagement-chart", handle: chartTitle, lazy: engagementChart }],
  },
  {
    // Pages every role shares: each person gets their own role's sidebar.
    lazy: layout("OwnRoleLayout"),
    children: [
      {
        path: "dashboard",
        handle: titled("page.dashboard"),
        lazy: lazyPage(
          () => import("../dashboard/dashboard-page"),
          "DashboardPage",
          DASHBOARD_WORDS,
        ),
      },
      {
        path: "tasks",
        // SPEC.md 'Task list page': 'All Tasks' for organization heads and admins.
        handle: titled((role) => (role && seesAllTasks(role) ? "page.allTasks" : "page.myTasks")),
        lazy: lazyPage(() => import("../tasks/list/task-list-page"), "TaskListPage", TASK_WORDS),
      },
      {
        path: "task/:taskId",
        handle: titled("page.taskDetails"),
        lazy: lazyPage(
          () => import("../tasks/details/task-details-page"),
          "TaskDetailsPage",
          TASK_DETAILS_WORDS,
        ),
      },
      // A task's note sheet to print, and the check its QR code leads to (issue 36).
      { path: "task/:taskId/note-sheet", handle: titled("page.noteSheet"), lazy: noteSheet },
      { path: "verify/:code", handle: titled("page.verifyNoteSheet"), lazy: verifyNoteSheet },
      { path: "markings/with-me", handle: titled("page.withMe"), lazy: markingList("WithMePage") },
      {
        path: "markings/marked-by-me",
        handle: titled("page.markedByMe"),
        lazy: markingList("MarkedByMePage"),
      },
      { path: "engagement-chart", handle: chartTitle, lazy: engagementChart },
      {
        // An engagement's own page: its chart fields for everyone, its agenda, minutes and
        // decisions for those who may read them.
        path: "engagement/:id",
        handle: titled("page.engagementDetails"),
        lazy: lazyPage(
          () => import("../engagements/details/engagement-page"),
          "EngagementPage",
          MEETING_WORDS,
        ),
      },
      {
        // The registers: everyone reads what is theirs to read; their keepers write.
        path: "dak/diary",
        handle: titled("page.diaryRegister"),
        lazy: lazyPage(() => import("../dak/diary/diary-page"), "DiaryPage", DAK_WORDS),
      },
      {
        path: "dak/receipt/:id",
        handle: titled("page.receiptDetails"),
        lazy: lazyPage(() => import("../dak/receipt/receipt-page"), "ReceiptPage", DAK_WORDS),
      },
      {
        path: "dak/dispatch",
        handle: titled("page.dispatchRegister"),
        lazy: lazyPage(() => import("../dak/dispatch/dispatch-page"), "DispatchPage", DAK_WORDS),
      },
      {
        // Every notification mail links here (footer and List-Unsubscribe).
        path: "preferences",
        handle: titled("page.preferences"),
        lazy: lazyPage(
          () => import("../notifications/preferences-page"),
          "PreferencesPage",
          NOTIFICATION_WORDS,
        ),
      },
    ],
  },
  {
    path: "admin-old",
    element: <RequireRole allowed="admin" />,
    children: [{ index: true, element: <Navigate to="/admin" replace /> }],
  },
  {
    path: "organization-old",
    element: <RequireRole allowed="organization_head" />,
    children: [{ index: true, element: <Navigate to="/organization/dashboard" replace /> }],
  },
];

export const routes: RouteObject[] = [
  {
    path: "/",
    Component: TitledOutlet,
    HydrateFallback: FullPageLoader,
    children: [
      { index: true, lazy: lazyPage(() => import("./home-page"), "HomePage") },
      {
        path: "auth",
        handle: titled("page.signIn"),
        lazy: lazyPage(() => import("../auth/auth-page"), "AuthPage", AUTH_WORDS),
      },
      {
        Component: RequireSession,
        children: [
          {
            lazy: lazyPage(() => import("./signed-in-providers"), "SignedInProviders"),
            children: signedInRoutes,
          },
        ],
      },
      {
        path: "*",
        handle: titled("page.notFound"),
        lazy: lazyPage(() => import("./not-found-page"), "NotFoundPage"),
      },
    ],
  },
];
