import { z } from "zod";
import { languageSchema } from "./i18n/languages";
import { newPasswordSchema, type PasswordRules } from "./passwords";
import { plainText } from "./text";
import { registrableEmail } from "./users";

export const AUTH_MESSAGES = {
  invalidCredentials: "Invalid User ID/Email or password",
  signUpSuccess: "Account created successfully! Please check your email to verify your account.",
  resetEmailSent: "Password reset email sent! Please check your inbox.",
  passwordReset: "Your password has been updated. Please sign in.",
  signUpDisabled: "Sign up is disabled. Please ask an administrator for an account.",
  tooManyAttempts: "Too many failed sign-in attempts. Please try again later.",
  emailNotVerified:
    "Please verify your e-mail address before signing in. We have sent you a new verification link.",
  pendingApproval:
    "Your account is waiting for an administrator's approval. You can sign in once it is approved.",
  reservedName: "This name is reserved. Please enter your own full name.",
} as const;

/** An identifier with an @ is an e-mail; without one it is a User ID (SPEC.md section 5). */
export function isEmailIdentifier(identifier: string): boolean {
  return identifier.includes("@");
}

export const signInInput = z.object({
  identifier: z.string().trim().min(1, "Please enter your User ID or e-mail"),
  password: z.string().min(1, "Please enter your password"),
});
export type SignInInput = z.infer<typeof signInInput>;

/** AUTH_MESSAGES.tooManyAttempts with the wait, in whole minutes, in place of "later". */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = `in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  return AUTH_MESSAGES.tooManyAttempts.replace(/later\.$/, `${wait}.`);
}

/**
 * The bodies the auth library's open endpoints accept (server: auth/handler.ts), exactly:
 * what the web app sends, plus the optional fields the library reads that are safe to pass.
 * These check shape only; the sign-up and password rules above are applied on top.
 */
/** An object of exactly `shape`; `part` names what an unknown key is ("field", "parameter"). */
function exactly<Shape extends z.ZodRawShape>(shape: Shape, part: string, invalid: string) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `Unknown ${part}: ${issue.keys.join(", ")}` : invalid,
  });
}

function authRequestBody<Shape extends z.ZodRawShape>(shape: Shape) {
  return exactly(shape, "field", "The request body must be a JSON object");
}

const bodyText = (field: string, maxLength: number) =>
  z
    .string({ error: `${field} must be text` })
    .min(1, `${field} is required`)
    .max(maxLength, `${field} must be at most ${maxLength} characters long`)
    .check(plainText(field));

/** The longest password the auth library hashes (its maxPasswordLength). */
const MAX_PASSWORD_LENGTH = 128;
const bodyEmail = z.email({ error: "Please enter a valid e-mail address" }).max(254);
const bodyPassword = bodyText("Password", MAX_PASSWORD_LENGTH);
/** Where the library sends the browser afterwards: a path on this site, never another site. */
const bodyLocalPath = bodyText("Redirect path", 2000).regex(
  /^\/(?![/\\])[^\\]*$/,
  "Redirect path must be a path on this site",
);

export const signInEmailBody = authRequestBody({
  email: bodyEmail,
  password: bodyPassword,
  rememberMe: z.boolean().optional(),
  callbackURL: bodyLocalPath.optional(),
});

export const signInUsernameBody = authRequestBody({
  username: bodyText("User ID", 100),
  password: bodyPassword,
  rememberMe: z.boolean().optional(),
  callbackURL: bodyLocalPath.optional(),
});

export const signUpEmailBody = authRequestBody({
  name: bodyText("Full Name", 200),
  email: bodyEmail,
  password: bodyPassword,
  callbackURL: bodyLocalPath.optional(),
  language: languageSchema.optional(),
});

export const requestPasswordResetBody = authRequestBody({
  email: bodyEmail,
  redirectTo: bodyLocalPath.optional(),
});

export const resetPasswordBody = authRequestBody({
  newPassword: bodyPassword,
  token: bodyText("Reset token", 256).regex(/^[\w-]+$/, "The reset link is not valid"),
});

/** Sign-out takes no fields; the library's client may send `{}` or nothing. */
export const signOutBody = authRequestBody({}).optional();

/** The query of a link the auth library mails (verification, password reset): what it reads. */
function authLinkQuery<Shape extends z.ZodRawShape>(shape: Shape) {
  return exactly(shape, "parameter", "The link is not valid");
}

const linkToken = bodyText("Token", 2048).regex(/^[\w.-]+$/, "The link is not valid");

export const verifyEmailQuery = authLinkQuery({
  token: linkToken,
  callbackURL: bodyLocalPath.optional(),
});

export const resetPasswordLinkQuery = authLinkQuery({ callbackURL: bodyLocalPath.optional() });

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
    fullName: z
      .string()
      .trim()
      .min(1, "Please enter your full name")
      .max(200, "Full name must be at most 200 characters long")
      .check(plainText("Full Name"))
      .refine((name) => !isReservedName(name), AUTH_MESSAGES.reservedName),
    email: registrableEmail,
    password: newPasswordSchema(passwords),
  });
}
export type SignUpInput = z.infer<ReturnType<typeof signUpInputFor>>;

export const forgotPasswordInput = z.object({
  email: z.email("Please enter a valid e-mail address"),
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
  passwordMinLength: z.number().int(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
