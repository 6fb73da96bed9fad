import { roleOrDefault } from "../../shared/roles";
import {
  type AssignableUser,
  type CurrentUser,
  type Designations,
  isPlaceholderEmail,
  type PendingUser,
  type UserListItem,
} from "../../shared/users";
import { type AccountRow, presentCurrentUser } from "../auth/current-user";
import { userAbilities } from "./policy";

type ListRow = AccountRow &
  Designations & {
    createdAt: Date | string;
    taskCount: number | string;
    version: number;
  };

/** A row of the admin's user list, with what `viewer` may do to that account. */
export function presentUserListItem(row: ListRow, viewer: CurrentUser): UserListItem {
  const email = row.email && !isPlaceholderEmail(row.email) ? row.email : null;
  const fullName = row.name?.trim() ?? "";
  return {
    id: row.id,
    userId: row.username ?? null,
    email,
    fullName,
    role: roleOrDefault(row.role),
    receiptIssueDuty: row.receiptIssueDuty === true,
    designation: row.designation,
    designationUr: row.designationUr,
    createdAt: new Date(row.createdAt).toISOString(),
    displayId: email ?? (fullName || (row.username ?? row.id)),
    taskCount: Number(row.taskCount),
    version: row.version,
    can: userAbilities(viewer, row.id),
  };
}

/** A person in the pickers; their e-mail only `withEmails` (an administrator's list). */
export function presentAssignableUser(
  row: AccountRow & Designations,
  { withEmails }: { withEmails: boolean },
): AssignableUser {
  const current = presentCurrentUser(row);
  return {
    id: current.id,
    displayName: current.displayName,
    userId: current.userId,
    email: withEmails ? current.email : null,
    role: current.role,
    designation: row.designation,
    designationUr: row.designationUr,
  };
}

type PendingRow = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  createdAt: Date | string;
};

export function presentPendingUser(row: PendingRow): PendingUser {
  return {
    id: row.id,
    email: row.email,
    fullName: row.name.trim(),
    createdAt: new Date(row.createdAt).toISOString(),
    isEmailVerified: row.emailVerified,
  };
}
