import { roleOrDefault } from "../../shared/roles";
import {
  type AssignableUser,
  type CurrentUser,
  displayNameOf,
  isPlaceholderEmail,
  type PendingUser,
  type UserListItem,
} from "../../shared/users";

type UserRow = {
  id: string;
  name?: string | null;
  email?: string | null;
  username?: string | null;
  role?: string | null;
};

/** The signed-in account as it leaves the server; placeholder e-mails never do. */
export function presentCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    userId: user.username ?? null,
    email: user.email && !isPlaceholderEmail(user.email) ? user.email : null,
    displayName: displayNameOf(user),
    role: roleOrDefault(user.role),
  };
}

type ListRow = UserRow & { createdAt: Date | string; taskCount: number | string };

export function presentUserListItem(row: ListRow): UserListItem {
  const email = row.email && !isPlaceholderEmail(row.email) ? row.email : null;
  const fullName = row.name?.trim() ?? "";
  return {
    id: row.id,
    userId: row.username ?? null,
    email,
    fullName,
    role: roleOrDefault(row.role),
    createdAt: new Date(row.createdAt).toISOString(),
    displayId: email ?? (fullName || (row.username ?? row.id)),
    taskCount: Number(row.taskCount),
  };
}

export function presentAssignableUser(row: UserRow): AssignableUser {
  const current = presentCurrentUser(row);
  return {
    id: current.id,
    displayName: current.displayName,
    userId: current.userId,
    email: current.email,
    role: current.role,
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
