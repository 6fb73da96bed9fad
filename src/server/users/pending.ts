import { and, count, eq } from "drizzle-orm";
import { DEFAULT_LANGUAGE } from "../../shared/i18n/languages";
import {
  type CurrentUser,
  displayNameOf,
  type PendingUserPage,
  USER_MESSAGES,
  type UserListFilters,
} from "../../shared/users";
import { actorOf, createdFields, deletedFields } from "../audit/changes";
import { recordAudit } from "../audit/record";
import { accountAuditState } from "../auth/account-audit";
import type { Db } from "../db/client";
import { user } from "../db/schema";
import { AppError } from "../http/errors";
import { linkMail } from "../mail/templates";
import type { UserDeps } from "./deps";
import { searchFilter } from "./list";
import { presentPendingUser } from "./present";

/** A self sign-up that waits for approval (SIGNUP_ENABLED=approval), locked for the change. */
async function findPending(tx: Db, id: string) {
  const [row] = await tx
    .select()
    .from(user)
    .where(and(eq(user.id, id), eq(user.pendingApproval, true)))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND", USER_MESSAGES.notPending);
  return row;
}

export async function listPendingUsers(
  { db }: UserDeps,
  query: UserListFilters,
): Promise<PendingUserPage> {
  const where = and(eq(user.pendingApproval, true), searchFilter(query.search));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(user)
      .where(where)
      .orderBy(user.createdAt, user.id)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(user).where(where),
  ]);
  return {
    users: rows.map(presentPendingUser),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Lets a waiting newcomer in; they are told by mail. Returns the name for the toast. */
export async function approveUser(
  { db, events, mail, appUrl, clock }: UserDeps,
  actor: CurrentUser,
  id: string,
) {
  const target = await db.transaction(async (tx) => {
    const row = await findPending(tx, id);
    await tx.update(user).set({ pendingApproval: false }).where(eq(user.id, id));
    await mail.queue(
      linkMail(
        "accountApproved",
        row.email,
        row.name,
        `${appUrl}/auth`,
        row.language ?? DEFAULT_LANGUAGE,
      ),
      { db: tx, recipientId: id },
    );
    await recordAudit(tx, clock(), [
      {
        actor: actorOf(actor),
        entity: "account",
        entityId: id,
        action: "approved",
        changes: createdFields(accountAuditState(row)),
      },
    ]);
    return row;
  });
  events.emit({ entity: "user", id, action: "updated", actorId: actor.id });
  return { name: displayNameOf(target) };
}

/** Deletes a waiting sign-up; it never signed in, so nothing else hangs on it. */
export async function rejectUser({ db, events, clock }: UserDeps, actor: CurrentUser, id: string) {
  const target = await db.transaction(async (tx) => {
    const row = await findPending(tx, id);
    await tx.delete(user).where(eq(user.id, id));
    await recordAudit(tx, clock(), [
      {
        actor: actorOf(actor),
        entity: "account",
        entityId: id,
        action: "rejected",
        changes: deletedFields(accountAuditState(row)),
      },
    ]);
    return row;
  });
  events.emit({ entity: "user", id, action: "deleted", actorId: actor.id });
  return { name: displayNameOf(target) };
}
