import { randomUUID } from "node:crypto";
import { and, count, desc, eq, ilike, inArray, ne, or, sql } from "drizzle-orm";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/i18n/languages";
import {
  type CreateUserFields,
  type CurrentUser,
  displayNameOf,
  type PendingUserPage,
  placeholderEmail,
  type UpdateUserFields,
  USER_MESSAGES,
  type UserListFilters,
  type UserListPage,
} from "../../shared/users";
import { actorOf, changedFields, createdFields, deletedFields, hasChanges } from "../audit/changes";
import { type AuditEvent, recordAudit } from "../audit/record";
import { assertOpenedOnCurrent } from "../audit/versions";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { account, tasks, user } from "../db/schema";
import { revokeCalendarFeed } from "../engagements/calendar";
import type { EventBus } from "../events/bus";
import { AppError } from "../http/errors";
import type { MailQueue } from "../jobs/queue";
import { linkMail } from "../mail/templates";
import { ACCOUNT_AUDIT_KEYS, accountAuditState } from "./audit";
import { userPolicy } from "./policy";
import { presentAssignableUser, presentPendingUser, presentUserListItem } from "./present";

type Deps = {
  db: Db;
  auth: Auth;
  events: EventBus;
  mail: MailQueue;
  appUrl: string;
  /** The office's clock, on which a refused edit names the time of the change. */
  timeZone: string;
  clock: () => Date;
};
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const listColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  username: user.username,
  role: user.role,
  createdAt: user.createdAt,
  version: user.version,
  // Qualified by hand: drizzle leaves the columns of a one-table select unqualified, and an
  // unqualified "id" inside the subquery would mean tasks.id.
  taskCount:
    sql<number>`(select count(*) from "tasks" where "tasks"."assigned_to" = "user"."id")`.mapWith(
      Number,
    ),
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Locks every admin row, so two concurrent demotions or deletions cannot both pass the last-admin check. */
async function lockedAdminCount(tx: Tx): Promise<number> {
  const admins = await tx
    .select({ id: user.id })
    .from(user)
    .where(eq(user.role, "admin"))
    .for("update");
  return admins.length;
}

async function findUser(db: Db | Tx, id: string) {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  if (!row) throw new AppError("NOT_FOUND", USER_MESSAGES.notFound);
  return row;
}

/** An account as the version check reads it (server/audit/versions.ts). */
/** An account as the version check reads it: only changes of what Edit Account shows name. */
function versioned(row: typeof user.$inferSelect) {
  const { id, version, updatedAt } = row;
  return { entity: "account" as const, id, version, updatedAt, fields: ACCOUNT_AUDIT_KEYS };
}

/** Rows matching the admin's search box (name, User ID or e-mail). */
function searchFilter(search: string) {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(ilike(user.name, pattern), ilike(user.username, pattern), ilike(user.email, pattern));
}

/** Manage Users' rows for a search: every account but those awaiting approval (listPending). */
function userListWhere(search: string) {
  return and(eq(user.pendingApproval, false), searchFilter(search));
}

/** Manage Users' rows, newest first: its pages and its Excel export read through this. */
export function selectUserList(db: Db, search: string) {
  return db
    .select(listColumns)
    .from(user)
    .where(userListWhere(search))
    .orderBy(desc(user.createdAt), user.id);
}

/** A self sign-up that waits for approval (SIGNUP_ENABLED=approval), locked for the change. */
async function findPending(tx: Tx, id: string) {
  const [row] = await tx
    .select()
    .from(user)
    .where(and(eq(user.id, id), eq(user.pendingApproval, true)))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND", USER_MESSAGES.notPending);
  return row;
}

async function assertEmailFree(db: Db, email: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: user.id })
    .from(user)
    .where(exceptId ? and(eq(user.email, email), ne(user.id, exceptId)) : eq(user.email, email));
  if (taken) throw new AppError("CONFLICT", USER_MESSAGES.emailTaken(email));
}

export function createUserService({ db, auth, events, mail, appUrl, timeZone, clock }: Deps) {
  /** A new id for an auth table, as the auth library makes them. */
  async function newId(model: "user" | "account"): Promise<string> {
    return (await auth.$context).generateId({ model }) || randomUUID();
  }

  return {
    /** A person's own choice of language; their cached sessions are forgotten (event). */
    async setLanguage(id: string, language: Language): Promise<void> {
      await db.update(user).set({ language }).where(eq(user.id, id));
      events.emit({ entity: "user", id, action: "updated", actorId: id });
    },

    async list(viewer: CurrentUser, query: UserListFilters): Promise<UserListPage> {
      const [rows, [{ total }]] = await Promise.all([
        selectUserList(db, query.search)
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(user).where(userListWhere(query.search)),
      ]);
      return {
        users: rows.map((row) => presentUserListItem(row, viewer)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async listPending(query: UserListFilters): Promise<PendingUserPage> {
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
    },

    /** Lets a waiting newcomer in; they are told by mail. Returns the name for the toast. */
    async approve(actor: CurrentUser, id: string) {
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
    },

    /** Deletes a waiting sign-up; it never signed in, so nothing else hangs on it. */
    async reject(actor: CurrentUser, id: string) {
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
    },

    /**
     * Users and admins, for the assignee and hand-over pickers; with `includeHeads`, every
     * account that acts (the Audit Log's people filter). Never a pending sign-up.
     */
    async assignable({ includeHeads }: { includeHeads: boolean }) {
      const takesTasks = inArray(user.role, ["user", "admin"]);
      const rows = await db
        .select()
        .from(user)
        .where(and(includeHeads ? undefined : takesTasks, eq(user.pendingApproval, false)))
        .orderBy(user.name);
      return rows.map(presentAssignableUser);
    },

    async create(actor: CurrentUser, input: CreateUserFields) {
      const username = input.userId.toLowerCase();
      const [takenId] = await db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.username, username));
      if (takenId) throw new AppError("CONFLICT", USER_MESSAGES.userIdTaken(input.userId));
      const email = input.email ?? placeholderEmail(username);
      await assertEmailFree(db, email);

      // What the auth library's admin createUser writes (a verified account and its
      // credential), here in one transaction with its audit record.
      const passwordHash = await (await auth.$context).password.hash(input.password);
      const id = await newId("user");
      const accountRowId = await newId("account");
      try {
        await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(user)
            .values({
              id,
              email,
              name: input.fullName,
              role: input.role,
              emailVerified: true,
              username,
              displayUsername: input.userId,
            })
            .returning();
          await tx.insert(account).values({
            id: accountRowId,
            accountId: id,
            providerId: "credential",
            userId: id,
            password: passwordHash,
          });
          await recordAudit(tx, clock(), [
            {
              actor: actorOf(actor),
              entity: "account",
              entityId: id,
              action: "created",
              changes: createdFields(accountAuditState(created)),
            },
          ]);
        });
      } catch (err) {
        // Another request took the User ID or the e-mail since the checks above.
        if (isUniqueViolation(err))
          throw new AppError("CONFLICT", USER_MESSAGES.userIdTaken(input.userId));
        throw err;
      }
      events.emit({ entity: "user", id, action: "created", actorId: actor.id });
      const [row] = await db.select(listColumns).from(user).where(eq(user.id, id));
      return presentUserListItem(row, actor);
    },

    /** One account as Manage Users lists it: what Edit Account reads again after a conflict. */
    async get(viewer: CurrentUser, id: string) {
      const [row] = await db
        .select(listColumns)
        .from(user)
        .where(and(eq(user.id, id), eq(user.pendingApproval, false)));
      if (!row) throw new AppError("NOT_FOUND", USER_MESSAGES.notFound);
      return presentUserListItem(row, viewer);
    },

    async update(actor: CurrentUser, id: string, input: UpdateUserFields) {
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
          .set({ email, name: input.fullName, role: input.role })
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
    },

    /**
     * Sets a new password, ends every session of that user and their calendar feed link;
     * returns the name for the toast.
     */
    async changePassword(actor: CurrentUser, id: string, newPassword: string) {
      const target = await findUser(db, id);
      const context = await auth.$context;
      const hash = await context.password.hash(newPassword);
      const accountRowId = await newId("account");
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
        await revokeCalendarFeed(tx, id);
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
    },

    /**
     * Deletes an account. Its tasks are never lost: when it has any, they move to `handOverTo`
     * in the same transaction as the deletion.
     */
    async remove(actor: CurrentUser, id: string, handOverTo?: string) {
      if (!userPolicy.canDelete(actor, id))
        throw new AppError("FORBIDDEN", USER_MESSAGES.selfDelete);
      const movedTasks = await db.transaction(async (tx) => {
        const target = await findUser(tx, id);
        if (target.role === "admin" && (await lockedAdminCount(tx)) <= 1) {
          throw new AppError("CONFLICT", USER_MESSAGES.lastAdminDelete);
        }
        const owned = await tx
          .select({ id: tasks.id })
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
          await tx.update(tasks).set({ assignedTo: heir.id }).where(eq(tasks.assignedTo, id));
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
        return owned.map((task) => task.id);
      });
      events.emit({ entity: "user", id, action: "deleted", actorId: actor.id });
      const assignees = handOverTo ? [handOverTo] : [];
      for (const taskId of movedTasks)
        events.emit({
          entity: "task",
          id: taskId,
          action: "updated",
          assignees,
          actorId: actor.id,
        });
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
