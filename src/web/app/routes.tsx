import type { ComponentType } from "react";
import { Navigate, type RouteObject } from "react-router";
import { ENGAGEMENT_MESSAGES } from "../../shared/engagements";
import { REPORT_MESSAGES } from "../../shared/reports";
import { seesAllTasks } from "../../shared/roles";
import { FullPageLoader } from "../ui/full-page-loader";
import { RequireRole, RequireSession, RequireUserRole } from "./guards";
import type { PageHandle } from "./page-title";
import { TitledOutlet } from "./titled-outlet";

/** Route modules load on demand, so the sign-in page ships only what it needs. */
function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
) {
  return async () => ({ Component: (await load())[name] });
}

const titled = (title: PageHandle["title"]): PageHandle => ({ title });
const chartTitle = titled(ENGAGEMENT_MESSAGES.chartTitle);
const myTasksTitle = titled("My Tasks");

const engagementChart = lazyPage(
  () => import("../engagements/chart/engagement-chart-page"),
  "EngagementChartPage",
);

const adminPages: RouteObject[] = [
  {
    index: true,
    handle: titled("Admin Dashboard"),
    lazy: lazyPage(() => import("../dashboard/admin-dashboard-page"), "AdminDashboardPage"),
  },
  {
    path: "create-task",
    handle: titled("Create New Task"),
    lazy: lazyPage(() => import("../tasks/forms/create-task-page"), "CreateTaskPage"),
  },
  {
    path: "manage-tasks",
    handle: titled("Manage Tasks"),
    lazy: lazyPage(() => import("../tasks/list/manage-tasks-page"), "ManageTasksPage"),
  },
  {
    path: "manage-users",
    handle: titled("User Management"),
    lazy: lazyPage(() => import("../users/manage-users-page"), "ManageUsersPage"),
  },
  {
    path: "reports",
    handle: titled(REPORT_MESSAGES.title),
    lazy: lazyPage(() => import("../reports/reports-page"), "ReportsPage"),
  },
  {
    path: "manage-engagements",
    handle: titled("Manage Engagements"),
    lazy: lazyPage(
      () => import("../engagements/list/manage-engagements-page"),
      "ManageEngagementsPage",
    ),
  },
  { path: "engagement-chart", handle: chartTitle, lazy: engagementChart },
];

const userDashboard = lazyPage(
  () => import("../dashboard/user-dashboard-page"),
  "UserDashboardPage",
);
const layout = (name: "AdminLayout" | "UserLayout" | "OrganizationLayout" | "OwnRoleLayout") =>
  lazyPage(() => import("./shell/layouts"), name);

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
            handle: titled("Tasks"),
            lazy: lazyPage(
              () => import("../dashboard/organization-dashboard-page"),
              "OrganizationDashboardPage",
            ),
          },
          { path: "engagement-chart", handle: chartTitle, lazy: engagementChart },
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
        handle: titled("Dashboard"),
        lazy: lazyPage(() => import("../dashboard/dashboard-page"), "DashboardPage"),
      },
      {
        path: "tasks",
        // SPEC.md 'Task list page': 'All Tasks' for organization heads and admins.
        handle: titled((role) => (role && seesAllTasks(role) ? "All Tasks" : "My Tasks")),
        lazy: lazyPage(() => import("../tasks/list/task-list-page"), "TaskListPage"),
      },
      {
        path: "task/:taskId",
        handle: titled("Task Details"),
        lazy: lazyPage(() => import("../tasks/details/task-details-page"), "TaskDetailsPage"),
      },
      { path: "engagement-chart", handle: chartTitle, lazy: engagementChart },
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
        handle: titled("Sign In"),
        lazy: lazyPage(() => import("../auth/auth-page"), "AuthPage"),
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
        handle: titled("Page Not Found"),
        lazy: lazyPage(() => import("./not-found-page"), "NotFoundPage"),
      },
    ],
  },
];
