import { and, eq } from "drizzle-orm";
import { type CurrentUser, displayNameOf, USER_MESSAGES } from "../../shared/users";
import { actorOf, deletedFields } from "../audit/changes";
import { type AuditEvent, recordAudit } from "../audit/record";
import { accountAuditState } from "../auth/account-audit";
import { holdingColumns, recordHandOver } from "../custody/holdings";
import { tasks, user } from "../db/schema";
import { AppError } from "../http/errors";
import { findUser, lockedAdminCount } from "./accounts";
import type { UserDeps } from "./deps";
import { userPolicy } from "./policy";

/**
 * Deletes an account. Its tasks are never lost: when it has any, they move to `handOverTo`
 * in the same transaction as the deletion.
 */
export async function deleteUser(
  { db, events, clock }: UserDeps,
  actor: CurrentUser,
  id: string,
  handOverTo?: string,
) {
  if (!userPolicy.canDelete(actor, id)) throw new AppError("FORBIDDEN", USER_MESSAGES.selfDelete);
  const movedTasks = await db.transaction(async (tx) => {
    const target = await findUser(tx, id);
    if (target.role === "admin" && (await lockedAdminCount(tx)) <= 1) {
      throw new AppError("CONFLICT", USER_MESSAGES.lastAdminDelete);
    }
    const owned = await tx
      .select({ id: tasks.id, restricted: tasks.restricted })
      .from(tasks)
      .where(eq(tasks.assignedTo, id))
      .for("update");
    const audit: AuditEvent[] = [];
    if (owned.length > 0) {
      if (!handOverTo) throw new AppError("VALIDATION", USER_MESSAGES.handOverRequired);
      const [heir] = await tx
        .select()
        .from(user)
        .where(and(eq(user.id, handOverTo), eq(user.pendingApproval, false)))
        .for("update");
      if (!heir || heir.id === id || !userPolicy.canTakeTasks(heir.role)) {
        throw new AppError("VALIDATION", USER_MESSAGES.handOverInvalid);
      }
      const at = clock();
      const heirRef = { id: heir.id, name: displayNameOf(heir) };
      await tx
        .update(tasks)
        .set(holdingColumns({ to: heirRef, purpose: "action", issuerId: actor.id }, at))
        .where(eq(tasks.assignedTo, id));
      await recordHandOver(
        tx,
        owned.map((task) => task.id),
        { id: actor.id, name: actor.displayName },
        heirRef,
        at,
      );
      // Each task's own history shows where it went, done by the admin who chose the heir.
      const assignedTo = {
        before: { id, name: displayNameOf(target) },
        after: { id: heir.id, name: displayNameOf(heir) },
      };
      for (const task of owned)
        audit.push({
          actor: actorOf(actor),
          entity: "task",
          entityId: task.id,
          action: "updated",
          changes: { assignedTo },
        });
    }
    await tx.delete(user).where(eq(user.id, id));
    audit.push({
      actor: actorOf(actor),
      entity: "account",
      entityId: id,
      action: "deleted",
      changes: deletedFields(accountAuditState(target)),
    });
    await recordAudit(tx, clock(), audit);
    return owned;
  });
  events.emit({ entity: "user", id, action: "deleted", actorId: actor.id });
  const assignees = handOverTo ? [handOverTo] : [];
  for (const task of movedTasks)
    events.emit({
      entity: "task",
      id: task.id,
      action: "updated",
      assignees,
      restricted: task.restricted,
      actorId: actor.id,
    });
}
