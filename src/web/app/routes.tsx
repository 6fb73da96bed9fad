import type { ComponentType } from "react";
import { Navigate, type RouteObject } from "react-router";
import { FullPageLoader } from "../ui/full-page-loader";
import { RequireRole, RequireSession } from "./guards";

/** Route modules load on demand, so the sign-in page ships only what it needs. */
function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
) {
  return async () => ({ Component: (await load())[name] });
}

const engagementChart = lazyPage(
  () => import("../engagements/engagement-chart-page"),
  "EngagementChartPage",
);

const adminPages: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(() => import("../tasks/admin-dashboard-page"), "AdminDashboardPage"),
  },
  {
    path: "create-task",
    lazy: lazyPage(() => import("../tasks/create-task-page"), "CreateTaskPage"),
  },
  {
    path: "manage-tasks",
    lazy: lazyPage(() => import("../tasks/manage-tasks-page"), "ManageTasksPage"),
  },
  {
    path: "manage-users",
    lazy: lazyPage(() => import("../users/manage-users-page"), "ManageUsersPage"),
  },
  { path: "reports", lazy: lazyPage(() => import("../reports/reports-page"), "ReportsPage") },
  {
    path: "manage-engagements",
    lazy: lazyPage(() => import("../engagements/manage-engagements-page"), "ManageEngagementsPage"),
  },
  { path: "engagement-chart", lazy: engagementChart },
];

const userDashboard = lazyPage(() => import("../tasks/user-dashboard-page"), "UserDashboardPage");
const layout = (name: "AdminLayout" | "UserLayout" | "OrganizationLayout" | "OwnRoleLayout") =>
  lazyPage(() => import("./layouts"), name);

const signedInRoutes: RouteObject[] = [
  {
    lazy: lazyPage(() => import("./page-shell"), "PageShell"),
    children: [
      {
        path: "dashboard",
        lazy: lazyPage(() => import("../dashboard/dashboard-page"), "DashboardPage"),
      },
      { path: "tasks", lazy: lazyPage(() => import("../tasks/task-list-page"), "TaskListPage") },
      {
        path: "task/:taskId",
        lazy: lazyPage(() => import("../tasks/task-details-page"), "TaskDetailsPage"),
      },
    ],
  },
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
            lazy: lazyPage(
              () => import("../tasks/organization-dashboard-page"),
              "OrganizationDashboardPage",
            ),
          },
          { path: "engagement-chart", lazy: engagementChart },
        ],
      },
    ],
  },
  {
    lazy: layout("UserLayout"),
    children: [
      {
        path: "user",
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          { path: "dashboard", lazy: userDashboard },
          { path: "engagement-chart", lazy: engagementChart },
        ],
      },
      { path: "user-dashboard", lazy: userDashboard },
    ],
  },
  {
    lazy: layout("OwnRoleLayout"),
    children: [{ path: "engagement-chart", lazy: engagementChart }],
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
    HydrateFallback: FullPageLoader,
    children: [
      { index: true, lazy: lazyPage(() => import("./home-page"), "HomePage") },
      { path: "auth", lazy: lazyPage(() => import("../auth/auth-page"), "AuthPage") },
      {
        Component: RequireSession,
        children: [
          {
            lazy: lazyPage(() => import("./signed-in-providers"), "SignedInProviders"),
            children: signedInRoutes,
          },
        ],
      },
      { path: "*", lazy: lazyPage(() => import("./not-found-page"), "NotFoundPage") },
    ],
  },
];
