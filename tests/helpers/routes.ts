import type { Pools } from "./fuzz";

export type Who =
  | "anonymous"
  | "user"
  | "organization_head"
  | "admin"
  | "fresh session"
  /** A session cookie made up of junk. */
  | "forged cookie";
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type Route = {
  method: Method;
  /** With :name placeholders, filled from `params`. */
  path: string;
  params?: Record<string, (pools: Pools) => string[]>;
  query?: readonly string[];
  json?: readonly string[];
  form?: { fields: readonly string[]; files: readonly string[] };
  /** A Server-Sent Events stream: read the status, then hang up. */
  isStream?: boolean;
  /** Each case signs in first (a password hash): fuzzed with a third of the cases. */
  isCostly?: boolean;
  /** Who sends it; by default everyone. */
  as?: readonly Who[];
};

export const SIGNED_IN: readonly Who[] = [
  "anonymous",
  "forged cookie",
  "user",
  "organization_head",
  "admin",
];
const taskId = { id: (p: Pools) => p.taskIds };
const engagementId = { id: (p: Pools) => p.engagementIds };
const accountId = { id: (p: Pools) => p.accountIds };
const TASK_FIELDS = ["subject", "description", "assignedTo", "assignDate", "dueDate", "taskType"];
const TASK_FILTERS = [
  "status",
  "assignDate",
  "dueDate",
  "assignDateFrom",
  "assignDateTo",
  "assignedUser",
  "extension",
  "age",
  "completedFrom",
  "page",
  "pageSize",
];
const ENGAGEMENT_FIELDS = [
  "date",
  "time",
  "subject",
  "venue",
  "responsibility",
  "status",
  "participants",
  "guests",
  "followUpOf",
  "statusReason",
  "allowClash",
];

const DECISION_FILTERS = ["engagement", "owner", "status", "from", "to", "page"];

const AUDIT_FILTERS = ["actor", "entity", "action", "from", "to", "page"];

const VIEW_FIELDS = ["list", "name", "query", "shared"];

const HOLIDAY_FIELDS = ["date", "name"];

const RECEIPT_FIELDS = [
  "receivedOn",
  "mode",
  "section",
  "senderName",
  "senderDesignation",
  "senderOrganisation",
  "senderAddress",
  "letterNumber",
  "letterDate",
  "subject",
  "category",
  "classification",
  "enclosures",
  "remarks",
];
const RECEIPT_FILTERS = ["q", "from", "to", "category", "mode", "classification", "status", "page"];
const holidayDate = { date: () => ["2026-12-25", "2026-08-14"] };
const SETTINGS_FIELDS = [
  "weeklyOffDays",
  "digestTime",
  "dueSoonWorkingDays",
  "escalation",
  "emailDefaults",
  "deletedFileRetentionDays",
  "dak",
  "markingLimits",
];

/**
 * Every route of the API, listed from the routers under src/server/*\/routes.ts and the open
 * auth endpoints of src/server/auth/handler.ts, with the fields each one reads.
 */
export const ROUTES: Route[] = [
  // src/server/auth/handler.ts OPEN_AUTH_ENDPOINTS
  {
    method: "POST",
    path: "/api/auth/sign-in/email",
    json: ["email", "password", "rememberMe", "callbackURL"],
  },
  {
    method: "POST",
    path: "/api/auth/sign-in/username",
    json: ["username", "password", "rememberMe", "callbackURL"],
  },
  {
    method: "POST",
    path: "/api/auth/sign-up/email",
    json: ["name", "email", "password", "callbackURL"],
  },
  {
    method: "POST",
    path: "/api/auth/sign-out",
    json: [],
    as: ["anonymous", "fresh session"],
    isCostly: true,
  },
  { method: "GET", path: "/api/auth/get-session", query: ["disableCookieCache"] },
  { method: "POST", path: "/api/auth/request-password-reset", json: ["email", "redirectTo"] },
  {
    method: "POST",
    path: "/api/auth/reset-password",
    json: ["newPassword", "token"],
    query: ["token"],
  },
  {
    method: "GET",
    path: "/api/auth/reset-password/:token",
    params: { token: () => [] },
    query: ["callbackURL"],
  },
  { method: "GET", path: "/api/auth/verify-email", query: ["token", "callbackURL"] },
  // src/server/users/routes.ts, src/server/health/routes.ts
  { method: "GET", path: "/api/public-config" },
  { method: "GET", path: "/api/me" },
  { method: "PUT", path: "/api/me/language", json: ["language"] },
  { method: "GET", path: "/api/health" },
  { method: "GET", path: "/api/ready" },
  // src/server/users/routes.ts
  { method: "GET", path: "/api/admin/users", query: ["search", "page", "pageSize"] },
  { method: "GET", path: "/api/admin/users/pending", query: ["search", "page", "pageSize"] },
  { method: "GET", path: "/api/admin/users/:id", params: accountId },
  {
    method: "POST",
    path: "/api/admin/users",
    json: ["userId", "email", "password", "fullName", "designation", "designationUr", "role"],
  },
  {
    method: "PATCH",
    path: "/api/admin/users/:id",
    params: accountId,
    json: ["email", "fullName", "designation", "designationUr", "role", "version"],
  },
  {
    method: "POST",
    path: "/api/admin/users/:id/password",
    params: accountId,
    json: ["newPassword"],
  },
  { method: "POST", path: "/api/admin/users/:id/approve", params: accountId },
  { method: "POST", path: "/api/admin/users/:id/reject", params: accountId },
  { method: "DELETE", path: "/api/admin/users/:id", params: accountId, query: ["handOverTo"] },
  { method: "GET", path: "/api/users/assignable", query: ["includeHeads"] },
  // src/server/tasks/routes.ts
  { method: "GET", path: "/api/tasks", query: TASK_FILTERS },
  { method: "GET", path: "/api/tasks/stats", query: TASK_FILTERS },
  { method: "GET", path: "/api/tasks/due-next" },
  { method: "POST", path: "/api/tasks/bulk", json: ["selection", "action"] },
  { method: "GET", path: "/api/tasks/:id", params: taskId },
  { method: "GET", path: "/api/tasks/:id/history", params: taskId },
  { method: "POST", path: "/api/tasks", form: { fields: TASK_FIELDS, files: ["attachment"] } },
  {
    method: "PATCH",
    path: "/api/tasks/:id",
    params: taskId,
    form: {
      fields: [...TASK_FIELDS, "status", "remarks", "removeAttachment", "dueDateReason", "version"],
      files: ["attachment"],
    },
  },
  { method: "POST", path: "/api/tasks/:id/complete", params: taskId },
  { method: "PUT", path: "/api/tasks/:id/remarks", params: taskId, json: ["remarks"] },
  {
    method: "POST",
    path: "/api/tasks/:id/response-file",
    params: taskId,
    form: { fields: [], files: ["file"] },
  },
  { method: "DELETE", path: "/api/tasks/:id/response-file", params: taskId },
  { method: "DELETE", path: "/api/tasks/:id", params: taskId },
  { method: "GET", path: "/api/tasks/:id/thread", params: taskId },
  { method: "POST", path: "/api/tasks/:id/replies", params: taskId, json: ["body"] },
  // A task's movement (issue 36).
  { method: "GET", path: "/api/tasks/:id/movement", params: taskId },
  {
    method: "POST",
    path: "/api/tasks/:id/mark",
    params: taskId,
    json: ["to", "purpose", "remark", "route"],
  },
  { method: "POST", path: "/api/tasks/:id/open", params: taskId },
  { method: "POST", path: "/api/tasks/:id/pull-back", params: taskId, json: ["reason"] },
  { method: "POST", path: "/api/tasks/:id/answer", params: taskId, json: ["outcome", "remark"] },
  { method: "POST", path: "/api/tasks/:id/close-as-seen", params: taskId, json: ["remark"] },
  { method: "GET", path: "/api/markings/with-me", query: ["purpose", "page"] },
  { method: "GET", path: "/api/markings/marked-by-me", query: ["page"] },
  // Its note sheet, and the check a printout's QR code leads to.
  { method: "GET", path: "/api/tasks/:id/note-sheet", params: taskId },
  { method: "GET", path: "/api/verify/:code", params: { code: () => [] } },
  {
    method: "POST",
    path: "/api/tasks/:id/extension-requests",
    params: taskId,
    json: ["dueDate", "reason"],
  },
  { method: "GET", path: "/api/extension-requests", query: ["status"] },
  { method: "POST", path: "/api/extension-requests/:id/approve", params: { id: () => [] } },
  {
    method: "POST",
    path: "/api/extension-requests/:id/decline",
    params: { id: () => [] },
    json: ["reason"],
  },
  // src/server/files/routes.ts
  {
    method: "GET",
    path: "/api/files/:token",
    params: { token: (p) => p.fileTokens },
    query: ["download"],
  },
  // src/server/engagements/routes.ts
  {
    method: "GET",
    path: "/api/engagements",
    query: ["range", "venue", "status", "date", "search", "order"],
  },
  { method: "GET", path: "/api/engagements/:id", params: engagementId },
  { method: "POST", path: "/api/engagements", json: ENGAGEMENT_FIELDS },
  {
    method: "PUT",
    path: "/api/engagements/:id",
    params: engagementId,
    json: [...ENGAGEMENT_FIELDS, "version"],
  },
  { method: "DELETE", path: "/api/engagements/:id", params: engagementId },
  {
    method: "PUT",
    path: "/api/engagements/:id/agenda",
    params: engagementId,
    json: ["items", "version"],
  },
  {
    method: "PUT",
    path: "/api/engagements/:id/minutes",
    params: engagementId,
    json: ["minutes", "version"],
  },
  { method: "GET", path: "/api/calendar/feed" },
  { method: "POST", path: "/api/calendar/feed/reset" },
  { method: "GET", path: "/api/calendar/:file", params: { file: (p) => p.calendarFiles } },
  // src/server/decisions/routes.ts
  {
    method: "POST",
    path: "/api/engagements/:id/decisions",
    params: engagementId,
    json: ["decisions"],
  },
  { method: "GET", path: "/api/decisions", query: DECISION_FILTERS },
  { method: "GET", path: "/api/decisions/export", query: DECISION_FILTERS },
  { method: "DELETE", path: "/api/decisions/:id", params: { id: () => [] } },
  // src/server/brief/routes.ts
  { method: "GET", path: "/api/brief", query: ["date"] },
  // src/server/reports/routes.ts, src/server/live/routes.ts
  { method: "GET", path: "/api/reports/performance", query: ["range"] },
  { method: "GET", path: "/api/live", isStream: true },
  // src/server/pendency/routes.ts
  { method: "GET", path: "/api/pendency", query: ["sort", "dir"] },
  // src/server/notifications/routes.ts
  { method: "GET", path: "/api/notifications", query: ["unread"] },
  { method: "POST", path: "/api/notifications/read-all" },
  { method: "POST", path: "/api/notifications/:id/read", params: { id: () => [] } },
  { method: "GET", path: "/api/notifications/preferences" },
  { method: "PUT", path: "/api/notifications/preferences", json: ["email"] },
  // src/server/office/routes.ts
  { method: "GET", path: "/api/office/holidays", query: ["year"] },
  { method: "POST", path: "/api/office/holidays", json: HOLIDAY_FIELDS },
  { method: "POST", path: "/api/office/holidays/import", json: ["text"] },
  {
    method: "PUT",
    path: "/api/office/holidays/:date",
    params: holidayDate,
    json: [...HOLIDAY_FIELDS, "version"],
  },
  { method: "DELETE", path: "/api/office/holidays/:date", params: holidayDate },
  { method: "GET", path: "/api/office/settings" },
  { method: "PUT", path: "/api/office/settings", json: [...SETTINGS_FIELDS, "version"] },
  // src/server/jobs/routes.ts
  { method: "GET", path: "/api/admin/outbox", query: ["state", "page"] },
  { method: "POST", path: "/api/admin/outbox/:id/resend", params: { id: () => [] } },
  // src/server/audit/routes.ts
  { method: "GET", path: "/api/audit", query: AUDIT_FILTERS },
  { method: "GET", path: "/api/audit/export.csv", query: AUDIT_FILTERS },
  { method: "GET", path: "/api/audit/status" },
  // src/server/exports/routes.ts
  { method: "GET", path: "/api/exports/tasks", query: [...TASK_FILTERS.slice(0, -2), "ids"] },
  {
    method: "GET",
    path: "/api/exports/engagements",
    query: ["range", "venue", "status", "date", "search", "order"],
  },
  { method: "GET", path: "/api/exports/users", query: ["search"] },
  { method: "GET", path: "/api/exports/report", query: ["range"] },
  { method: "GET", path: "/api/exports/decisions", query: DECISION_FILTERS },
  { method: "GET", path: "/api/exports/audit", query: AUDIT_FILTERS },
  { method: "GET", path: "/api/exports/pendency", query: ["sort", "dir"] },
  { method: "GET", path: "/api/exports/receipts", query: RECEIPT_FILTERS },
  { method: "GET", path: "/api/exports/dispatches", query: ["q", "from", "to", "mode", "page"] },
  // src/server/views/routes.ts
  { method: "GET", path: "/api/views", query: ["list"] },
  { method: "GET", path: "/api/views/pinned" },
  { method: "POST", path: "/api/views", json: VIEW_FIELDS },
  {
    method: "PATCH",
    path: "/api/views/:id",
    params: { id: () => [] },
    json: [...VIEW_FIELDS, "version"],
  },
  { method: "DELETE", path: "/api/views/:id", params: { id: () => [] } },
  { method: "PUT", path: "/api/views/:id/pin", params: { id: () => [] } },
  { method: "DELETE", path: "/api/views/:id/pin", params: { id: () => [] } },
  // src/server/dak/routes.ts (ids of entries the fuzz never made: every one is "not found")
  { method: "GET", path: "/api/receipts", query: RECEIPT_FILTERS },
  { method: "GET", path: "/api/receipts/export", query: RECEIPT_FILTERS },
  { method: "GET", path: "/api/receipts/settings" },
  { method: "GET", path: "/api/receipts/for-task/:id", params: taskId },
  { method: "GET", path: "/api/receipts/:id", params: { id: () => [] } },
  {
    method: "POST",
    path: "/api/receipts",
    form: {
      fields: [...RECEIPT_FIELDS, "markTo", "markPurpose", "markRemark", "markDueDate"],
      files: ["scans"],
    },
  },
  {
    method: "PATCH",
    path: "/api/receipts/:id",
    params: { id: () => [] },
    json: [...RECEIPT_FIELDS, "reason", "version"],
  },
  {
    method: "POST",
    path: "/api/receipts/:id/mark",
    params: { id: () => [] },
    json: ["to", "purpose", "remark", "dueDate"],
  },
  { method: "POST", path: "/api/receipts/:id/link", params: { id: () => [] }, json: ["taskId"] },
  { method: "POST", path: "/api/receipts/:id/close", params: { id: () => [] }, json: ["reason"] },
  { method: "GET", path: "/api/dispatches", query: ["q", "from", "to", "mode", "page"] },
  { method: "GET", path: "/api/dispatches/export", query: ["q", "from", "to", "mode"] },
  { method: "GET", path: "/api/dispatches/:id", params: { id: () => [] } },
  {
    method: "POST",
    path: "/api/dispatches",
    form: {
      fields: [
        "dispatchedOn",
        "section",
        "addressees",
        "subject",
        "mode",
        "signedBy",
        "enclosures",
        "receiptId",
        "taskId",
        "useResponseFile",
      ],
      files: ["letter"],
    },
  },
  { method: "GET", path: "/api/search", query: ["q"] },
];
