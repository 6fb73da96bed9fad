import { isPlaceholderEmail } from "../../shared/users";
import type { user } from "../db/schema";

/** An account's audited fields, by the shared API's names (never a password or its hash). */
export const ACCOUNT_AUDIT_KEYS = ["userId", "email", "fullName", "role"] as const;

type AccountFields = Pick<typeof user.$inferSelect, "username" | "email" | "name" | "role">;

/** What the trail records of an account: the e-mail only when it is a real one. */
export function accountAuditState(row: AccountFields) {
  return {
    userId: row.username ?? null,
    email: isPlaceholderEmail(row.email) ? null : row.email,
    fullName: row.name,
    role: row.role,
  };
}
