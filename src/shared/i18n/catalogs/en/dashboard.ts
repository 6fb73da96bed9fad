/** /dashboard, where every sign-in lands: its heading, figures, next tasks and role card. */
export default {
  title: "Task Manager Dashboard",
  // SPEC.md: 'Welcome back, {full name or email} - {ROLE}'.
  welcome: "Welcome back, {{name}} - {{role}}",
  "roleName.user": "USER",
  "roleName.organization_head": "ORGANIZATION_HEAD",
  "roleName.admin": "ADMIN",
  departmentFigures: "Department Figures",
  yourFigures: "Your Figures",
  dueNext: "Due Next",
  noOpenTasks: "No open tasks.",
  due: "Due {{date}}",
  assigneeDue: "{{name}} · Due {{date}}",
  "roleCard.admin.title": "Admin Controls",
  "roleCard.admin.description":
    "Create and assign tasks, manage users and engagements, and view reports.",
  "roleCard.admin.action": "Go to Admin Panel",
  "roleCard.organization_head.title": "Organization Overview",
  "roleCard.organization_head.description": "Follow every task in the department and its progress.",
  "roleCard.organization_head.action": "View Organization Dashboard",
  "roleCard.user.title": "My Tasks",
  "roleCard.user.description": "See the tasks assigned to you and report your progress.",
  "roleCard.user.action": "View My Tasks",
} as const;
