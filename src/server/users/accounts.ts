import { randomUUID } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { USER_MESSAGES } from "../../shared/users";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { user } from "../db/schema";
import { AppError } from "../http/errors";

/** A new id for an auth table, as the auth library makes them. */
export async function newId(auth: Auth, model: "user" | "account"): Promise<string> {
  return (await auth.$context).generateId({ model }) || randomUUID();
}

/** Locks every admin row, so two concurrent demotions or deletions cannot both pass the last-admin check. */
export async function lockedAdminCount(tx: Db): Promise<number> {
  const admins = await tx
    .select({ id: user.id })
    .from(user)
    .where(eq(user.role, "admin"))
    .for("update");
  return admins.length;
}

export async function findUser(db: Db, id: string) {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  if (!row) throw new AppError("NOT_FOUND", USER_MESSAGES.notFound);
  return row;
}

export async function assertEmailFree(db: Db, email: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: user.id })
    .from(user)
    .where(exceptId ? and(eq(user.email, email), ne(user.id, exceptId)) : eq(user.email, email));
  if (taken) throw new AppError("CONFLICT", USER_MESSAGES.emailTaken(email));
}
