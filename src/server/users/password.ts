import { and, eq } from "drizzle-orm";
import { type CurrentUser, displayNameOf } from "../../shared/users";
import { actorOf } from "../audit/changes";
import { recordAudit } from "../audit/record";
import { account } from "../db/schema";
import { findUser, newId } from "./accounts";
import type { UserDeps } from "./deps";

/**
 * Sets a new password, ends every session of that user and their calendar feed link;
 * returns the name for the toast.
 */
export async function changePassword(
  { db, auth, events, clock, onPasswordChanged }: UserDeps,
  actor: CurrentUser,
  id: string,
  newPassword: string,
) {
  const target = await findUser(db, id);
  const context = await auth.$context;
  const hash = await context.password.hash(newPassword);
  const accountRowId = await newId(auth, "account");
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(account)
      .set({ password: hash })
      .where(and(eq(account.userId, id), eq(account.providerId, "credential")))
      .returning({ id: account.id });
    if (updated.length === 0)
      await tx.insert(account).values({
        id: accountRowId,
        accountId: id,
        providerId: "credential",
        userId: id,
        password: hash,
      });
    await onPasswordChanged(tx, id);
    // That it changed, and nothing of the password: no value at all.
    await recordAudit(tx, clock(), [
      {
        actor: actorOf(actor),
        entity: "account",
        entityId: id,
        action: "password_changed",
      },
    ]);
  });
  await context.internalAdapter.deleteUserSessions(id);
  events.emit({ entity: "user", id, action: "updated", actorId: actor.id });
  return { name: displayNameOf(target) };
}
