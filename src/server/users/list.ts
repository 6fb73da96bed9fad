import { and, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import {
  type CurrentUser,
  USER_MESSAGES,
  type UserListFilters,
  type UserListPage,
} from "../../shared/users";
import type { Db } from "../db/client";
import { containing } from "../db/like";
import { user } from "../db/schema";
import { AppError } from "../http/errors";
import type { UserDeps } from "./deps";
import { presentAssignableUser, presentUserListItem } from "./present";

export const listColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  username: user.username,
  role: user.role,
  receiptIssueDuty: user.receiptIssueDuty,
  designation: user.designation,
  designationUr: user.designationUr,
  createdAt: user.createdAt,
  version: user.version,
  // Qualified by hand: drizzle leaves the columns of a one-table select unqualified, and an
  // unqualified "id" inside the subquery would mean tasks.id.
  taskCount:
    sql<number>`(select count(*) from "tasks" where "tasks"."assigned_to" = "user"."id")`.mapWith(
      Number,
    ),
};

/** Rows matching the admin's search box (name, User ID or e-mail). */
export function searchFilter(search: string) {
  if (!search) return undefined;
  const pattern = containing(search);
  return or(ilike(user.name, pattern), ilike(user.username, pattern), ilike(user.email, pattern));
}

/** Manage Users' rows for a search: every account but those awaiting approval (listPending). */
function userListWhere(search: string) {
  return and(eq(user.pendingApproval, false), searchFilter(search));
}

/** Manage Users' rows, newest first: its pages and its Excel export read through this. */
export function selectUserList(db: Db, search: string) {
  return db
    .select(listColumns)
    .from(user)
    .where(userListWhere(search))
    .orderBy(desc(user.createdAt), user.id);
}

export async function listUsers(
  { db }: UserDeps,
  viewer: CurrentUser,
  query: UserListFilters,
): Promise<UserListPage> {
  const [rows, [{ total }]] = await Promise.all([
    selectUserList(db, query.search)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(user).where(userListWhere(query.search)),
  ]);
  return {
    users: rows.map((row) => presentUserListItem(row, viewer)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One account as Manage Users lists it: what Edit Account reads again after a conflict. */
export async function getUser({ db }: UserDeps, viewer: CurrentUser, id: string) {
  const [row] = await db
    .select(listColumns)
    .from(user)
    .where(and(eq(user.id, id), eq(user.pendingApproval, false)));
  if (!row) throw new AppError("NOT_FOUND", USER_MESSAGES.notFound);
  return presentUserListItem(row, viewer);
}

/**
 * Users and admins, for the assignee, marking and hand-over pickers; with `includeHeads`,
 * every account that acts (the Audit Log's people filter). Never a pending sign-up. The
 * e-mails only when `withEmails` (users/policy.ts: an administrator's list).
 */
export async function assignableUsers(
  { db }: UserDeps,
  { includeHeads, withEmails }: { includeHeads: boolean; withEmails: boolean },
) {
  const takesTasks = inArray(user.role, ["user", "admin"]);
  const rows = await db
    .select()
    .from(user)
    .where(and(includeHeads ? undefined : takesTasks, eq(user.pendingApproval, false)))
    .orderBy(user.name);
  return rows.map((row) => presentAssignableUser(row, { withEmails }));
}
