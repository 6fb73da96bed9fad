import { eq } from "drizzle-orm";
import type { Language } from "../../shared/i18n/languages";
import {
  type CurrentUser,
  placeholderEmail,
  type UpdateUserFields,
  USER_MESSAGES,
} from "../../shared/users";
import { actorOf, changedFields, hasChanges } from "../audit/changes";
import { recordAudit } from "../audit/record";
import { assertOpenedOnCurrent } from "../audit/versions";
import { ACCOUNT_AUDIT_KEYS, accountAuditState } from "../auth/account-audit";
import { user } from "../db/schema";
import { AppError } from "../http/errors";
import { assertEmailFree, findUser, lockedAdminCount } from "./accounts";
import type { UserDeps } from "./deps";
import { listColumns } from "./list";
import { presentUserListItem } from "./present";

/**
 * An account as the version check reads it (server/audit/versions.ts): only changes of what
 * Edit Account shows name.
 */
function versioned(row: typeof user.$inferSelect) {
  const { id, version, updatedAt } = row;
  return { entity: "account" as const, id, version, updatedAt, fields: ACCOUNT_AUDIT_KEYS };
}

/** A person's own choice of language; their cached sessions are forgotten (event). */
export async function setLanguage(
  { db, events }: UserDeps,
  id: string,
  language: Language,
): Promise<void> {
  await db.update(user).set({ language }).where(eq(user.id, id));
  events.emit({ entity: "user", id, action: "updated", actorId: id });
}

export async function updateUser(
  { db, auth, events, timeZone, clock }: UserDeps,
  actor: CurrentUser,
  id: string,
  input: UpdateUserFields,
) {
  const target = await findUser(db, id);
  // First: a stale form's e-mail and role differ from the stored ones without being changed.
  await assertOpenedOnCurrent(db, versioned(target), input.version, USER_MESSAGES, timeZone);
  if (!input.email && !target.username)
    throw new AppError("VALIDATION", USER_MESSAGES.editRequired);
  const email = input.email ?? placeholderEmail(target.username as string);
  if (email !== target.email) await assertEmailFree(db, email, id);

  const roleChanged = input.role !== target.role;
  await db.transaction(async (tx) => {
    // The admins first (the last-admin check), then the row itself, in that order always.
    if (roleChanged && target.role === "admin" && (await lockedAdminCount(tx)) <= 1) {
      throw new AppError("CONFLICT", USER_MESSAGES.lastAdminDemote);
    }
    const [before] = await tx.select().from(user).where(eq(user.id, id)).for("update");
    if (!before) throw new AppError("NOT_FOUND", USER_MESSAGES.notFound);
    await assertOpenedOnCurrent(tx, versioned(before), input.version, USER_MESSAGES, timeZone);
    const [after] = await tx
      .update(user)
      .set({
        email,
        name: input.fullName,
        role: input.role,
        // Left out, a designation stays; blank (null) clears it. Every save sets the name, so
        // the version moves (drizzle/0028's trigger) and a stale form is refused as above.
        designation: input.designation === undefined ? before.designation : input.designation,
        designationUr:
          input.designationUr === undefined ? before.designationUr : input.designationUr,
        // Only a user holds the duty: a new role drops it.
        receiptIssueDuty:
          input.role === "user" && (input.receiptIssueDuty ?? before.receiptIssueDuty),
      })
      .where(eq(user.id, id))
      .returning();
    const changes = changedFields(
      accountAuditState(before),
      accountAuditState(after),
      ACCOUNT_AUDIT_KEYS,
    );
    if (hasChanges(changes))
      await recordAudit(tx, clock(), [
        {
          actor: actorOf(actor),
          entity: "account",
          entityId: id,
          // A new role is its own act in the trail, whatever else the edit changed.
          action: "role" in changes ? "role_changed" : "updated",
          changes,
        },
      ]);
  });
  // A new role takes effect at once: the user signs in again and gets the new rights.
  if (roleChanged) await (await auth.$context).internalAdapter.deleteUserSessions(id);
  events.emit({ entity: "user", id, action: "updated", actorId: actor.id });
  const [row] = await db.select(listColumns).from(user).where(eq(user.id, id));
  return presentUserListItem(row, actor);
}
