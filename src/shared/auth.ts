import { z } from "zod";

export const AUTH_MESSAGES = {
  invalidCredentials: "Invalid User ID/Email or password",
  signUpSuccess: "Account created successfully! Please check your email to verify your account.",
  resetEmailSent: "Password reset email sent! Please check your inbox.",
  passwordReset: "Your password has been updated. Please sign in.",
  signUpDisabled: "Sign up is disabled. Please ask an administrator for an account.",
  tooManyAttempts: "Too many failed sign-in attempts. Please try again later.",
} as const;

export const MIN_PASSWORD_LENGTH = 6;

/** An identifier with an @ is an e-mail; without one it is a User ID (SPEC.md section 5). */
export function isEmailIdentifier(identifier: string): boolean {
  return identifier.includes("@");
}

export const signInInput = z.object({
  identifier: z.string().trim().min(1, "Please enter your User ID or e-mail"),
  password: z.string().min(1, "Please enter your password"),
});
export type SignInInput = z.infer<typeof signInInput>;

export const signUpInput = z.object({
  fullName: z.string().trim().min(1, "Please enter your full name"),
  email: z.email("Please enter a valid e-mail address"),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`),
});
export type SignUpInput = z.infer<typeof signUpInput>;

export const forgotPasswordInput = z.object({
  email: z.email("Please enter a valid e-mail address"),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

export const resetPasswordInput = z.object({
  newPassword: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

/** Public settings the sign-in page needs before anyone is signed in (GET /api/public-config). */
export const publicConfigSchema = z.object({
  signUpEnabled: z.boolean(),
  timezone: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
