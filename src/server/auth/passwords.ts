import { dictionary } from "@zxcvbn-ts/language-common";
import type { PasswordRules } from "../../shared/passwords";

/** About 49,000 passwords seen most often in breaches, lower case, most common first. */
const COMMON_PASSWORDS = new Set(dictionary["passwords-common"]);

/** Case and surrounding spaces do not make a listed password any harder to guess. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}

/** The rules every password-setting path on the server applies (PASSWORD_MIN_LENGTH). */
export function serverPasswordRules(minLength: number): PasswordRules {
  return { minLength, isCommon: isCommonPassword };
}
