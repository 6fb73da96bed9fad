import { z } from "zod/mini";
import { languageSchema } from "./i18n/languages";
import { type Message, type MessageKey, message } from "./i18n/message";
import { newPasswordSchema, type PasswordRules } from "./passwords";
import { plainText } from "./text";
import { registrableEmail } from "./users";

/** Catalog keys (shared/i18n/message.ts): whoever shows one translates it. */
export const AUTH_MESSAGES = {
  invalidCredentials: "auth:invalidCredentials",
  signUpSuccess: "auth:signUpSuccess",
  resetEmailSent: "auth:resetEmailSent",
  passwordReset: "auth:passwordReset",
  signUpDisabled: "auth:signUpDisabled",
  tooManyAttempts: "auth:tooManyAttempts",
  emailNotVerified: "auth:emailNotVerified",
  pendingApproval: "auth:pendingApproval",
  reservedName: "auth:reservedName",
  resetLinkInvalid: "auth:request.resetLinkInvalid",
} as const satisfies Record<string, Message>;

/** Field names, as the request rules below name them in their messages. */
const FIELD_NAMES = {
  userId: "auth:field.userId",
  password: "auth:field.password",
  fullName: "auth:field.fullName",
  redirectPath: "auth:field.redirectPath",
  resetToken: "auth:field.resetToken",
  token: "auth:field.token",
} as const satisfies Record<string, MessageKey>;

/** Shared with User Management, whose e-mail rules the sign-up form applies (users.ts). */
const EMAIL_INVALID = "common:email.invalid";

/** An identifier with an @ is an e-mail; without one it is a User ID (SPEC.md section 5). */
export function isEmailIdentifier(identifier: string): boolean {
  return identifier.includes("@");
}

export const signInInput = z.object({
  identifier: z.string().check(z.trim(), z.minLength(1, "auth:identifierRequired")),
  password: z.string().check(z.minLength(1, "auth:passwordRequired")),
});
export type SignInInput = z.infer<typeof signInInput>;

/** AUTH_MESSAGES.tooManyAttempts naming the wait, in whole minutes, instead of "later". */
export function tooManyAttemptsMessage(retryAfterSeconds: number): Message {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return message("auth:tooManyAttemptsWait", { count: minutes });
}

/**
 * The bodies the auth library's open endpoints accept (server: auth/handler.ts), exactly:
 * what the web app sends, plus the optional fields the library reads that are safe to pass.
 * These check shape only; the sign-up and password rules above are applied on top.
 */
/** An object of exactly `shape`; `unknown` says what an unknown key is (a field, a parameter). */
function exactly<Shape extends z.core.$ZodShape>(
  shape: Shape,
  unknown: "auth:request.unknownField" | "auth:request.unknownParameter",
  invalid: Message,
) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? message(unknown, { names: issue.keys.join(", ") })
        : invalid,
  });
}

function authRequestBody<Shape extends z.core.$ZodShape>(shape: Shape) {
  return exactly(shape, "auth:request.unknownField", "auth:request.notObject");
}

const bodyText = (field: MessageKey, maxLength: number) =>
  z
    .string({ error: message("auth:request.notText", { field }) })
    .check(
      z.minLength(1, message("auth:request.required", { field })),
      z.maxLength(maxLength, message("auth:request.tooLong", { field, maxLength })),
      plainText(field),
    );

/** The longest password the auth library hashes (its maxPasswordLength). */
const MAX_PASSWORD_LENGTH = 128;
const bodyEmail = z.email({ error: EMAIL_INVALID }).check(z.maxLength(254));
const bodyPassword = bodyText(FIELD_NAMES.password, MAX_PASSWORD_LENGTH);
/** Where the library sends the browser afterwards: a path on this site, never another site. */
const bodyLocalPath = bodyText(FIELD_NAMES.redirectPath, 2000).check(
  z.regex(/^\/(?![/\\])[^\\]*$/, "auth:request.notLocalPath"),
);

export const signInEmailBody = authRequestBody({
  email: bodyEmail,
  password: bodyPassword,
  rememberMe: z.optional(z.boolean()),
  callbackURL: z.optional(bodyLocalPath),
});

export const signInUsernameBody = authRequestBody({
  username: bodyText(FIELD_NAMES.userId, 100),
  password: bodyPassword,
  rememberMe: z.optional(z.boolean()),
  callbackURL: z.optional(bodyLocalPath),
});

export const signUpEmailBody = authRequestBody({
  name: bodyText(FIELD_NAMES.fullName, 200),
  email: bodyEmail,
  password: bodyPassword,
  callbackURL: z.optional(bodyLocalPath),
  language: z.optional(languageSchema),
});

export const requestPasswordResetBody = authRequestBody({
  email: bodyEmail,
  redirectTo: z.optional(bodyLocalPath),
});

export const resetPasswordBody = authRequestBody({
  newPassword: bodyPassword,
  token: bodyText(FIELD_NAMES.resetToken, 256).check(
    z.regex(/^[\w-]+$/, AUTH_MESSAGES.resetLinkInvalid),
  ),
});

/** Sign-out takes no fields; the library's client may send `{}` or nothing. */
export const signOutBody = z.optional(authRequestBody({}));

/** The query of a link the auth library mails (verification, password reset): what it reads. */
function authLinkQuery<Shape extends z.core.$ZodShape>(shape: Shape) {
  return exactly(shape, "auth:request.unknownParameter", "auth:request.linkInvalid");
}

const linkToken = bodyText(FIELD_NAMES.token, 2048).check(
  z.regex(/^[\w.-]+$/, "auth:request.linkInvalid"),
);

export const verifyEmailQuery = authLinkQuery({
  token: linkToken,
  callbackURL: z.optional(bodyLocalPath),
});

export const resetPasswordLinkQuery = authLinkQuery({ callbackURL: z.optional(bodyLocalPath) });

export const noQuery = authLinkQuery({});

/**
 * Names a newcomer may not give themselves: they would pass for the administrator or the
 * office (the department banner). Compared without case, spaces or punctuation.
 */
const RESERVED_NAMES = new Set([
  "admin",
  "administrator",
  "sysadmin",
  "systemadministrator",
  "root",
  "system",
  "superuser",
  "support",
  "helpdesk",
  "moderator",
  "hed",
  "highereducationdepartment",
  "highereducationdepartmentsecretarysoffice",
  "secretary",
  "secretaryhed",
  "secretarysoffice",
  "taskmanager",
  "hedtaskmanager",
]);

export function isReservedName(name: string): boolean {
  return RESERVED_NAMES.has(name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ""));
}

/** The Sign Up tab, and the server's check of better-auth's sign-up body. */
export function signUpInputFor(passwords: PasswordRules) {
  return z.object({
    fullName: z.string().check(
      z.trim(),
      z.minLength(1, "auth:fullNameRequired"),
      z.maxLength(200, "auth:fullNameTooLong"),
      plainText(FIELD_NAMES.fullName),
      z.refine((name) => !isReservedName(name), AUTH_MESSAGES.reservedName),
    ),
    email: registrableEmail,
    password: newPasswordSchema(passwords),
  });
}
export type SignUpInput = z.infer<ReturnType<typeof signUpInputFor>>;

export const forgotPasswordInput = z.object({
  email: z.email(EMAIL_INVALID),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

export function resetPasswordInputFor(passwords: PasswordRules) {
  return z.object({ newPassword: newPasswordSchema(passwords) });
}
export type ResetPasswordInput = z.infer<ReturnType<typeof resetPasswordInputFor>>;

/** Public settings the sign-in page needs before anyone is signed in (GET /api/public-config). */
export const publicConfigSchema = z.object({
  signUpEnabled: z.boolean(),
  timezone: z.string(),
  /** PASSWORD_MIN_LENGTH: the forms check it before the server does. */
  passwordMinLength: z.number().check(z.int()),
  /** APP_URL: where a page opened at another address sends people before they sign in. */
  appUrl: z.string(),
  /** The origins whose pages may change anything (APP_URL's and TRUSTED_ORIGINS). */
  appOrigins: z.array(z.string()),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
