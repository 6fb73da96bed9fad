import { z } from "zod/mini";
import type { MessageKey } from "./i18n/message";

export const ROLES = ["user", "organization_head", "admin"] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Each role's name as a catalog key: the web shows `t(ROLE_LABELS[role])`. */
export const ROLE_LABELS = {
  user: "common:role.user",
  organization_head: "common:role.organization_head",
  admin: "common:role.admin",
} as const satisfies Record<Role, MessageKey>;

/** SPEC.md section 4: a role lookup that fails (missing or unknown value) counts as `user`. */
export function roleOrDefault(value: unknown): Role {
  const parsed = roleSchema.safeParse(value);
  return parsed.success ? parsed.data : "user";
}

/** Where each role lands: /dashboard's card links here. */
export const ROLE_HOME: Record<Role, string> = {
  admin: "/admin",
  organization_head: "/organization/dashboard",
  user: "/user/dashboard",
};

/**
 * Where the pages of those who see every task live (the brief, extension requests, the
 * chart): /admin/... for admins, /organization/... for organization heads.
 */
export const OVERSEER_PAGES = { admin: "/admin", organization_head: "/organization" } as const;

/**
 * Whose tasks a role sees: organization heads and admins the whole department's, a user their
 * own. The server scopes every task read by it; the web app picks the list's layout by it.
 */
export function seesAllTasks(role: Role): boolean {
  return role === "admin" || role === "organization_head";
}
