import type { Role } from "../../../shared/roles";
import { useSignedInUser } from "../../auth/session";
import { DiaryIcon, DispatchIcon } from "../../dak/dak-icons";
import { MarkedByMeIcon, WithMeIcon } from "../../markings/marking-icons";
import { PendingExtensionsBadge } from "../../tasks/extensions/pending-extensions-badge";
import {
  AuditIcon,
  BriefIcon,
  CalendarEditIcon,
  CalendarIcon,
  DecisionsIcon,
  ExtensionIcon,
  HolidayIcon,
  HomeIcon,
  OutboxIcon,
  PendencyIcon,
  ReportsIcon,
  SettingsIcon,
  TasksIcon,
  UsersIcon,
} from "../../ui/icons";
import type { NavItem } from "./sidebar";
import { SidebarLayout } from "./sidebar-layout";

/** The pages every role shares that list or show tasks: they belong under a role's task item. */
const SHARED_TASK_PAGES = ["/tasks", "/task/:taskId"];
/** An engagement's own page belongs under the chart it is opened from. */
const ENGAGEMENT_PAGES = ["/engagement/:id"];

/** The files that move (issue 36), for those who hold and mark them: not organization heads. */
const MARKING_NAV: NavItem[] = [
  { label: "nav.withMe", to: "/markings/with-me", icon: <WithMeIcon /> },
  { label: "nav.markedByMe", to: "/markings/marked-by-me", icon: <MarkedByMeIcon /> },
];

/** The registers, for everyone: each reads the letters that are theirs to read. */
const DAK_NAV: NavItem[] = [
  {
    label: "nav.diaryRegister",
    to: "/dak/diary",
    icon: <DiaryIcon />,
    alsoActiveOn: ["/dak/receipt/:id"],
  },
  { label: "nav.dispatchRegister", to: "/dak/dispatch", icon: <DispatchIcon /> },
];

const ADMIN_NAV: NavItem[] = [
  { label: "nav.adminDashboard", to: "/admin", icon: <HomeIcon /> },
  {
    label: "nav.manageTasks",
    to: "/admin/manage-tasks",
    icon: <TasksIcon />,
    alsoActiveOn: SHARED_TASK_PAGES,
  },
  {
    label: "nav.extensionRequests",
    to: "/admin/extension-requests",
    icon: <ExtensionIcon />,
    badge: <PendingExtensionsBadge />,
  },
  ...MARKING_NAV,
  { label: "nav.manageUsers", to: "/admin/manage-users", icon: <UsersIcon /> },
  { label: "nav.reports", to: "/admin/reports", icon: <ReportsIcon /> },
  { label: "nav.pendency", to: "/admin/pendency", icon: <PendencyIcon /> },
  {
    label: "nav.engagementChart",
    to: "/admin/engagement-chart",
    icon: <CalendarIcon />,
    alsoActiveOn: ENGAGEMENT_PAGES,
  },
  { label: "nav.manageEngagements", to: "/admin/manage-engagements", icon: <CalendarEditIcon /> },
  ...DAK_NAV,
  { label: "nav.decisions", to: "/admin/decisions", icon: <DecisionsIcon /> },
  { label: "nav.brief", to: "/admin/brief", icon: <BriefIcon /> },
  { label: "nav.holidays", to: "/admin/holidays", icon: <HolidayIcon /> },
  { label: "nav.settings", to: "/admin/settings", icon: <SettingsIcon /> },
  { label: "nav.outbox", to: "/admin/outbox", icon: <OutboxIcon /> },
  { label: "nav.auditLog", to: "/admin/audit-log", icon: <AuditIcon /> },
];

const USER_NAV: NavItem[] = [
  { label: "nav.myDashboard", to: "/dashboard", icon: <HomeIcon /> },
  {
    label: "nav.assignedTasks",
    to: "/user/dashboard",
    icon: <TasksIcon />,
    alsoActiveOn: SHARED_TASK_PAGES,
  },
  ...MARKING_NAV,
  {
    label: "nav.engagementChart",
    to: "/user/engagement-chart",
    icon: <CalendarIcon />,
    alsoActiveOn: ENGAGEMENT_PAGES,
  },
  ...DAK_NAV,
];

const ORGANIZATION_NAV: NavItem[] = [
  {
    label: "nav.tasksPage",
    to: "/organization/dashboard",
    icon: <TasksIcon />,
    alsoActiveOn: SHARED_TASK_PAGES,
  },
  {
    label: "nav.extensionRequests",
    to: "/organization/extension-requests",
    icon: <ExtensionIcon />,
    badge: <PendingExtensionsBadge />,
  },
  { label: "nav.pendency", to: "/organization/pendency", icon: <PendencyIcon /> },
  {
    label: "nav.engagementChart",
    to: "/organization/engagement-chart",
    icon: <CalendarIcon />,
    alsoActiveOn: ENGAGEMENT_PAGES,
  },
  ...DAK_NAV,
  { label: "nav.decisions", to: "/organization/decisions", icon: <DecisionsIcon /> },
  { label: "nav.brief", to: "/organization/brief", icon: <BriefIcon /> },
  { label: "nav.auditLog", to: "/organization/audit-log", icon: <AuditIcon /> },
];

const NAV_BY_ROLE: Record<Role, NavItem[]> = {
  admin: ADMIN_NAV,
  organization_head: ORGANIZATION_NAV,
  user: USER_NAV,
};

export function AdminLayout() {
  return <SidebarLayout items={ADMIN_NAV} />;
}

export function UserLayout() {
  return <SidebarLayout items={USER_NAV} />;
}

export function OrganizationLayout() {
  return <SidebarLayout items={ORGANIZATION_NAV} />;
}

/**
 * For pages every role shares outside the role prefixes (/dashboard, /tasks, /task/{id},
 * /engagement-chart): the signed-in person's own role's sidebar.
 */
export function OwnRoleLayout() {
  const { role } = useSignedInUser();
  return <SidebarLayout items={NAV_BY_ROLE[role]} />;
}
