import { eq } from "drizzle-orm";
import { displayNameOf, isPlaceholderEmail } from "../../shared/users";
import { createdFields } from "../audit/changes";
import { type AuditEvent, recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { user } from "../db/schema";

type AccountRow = typeof user.$inferSelect;

/** An account's audited fields, by the shared API's names (never a password or its hash). */
export const ACCOUNT_AUDIT_KEYS = [
  "userId",
  "email",
  "fullName",
  "role",
  "receiptIssueDuty",
  "designation",
  "designationUr",
] as const;

type AccountFields = Pick<
  typeof user.$inferSelect,
  "username" | "email" | "name" | "role" | "receiptIssueDuty" | "designation" | "designationUr"
>;

/** What the trail records of an account: the e-mail only when it is a real one. */
export function accountAuditState(row: AccountFields) {
  return {
    userId: row.username ?? null,
    email: isPlaceholderEmail(row.email) ? null : row.email,
    fullName: row.name,
    role: row.role,
    receiptIssueDuty: row.receiptIssueDuty,
    designation: row.designation,
    designationUr: row.designationUr,
  };
}

/**
 * Records, in `tx`, what a person did to their own account through the auth library: they are
 * the actor. The account is read (locked) in `tx`, as the library left it; one gone meanwhile
 * (a sign-up rejected at once) has nothing left to record.
 */
async function recordOwnChange(
  tx: Db,
  at: Date,
  id: string,
  change: (row: AccountRow) => Pick<AuditEvent, "action" | "changes">,
): Promise<void> {
  const [row] = await tx.select().from(user).where(eq(user.id, id)).for("update");
  if (!row) return;
  await recordAudit(tx, at, [
    {
      actor: { id: row.id, name: displayNameOf(row) },
      entity: "account",
      entityId: row.id,
      ...change(row),
    },
  ]);
}

/** A self sign-up: the account's fields from nothing, as an administrator's create records. */
export function auditSelfSignUp(tx: Db, at: Date, id: string): Promise<void> {
  return recordOwnChange(tx, at, id, (row) => ({
    action: "created",
    changes: createdFields(accountAuditState(row)),
  }));
}

/** The link of the verification mail followed: the library calls this only on a change. */
export function auditEmailVerified(tx: Db, at: Date, id: string): Promise<void> {
  return recordOwnChange(tx, at, id, () => ({
    action: "updated",
    changes: { emailVerified: { before: false, after: true } },
  }));
}

/** A password set through a reset link: no value at all, as an administrator's change records. */
export function auditPasswordReset(tx: Db, at: Date, id: string): Promise<void> {
  return recordOwnChange(tx, at, id, () => ({ action: "password_changed" }));
}
