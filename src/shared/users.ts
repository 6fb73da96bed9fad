import { z } from "zod";
import { withFallbacks } from "./list-state";
import { newPasswordSchema, type PasswordRules } from "./passwords";
import { type Role, roleSchema } from "./roles";
import { plainText } from "./text";

/**
 * Accounts created with a User ID only still need an e-mail for the auth library;
 * they get one under this reserved domain (RFC 2606 `.invalid`), never shown or mailed.
 */
export const PLACEHOLDER_EMAIL_DOMAIN = "users.hed.invalid";

export function placeholderEmail(userId: string): string {
  return `${userId.toLowerCase()}@${PLACEHOLDER_EMAIL_DOMAIN}`;
}

export function isPlaceholderEmail(email: string | null | undefined): boolean {
  return !!email && email.toLowerCase().endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`);
}

/** A User ID: what people type to sign in without an e-mail. */
export const userIdSchema = z
  .string()
  .trim()
  .min(3, "User ID must be at least 3 characters long")
  .max(30, "User ID must be at most 30 characters long")
  .regex(/^[a-zA-Z0-9_.]+$/, "User ID may only contain letters, digits, '_' and '.'");

/** The signed-in account as the web app sees it (GET /api/me). */
export const currentUserSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  email: z.string().nullable(),
  /** Full name, else e-mail, else User ID (SPEC.md section 8). */
  displayName: z.string(),
  role: roleSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export function displayNameOf(user: {
  name?: string | null;
  email?: string | null;
  username?: string | null;
}): string {
  const name = user.name?.trim();
  if (name) return name;
  if (user.email && !isPlaceholderEmail(user.email)) return user.email;
  return user.username ?? user.email ?? "";
}

export type { Role };

export const USER_MESSAGES = {
  createRequired: "Please fill in User ID, Password and Full Name",
  editRequired: "Please fill in all fields",
  passwordRequired: "Please enter a new password",
  created: "User created successfully",
  updated: "User updated successfully",
  deleted: "User deleted successfully",
  passwordChanged: (name: string) => `Password changed successfully for ${name}`,
  createFailed: "Failed to create user",
  /** SPEC.md has no text for this; shown only when the server gives no message of its own. */
  updateFailed: "Failed to update user",
  changePasswordFailed: "Failed to change password",
  deleteFailed: "Failed to delete user",
  loadFailed: "Failed to load users",
  fetchFailed: "Failed to fetch users",
  selfDelete: "You cannot delete your own account",
  lastAdminDelete: "The last administrator cannot be deleted",
  lastAdminDemote: "The last administrator must keep the admin role",
  handOverRequired: "Please choose who takes over this user's tasks",
  handOverInvalid: "Tasks can only be handed over to another user or administrator",
  userIdTaken: (userId: string) => `User ID "${userId}" is already taken`,
  emailTaken: (email: string) => `E-mail "${email}" is already in use`,
  notFound: "User not found",
  placeholderEmail: `Addresses at ${PLACEHOLDER_EMAIL_DOMAIN} are reserved for accounts without an e-mail`,
  /** Pending sign-ups (SIGNUP_ENABLED=approval); SPEC.md has no texts for these. */
  approved: (name: string) => `${name} can now sign in`,
  rejected: (name: string) => `The sign-up of ${name} was rejected`,
  approveFailed: "Failed to approve the account",
  rejectFailed: "Failed to reject the account",
  notPending: "This account is not waiting for approval",
} as const;

/**
 * An account's own id: the auth library's generated text id (or a UUID or seeded id from
 * older data). Anything else names no account, and never reaches the database.
 */
const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function accountId(message: string = USER_MESSAGES.notFound) {
  return z.string().regex(ACCOUNT_ID, message);
}

/** An account's id in a path (/api/admin/users/:id). */
export const accountIdParam = z.object({ id: accountId() });

const fullName = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(200).check(plainText("Full Name"));

/** An address anyone may register: not one under the placeholder domain, which User IDs own. */
export const registrableEmail = z
  .email("Please enter a valid e-mail address")
  .refine((email) => !isPlaceholderEmail(email), USER_MESSAGES.placeholderEmail);

const optionalEmail = z
  .union([z.literal(""), registrableEmail])
  .optional()
  .transform((value) => value?.trim().toLowerCase() || undefined);

/** Create New User dialog and POST /api/admin/users (SPEC.md section 3, create-user form). */
export function createUserInputFor(passwords: PasswordRules) {
  return z.object({
    userId: z
      .string({ error: USER_MESSAGES.createRequired })
      .trim()
      .min(1, USER_MESSAGES.createRequired)
      .pipe(userIdSchema),
    email: optionalEmail,
    password: z
      .string({ error: USER_MESSAGES.createRequired })
      .min(1, USER_MESSAGES.createRequired)
      .pipe(newPasswordSchema(passwords)),
    fullName: fullName(USER_MESSAGES.createRequired),
    role: roleSchema.default("user"),
  });
}
export type CreateUserInput = z.input<ReturnType<typeof createUserInputFor>>;
export type CreateUserFields = z.output<ReturnType<typeof createUserInputFor>>;

/** Edit dialog and PATCH /api/admin/users/:id. The e-mail may stay empty only for accounts with a User ID. */
export const updateUserInput = z.object({
  email: optionalEmail,
  fullName: fullName(USER_MESSAGES.editRequired),
  role: roleSchema,
});
export type UpdateUserInput = z.input<typeof updateUserInput>;
export type UpdateUserFields = z.output<typeof updateUserInput>;

export function changePasswordInputFor(passwords: PasswordRules) {
  return z.object({
    newPassword: z
      .string({ error: USER_MESSAGES.passwordRequired })
      .min(1, USER_MESSAGES.passwordRequired)
      .pipe(newPasswordSchema(passwords)),
  });
}
export type ChangePasswordInput = z.infer<ReturnType<typeof changePasswordInputFor>>;

export const deleteUserInput = z.object({
  handOverTo: z.string().trim().pipe(accountId(USER_MESSAGES.handOverInvalid)).optional(),
});
export type DeleteUserInput = z.infer<typeof deleteUserInput>;

export const USERS_PAGE_SIZE = 20;

/** Longer searches are refused; the search box stops there. */
export const USER_SEARCH_MAX_LENGTH = 100;

export const listUsersQuery = z.object({
  search: z
    .string()
    .trim()
    .max(USER_SEARCH_MAX_LENGTH)
    .check(plainText("Search"))
    .optional()
    .default(""),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(USERS_PAGE_SIZE),
});
export type ListUsersQuery = z.input<typeof listUsersQuery>;
export type UserListFilters = z.output<typeof listUsersQuery>;

/** Manage Users in the address bar: the search and the page. */
export const userListState = withFallbacks(listUsersQuery.omit({ pageSize: true }));

/**
 * What the viewing administrator may do to an account, decided by the server
 * (users/policy.ts). Editing includes the role, your own too while another admin remains.
 */
export type UserAbilities = { edit: boolean; changePassword: boolean; delete: boolean };

/** A row of the admin's user list (SPEC.md section 3). */
export type UserListItem = {
  id: string;
  userId: string | null;
  email: string | null;
  fullName: string;
  role: Role;
  createdAt: string;
  /** E-mail, else name, else User ID. */
  displayId: string;
  taskCount: number;
  can: UserAbilities;
};

export type UserListPage = { users: UserListItem[]; total: number; page: number; pageSize: number };

/** A self sign-up waiting for an administrator's approval (SIGNUP_ENABLED=approval). */
export type PendingUser = {
  id: string;
  email: string;
  fullName: string;
  createdAt: string;
  /** Whether the newcomer has followed the link in the verification e-mail yet. */
  isEmailVerified: boolean;
};

export type PendingUserPage = {
  users: PendingUser[];
  total: number;
  page: number;
  pageSize: number;
};

/** Someone a task can be assigned (or handed over) to: users and admins, never organization heads. */
export type AssignableUser = {
  id: string;
  displayName: string;
  userId: string | null;
  email: string | null;
  role: Role;
};
