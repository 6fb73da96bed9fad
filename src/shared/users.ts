import { z } from "zod";
import { type Role, roleSchema } from "./roles";

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
  passwordTooShort: "Password must be at least 6 characters long",
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
} as const;

const MIN_ADMIN_PASSWORD_LENGTH = 6;

const newPassword = z
  .string({ error: USER_MESSAGES.passwordRequired })
  .min(1, USER_MESSAGES.passwordRequired)
  .min(MIN_ADMIN_PASSWORD_LENGTH, USER_MESSAGES.passwordTooShort)
  .max(128, "Password must be at most 128 characters long");

const optionalEmail = z
  .union([z.literal(""), z.email("Please enter a valid e-mail address")])
  .optional()
  .transform((value) => value?.trim().toLowerCase() || undefined);

/** Create New User dialog and POST /api/admin/users (SPEC.md section 3, create-user form). */
export const createUserInput = z.object({
  userId: z
    .string({ error: USER_MESSAGES.createRequired })
    .trim()
    .min(1, USER_MESSAGES.createRequired)
    .pipe(userIdSchema),
  email: optionalEmail,
  password: z
    .string({ error: USER_MESSAGES.createRequired })
    .min(1, USER_MESSAGES.createRequired)
    .pipe(newPassword),
  fullName: z
    .string({ error: USER_MESSAGES.createRequired })
    .trim()
    .min(1, USER_MESSAGES.createRequired)
    .max(200),
  role: roleSchema.default("user"),
});
export type CreateUserInput = z.input<typeof createUserInput>;

/** Edit dialog and PATCH /api/admin/users/:id. The e-mail may stay empty only for accounts with a User ID. */
export const updateUserInput = z.object({
  email: optionalEmail,
  fullName: z
    .string({ error: USER_MESSAGES.editRequired })
    .trim()
    .min(1, USER_MESSAGES.editRequired)
    .max(200),
  role: roleSchema,
});
export type UpdateUserInput = z.input<typeof updateUserInput>;

export const changePasswordInput = z.object({ newPassword });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const deleteUserInput = z.object({
  handOverTo: z.string().trim().min(1).optional(),
});
export type DeleteUserInput = z.infer<typeof deleteUserInput>;

export const USERS_PAGE_SIZE = 20;

export const listUsersQuery = z.object({
  search: z.string().trim().max(100).optional().default(""),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(USERS_PAGE_SIZE),
});
export type ListUsersQuery = z.input<typeof listUsersQuery>;

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
};

export type UserListPage = { users: UserListItem[]; total: number; page: number; pageSize: number };

/** Someone a task can be assigned (or handed over) to: users and admins, never organization heads. */
export type AssignableUser = {
  id: string;
  displayName: string;
  userId: string | null;
  email: string | null;
  role: Role;
};
