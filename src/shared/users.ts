import { z } from "zod/mini";
import { type Language, languageSchema } from "./i18n/languages";
import { type Message, type MessageKey, message } from "./i18n/message";
import { withFallbacks } from "./list-state";
import { newPasswordSchema, type PasswordRules } from "./passwords";
import { type Role, roleSchema } from "./roles";
import { plainText } from "./text";
import { openedVersion } from "./versions";

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
  .check(
    z.trim(),
    z.minLength(3, "users:userId.tooShort"),
    z.maxLength(30, "users:userId.tooLong"),
    z.regex(/^[a-zA-Z0-9_.]+$/, "users:userId.characters"),
  );

/** The signed-in account as the web app sees it (GET /api/me). */
export const currentUserSchema = z.object({
  id: z.string(),
  userId: z.nullable(z.string()),
  email: z.nullable(z.string()),
  /** Full name, else e-mail, else User ID (SPEC.md section 8). */
  displayName: z.string(),
  role: roleSchema,
  /** Null until the person chooses (their browser's language meanwhile). */
  language: z.nullable(languageSchema),
  /** Given the Receipt and Issue duty: keeps the diary and dispatch registers (shared/dak.ts). */
  receiptIssueDuty: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * A person as the app names them: their name; their e-mail or User ID when they have none.
 * Where the row says another account has the same name (`nameShared`, kept by the database),
 * the User ID (or e-mail) follows it, so a list or an export tells two "Usman Butt" apart.
 */
export function displayNameOf(user: {
  name?: string | null;
  email?: string | null;
  username?: string | null;
  nameShared?: boolean | null;
}): string {
  const name = user.name?.trim();
  const email = user.email && !isPlaceholderEmail(user.email) ? user.email : null;
  if (!name) return email ?? user.username ?? user.email ?? "";
  const handle = user.username ?? email;
  return user.nameShared && handle ? `${name} (${handle})` : name;
}

/** A person's designation in English and in Urdu (either may be missing). */
export type Designations = { designation: string | null; designationUr: string | null };

/**
 * The designation to show beside a person's name on a page in `language`: the Urdu one on
 * Urdu pages, else the English one; null when the person has none to show (or is gone).
 */
export function designationIn(
  person: Designations | null | undefined,
  language: Language,
): string | null {
  if (!person) return null;
  if (language === "ur") return person.designationUr ?? person.designation;
  return person.designation;
}

export type { Role };

/**
 * Catalog keys (shared/i18n/message.ts), or messages naming a value: whoever shows one
 * translates it (the server's error handler, the web app's toasts and forms).
 */
export const USER_MESSAGES = {
  createRequired: "users:createRequired",
  editRequired: "users:editRequired",
  passwordRequired: "users:passwordRequired",
  created: "users:created",
  updated: "users:updated",
  deleted: "users:deleted",
  passwordChanged: (name: string) => message("users:passwordChanged", { name }),
  createFailed: "users:createFailed",
  /** SPEC.md has no text for this; shown only when the server gives no message of its own. */
  updateFailed: "users:updateFailed",
  changePasswordFailed: "users:changePasswordFailed",
  deleteFailed: "users:deleteFailed",
  loadFailed: "users:loadFailed",
  fetchFailed: "users:fetchFailed",
  changedBy: "users:conflict.changedBy",
  changedAutomatically: "users:conflict.changedAutomatically",
  changedLive: "users:conflict.live",
  selfDelete: "users:selfDelete",
  lastAdminDelete: "users:lastAdminDelete",
  lastAdminDemote: "users:lastAdminDemote",
  handOverRequired: "users:handOverRequired",
  handOverInvalid: "users:handOverInvalid",
  userIdTaken: (userId: string) => message("users:userIdTaken", { userId }),
  emailTaken: (email: string) => message("users:emailTaken", { email }),
  notFound: "users:notFound",
  placeholderEmail: message("common:email.reserved", { domain: PLACEHOLDER_EMAIL_DOMAIN }),
  /** Pending sign-ups (SIGNUP_ENABLED=approval); SPEC.md has no texts for these. */
  approved: (name: string) => message("users:approved", { name }),
  rejected: (name: string) => message("users:rejected", { name }),
  approveFailed: "users:approveFailed",
  rejectFailed: "users:rejectFailed",
  notPending: "users:notPending",
  designationTooLong: "users:designation.tooLong",
  designationNotText: "users:designation.notText",
} as const satisfies Record<string, Message | ((value: string) => Message)>;

/** Field names, as the shared text rules name them in their messages. */
const FIELD_NAMES = {
  fullName: "users:field.fullName",
  designation: "users:field.designation",
  designationUr: "users:field.designationUr",
  search: "common:field.search",
} as const satisfies Record<string, MessageKey>;

/**
 * An account's own id: the auth library's generated text id (or a UUID or seeded id from
 * older data). Anything else names no account, and never reaches the database.
 */
const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function accountId(refusal: Message = USER_MESSAGES.notFound) {
  return z.string().check(z.regex(ACCOUNT_ID, refusal));
}

/** An account's id in a path (/api/admin/users/:id). */
export const accountIdParam = z.object({ id: accountId() });

const fullName = (required: Message) =>
  z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, required), z.maxLength(200), plainText(FIELD_NAMES.fullName));

/** The longest designation kept; "Additional Secretary (Planning & Development)" is 45. */
export const DESIGNATION_MAX_LENGTH = 120;

/**
 * A designation in one language, as Create and Edit User send it: plain text on one line,
 * trimmed; blank (or null, what the form's own parse sends on) means none. Left out, it is
 * undefined: create keeps none, an edit keeps the stored one (a client that does not know
 * the field never clears it).
 */
const designationInput = (field: (typeof FIELD_NAMES)["designation" | "designationUr"]) =>
  z.nullish(
    z.pipe(
      z
        .string({ error: message(USER_MESSAGES.designationNotText, { field }) })
        .check(
          z.trim(),
          z.maxLength(
            DESIGNATION_MAX_LENGTH,
            message(USER_MESSAGES.designationTooLong, { field, max: DESIGNATION_MAX_LENGTH }),
          ),
          plainText(field),
        ),
      z.transform((value) => value || null),
    ),
  );

/** An address anyone may register: not one under the placeholder domain, which User IDs own. */
export const registrableEmail = z
  .email("common:email.invalid")
  .check(z.refine((email) => !isPlaceholderEmail(email), USER_MESSAGES.placeholderEmail));

const optionalEmail = z.pipe(
  z.optional(z.union([z.literal(""), registrableEmail])),
  z.transform((value) => value?.trim().toLowerCase() || undefined),
);

/** Create New User dialog and POST /api/admin/users (SPEC.md section 3, create-user form). */
export function createUserInputFor(passwords: PasswordRules) {
  return z.object({
    userId: z.pipe(
      z
        .string({ error: USER_MESSAGES.createRequired })
        .check(z.trim(), z.minLength(1, USER_MESSAGES.createRequired)),
      userIdSchema,
    ),
    email: optionalEmail,
    password: z.pipe(
      z
        .string({ error: USER_MESSAGES.createRequired })
        .check(z.minLength(1, USER_MESSAGES.createRequired)),
      newPasswordSchema(passwords),
    ),
    fullName: fullName(USER_MESSAGES.createRequired),
    designation: designationInput(FIELD_NAMES.designation),
    designationUr: designationInput(FIELD_NAMES.designationUr),
    role: z._default(roleSchema, "user"),
  });
}
export type CreateUserInput = z.input<ReturnType<typeof createUserInputFor>>;
export type CreateUserFields = z.output<ReturnType<typeof createUserInputFor>>;

/** Edit Account's fields. The e-mail may stay empty only for accounts with a User ID. */
export const editUserFieldsInput = z.object({
  email: optionalEmail,
  fullName: fullName(USER_MESSAGES.editRequired),
  designation: designationInput(FIELD_NAMES.designation),
  designationUr: designationInput(FIELD_NAMES.designationUr),
  role: roleSchema,
  /** The Receipt and Issue duty (users only); left out, it stays as it is. */
  receiptIssueDuty: z.optional(z.boolean()),
});

/** PATCH /api/admin/users/:id: the fields, and the version the dialog was opened on. */
export const updateUserInput = z.extend(editUserFieldsInput, { version: openedVersion });
export type UpdateUserInput = z.input<typeof updateUserInput>;
export type UpdateUserFields = z.output<typeof updateUserInput>;

export function changePasswordInputFor(passwords: PasswordRules) {
  return z.object({
    newPassword: z.pipe(
      z
        .string({ error: USER_MESSAGES.passwordRequired })
        .check(z.minLength(1, USER_MESSAGES.passwordRequired)),
      newPasswordSchema(passwords),
    ),
  });
}
export type ChangePasswordInput = z.infer<ReturnType<typeof changePasswordInputFor>>;

export const deleteUserInput = z.object({
  handOverTo: z.optional(
    z.pipe(z.string().check(z.trim()), accountId(USER_MESSAGES.handOverInvalid)),
  ),
});
export type DeleteUserInput = z.infer<typeof deleteUserInput>;

export const USERS_PAGE_SIZE = 20;

/** Longer searches are refused; the search box stops there. */
export const USER_SEARCH_MAX_LENGTH = 100;

export const listUsersQuery = z.object({
  search: z._default(
    z.optional(
      z
        .string()
        .check(z.trim(), z.maxLength(USER_SEARCH_MAX_LENGTH), plainText(FIELD_NAMES.search)),
    ),
    "",
  ),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), USERS_PAGE_SIZE),
});
export type ListUsersQuery = z.input<typeof listUsersQuery>;

/**
 * GET /api/users/assignable: `includeHeads=true` adds organization heads, for pickers of
 * everyone who acts (the Audit Log's people filter) rather than who tasks can go to.
 */
export const assignableUsersQuery = z.object({
  includeHeads: z.optional(z.enum(["true", "false"])),
});
export type UserListFilters = z.output<typeof listUsersQuery>;

/** Manage Users in the address bar: the search and the page. */
export const userListState = withFallbacks(z.omit(listUsersQuery, { pageSize: true }));

/**
 * What the viewing administrator may do to an account, decided by the server
 * (users/policy.ts). Editing includes the role, your own too while another admin remains.
 */
export type UserAbilities = { edit: boolean; changePassword: boolean; delete: boolean };

/** A row of the admin's user list (SPEC.md section 3). */
export type UserListItem = Designations & {
  id: string;
  userId: string | null;
  email: string | null;
  fullName: string;
  role: Role;
  /** Keeps the diary and dispatch registers (a user given the Receipt and Issue duty). */
  receiptIssueDuty: boolean;
  createdAt: string;
  /** E-mail, else name, else User ID. */
  displayId: string;
  taskCount: number;
  /** What Edit Account sends back (shared/versions.ts). */
  version: number;
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

/**
 * Someone a task can be assigned, marked or handed over to: users and admins, never
 * organization heads (unless asked for everyone who acts). The e-mail only for an
 * administrator's eyes: null for everyone else.
 */
export type AssignableUser = Designations & {
  id: string;
  displayName: string;
  userId: string | null;
  email: string | null;
  role: Role;
};

/** PUT /api/me/language: the signed-in person's choice of language. */
export const languageInput = z.strictObject({ language: languageSchema });
