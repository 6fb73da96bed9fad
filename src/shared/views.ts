/**
 * The lists whose filters can be saved as a view: each names one page, and a view opens that
 * page with its saved query string.
 */
export const SAVED_VIEW_LISTS = [
  "manageTasks",
  "headTasks",
  "engagementChart",
  "manageEngagements",
  "manageUsers",
  "reports",
  "decisions",
  "auditLog",
  "pendency",
] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];
