import { z } from "zod/mini";
import { type Message, message } from "./i18n/message";

/** SPEC.md's minimum; PASSWORD_MIN_LENGTH may raise it, never lower it. */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

/** Catalog keys (shared/i18n/message.ts), translated where they are shown. */
export const PASSWORD_MESSAGES = {
  /** With the default minimum this is SPEC.md's text, word for word. */
  tooShort: (minLength: number) => message("auth:password.tooShort", { minLength }),
  tooLong: message("auth:password.tooLong", { maxLength: MAX_PASSWORD_LENGTH }),
  onlySpaces: "auth:password.onlySpaces",
  tooCommon: "auth:password.tooCommon",
} as const satisfies Record<string, Message | ((minLength: number) => Message)>;

/**
 * What a new password must satisfy. `isCommon` is the server's alone: the list of common
 * passwords is too large for the web bundle, so the forms check length and blanks only.
 */
export type PasswordRules = {
  minLength: number;
  isCommon?: (password: string) => boolean;
};

/** Every path that sets a password (sign-up, reset, admin create and change) uses this. */
export function newPasswordSchema({ minLength, isCommon }: PasswordRules) {
  return z.string().check(
    z.minLength(minLength, PASSWORD_MESSAGES.tooShort(minLength)),
    z.maxLength(MAX_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooLong),
    z.refine((password) => password.trim() !== "", PASSWORD_MESSAGES.onlySpaces),
    z.refine((password) => !isCommon?.(password), PASSWORD_MESSAGES.tooCommon),
  );
}
