import { z } from "zod/mini";
import type { MessageKey } from "./i18n/message";
import type { Role } from "./roles";
import { plainText } from "./text";
import { openedVersion } from "./versions";

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

/**
 * Each list's page for each role that may open it (src/web/app/routes.tsx): a role without a
 * path may neither save nor see views of that list.
 */
export const SAVED_VIEW_PATHS: Record<SavedViewList, Partial<Record<Role, string>>> = {
  manageTasks: { admin: "/admin/manage-tasks" },
  headTasks: { organization_head: "/organization/dashboard" },
  engagementChart: {
    admin: "/admin/engagement-chart",
    organization_head: "/organization/engagement-chart",
    user: "/user/engagement-chart",
  },
  manageEngagements: { admin: "/admin/manage-engagements" },
  manageUsers: { admin: "/admin/manage-users" },
  reports: { admin: "/admin/reports" },
  decisions: { admin: "/admin/decisions", organization_head: "/organization/decisions" },
  auditLog: { admin: "/admin/audit-log", organization_head: "/organization/audit-log" },
  pendency: { admin: "/admin/pendency", organization_head: "/organization/pendency" },
};

/** The page of `list` for `role`, or null when that role may not open it. */
export function savedViewPath(list: SavedViewList, role: Role): string | null {
  return SAVED_VIEW_PATHS[list][role] ?? null;
}

/** The lists `role` may open, and so save views of and see shared views of. */
export function openableLists(role: Role): SavedViewList[] {
  return SAVED_VIEW_LISTS.filter((list) => savedViewPath(list, role) !== null);
}

/** Where a view opens for `role`: its list's page with the saved query. */
export function savedViewHref(view: { list: SavedViewList; query: string }, role: Role) {
  const path = savedViewPath(view.list, role);
  if (path === null) return null;
  return view.query ? `${path}?${view.query}` : path;
}

export const SAVED_VIEW_MESSAGES = {
  invalidList: "views:error.invalidList",
  listForbidden: "views:error.listForbidden",
  nameRequired: "views:error.nameRequired",
  nameTooLong: "views:error.nameTooLong",
  queryTooLong: "views:error.queryTooLong",
  invalidShared: "views:error.invalidShared",
  duplicateName: "views:error.duplicateName",
  notFound: "views:error.notFound",
  ownerOnly: "views:error.ownerOnly",
  shareForbidden: "views:error.shareForbidden",
  saved: "views:toast.saved",
  updated: "views:toast.updated",
  deleted: "views:toast.deleted",
  pinned: "views:toast.pinned",
  unpinned: "views:toast.unpinned",
  changed: "views:conflict.changed",
  stale: "views:conflict.stale",
} as const satisfies Record<string, MessageKey>;

export const MAX_VIEW_NAME_LENGTH = 80;
export const MAX_VIEW_QUERY_LENGTH = 2000;

/**
 * A list's query string as a view keeps it: read as the address bar's (with or without its
 * "?"), without `page` (a view opens on the first page), encoded again so that what is stored
 * is exactly what the page's address will hold.
 */
export function viewQueryOf(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  return params.toString();
}

const listSchema = z.enum(SAVED_VIEW_LISTS, SAVED_VIEW_MESSAGES.invalidList);

const viewName = z
  .string({ error: SAVED_VIEW_MESSAGES.nameRequired })
  .check(
    z.trim(),
    z.minLength(1, SAVED_VIEW_MESSAGES.nameRequired),
    z.maxLength(MAX_VIEW_NAME_LENGTH, SAVED_VIEW_MESSAGES.nameTooLong),
    plainText("views:field.name"),
  );

// Bounded before and after encoding: non-Latin text grows when percent-encoded.
const viewQuery = z.pipe(
  z.string().check(z.maxLength(MAX_VIEW_QUERY_LENGTH, SAVED_VIEW_MESSAGES.queryTooLong)),
  z.pipe(
    z.transform(viewQueryOf),
    z.string().check(z.maxLength(MAX_VIEW_QUERY_LENGTH, SAVED_VIEW_MESSAGES.queryTooLong)),
  ),
);

const sharedFlag = z.boolean(SAVED_VIEW_MESSAGES.invalidShared);

/** What the Save and Rename dialogs ask: the view's name, and (admins) whether it is shared. */
export const viewFormInput = z.object({
  name: viewName,
  shared: z.optional(sharedFlag),
});
export type ViewFormInput = z.input<typeof viewFormInput>;

/** POST /api/views: the current filters of a list under a name; admins may share it. */
export const createViewInput = z.extend(viewFormInput, { list: listSchema, query: viewQuery });
export type CreateViewInput = z.input<typeof createViewInput>;
export type CreateViewFields = z.output<typeof createViewInput>;

/**
 * PATCH /api/views/:id: a new name, new filters, or (admins) shared or not; with the version
 * of the view the change was made on (shared/versions.ts).
 */
export const updateViewInput = z.object({
  name: z.optional(viewName),
  query: z.optional(viewQuery),
  shared: z.optional(sharedFlag),
  version: openedVersion,
});
export type UpdateViewInput = z.input<typeof updateViewInput>;
export type UpdateViewFields = z.output<typeof updateViewInput>;

/** GET /api/views?list=: the views of one list. */
export const viewListQuery = z.object({ list: listSchema });

export const viewIdParam = z.object({ id: z.guid(SAVED_VIEW_MESSAGES.notFound) });

/** One view as the API sends it, with what the caller may do to it (the server decides). */
export type SavedView = {
  id: string;
  list: SavedViewList;
  name: string;
  query: string;
  shared: boolean;
  ownerName: string;
  /** The caller's own view. */
  mine: boolean;
  /** In the caller's sidebar. */
  pinned: boolean;
  /** What a change to it sends back (shared/versions.ts). */
  version: number;
  can: { rename: boolean; delete: boolean; share: boolean; pin: boolean };
};

/** GET /api/views?list=: the caller's views of a list and those shared with them. */
export type SavedViewsOfList = {
  views: SavedView[];
  /** Whether the caller may share a view they save here with everyone. */
  canShare: boolean;
};

/** A pinned view for the sidebar: where it opens for the caller's role. */
export type PinnedView = SavedView & { href: string };
