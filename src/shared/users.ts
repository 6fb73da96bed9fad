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
