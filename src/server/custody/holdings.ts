import { and, asc, desc, eq, inArray, isNull, ne, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { MarkPurpose } from "../../shared/dak";
import type { MarkingKind, MarkingOutcome } from "../../shared/markings";
import type { Db } from "../db/client";
import { taskMarkings, user } from "../db/schema";

export type HoldingRow = typeof taskMarkings.$inferSelect;

/** A person as a holding names them: the id and the name at the time. */
export type HoldingPerson = { id: string | null; name: string };

/** A new holding of a task: who has it now, from whom, why and to whom they answer. */
export type NewHolding = {
  kind: MarkingKind;
  from: HoldingPerson;
  to: { id: string; name: string };
  purpose: MarkPurpose;
  issuerId: string | null;
  returnsTo?: string | null;
  remark?: string | null;
  outcome?: MarkingOutcome | null;
  /** A route's steps still to come after this holder. */
  route?: { id: string; name: string }[];
};

/**
 * The tasks columns a new holding sets (the holder, the purpose, to whom they answer, since
 * when): written with the task's own update, so a move is one version of the task.
 */
export function holdingColumns(holding: Pick<NewHolding, "to" | "purpose" | "issuerId">, at: Date) {
  return {
    assignedTo: holding.to.id,
    purpose: holding.purpose,
    markedBy: holding.issuerId,
    heldSince: at,
  };
}

/**
 * Ends the task's current holding and records the new one, in `tx` (the caller has locked the
 * task and writes holdingColumns on it). Every path that moves a task comes through here:
 * creation, an admin's edit or hand-over, and the markings (docs/decisions/034).
 */
export async function recordHolding(
  tx: Db,
  taskId: string,
  holding: NewHolding,
  at: Date,
  ending: { pullBackReason?: string } = {},
): Promise<HoldingRow> {
  await tx
    .update(taskMarkings)
    .set({
      endedAt: at,
      ...(ending.pullBackReason ? { pullBackReason: ending.pullBackReason } : {}),
    })
    .where(and(eq(taskMarkings.taskId, taskId), isNull(taskMarkings.endedAt)));
  const [row] = await tx
    .insert(taskMarkings)
    .values({
      taskId,
      kind: holding.kind,
      fromId: holding.from.id,
      fromName: holding.from.name,
      toId: holding.to.id,
      toName: holding.to.name,
      purpose: holding.purpose,
      issuerId: holding.issuerId,
      returnsTo: holding.returnsTo ?? null,
      remark: holding.remark ?? null,
      outcome: holding.outcome ?? null,
      route: holding.route ?? [],
      markedAt: at,
    })
    .returning();
  return row;
}

/** The task's holding now (the last one; it has not ended unless the task is completed). */
export async function currentHolding(tx: Db, taskId: string): Promise<HoldingRow | undefined> {
  const [row] = await tx
    .select()
    .from(taskMarkings)
    .where(eq(taskMarkings.taskId, taskId))
    .orderBy(desc(taskMarkings.seq))
    .limit(1);
  return row;
}

/** One holding by id, of that task. */
export async function holdingOf(
  tx: Db,
  taskId: string,
  id: string,
): Promise<HoldingRow | undefined> {
  const [row] = await tx
    .select()
    .from(taskMarkings)
    .where(and(eq(taskMarkings.taskId, taskId), eq(taskMarkings.id, id)));
  return row;
}

/**
 * Every task given to `heirId` in one statement (a hand-over): each gets a holding of its own,
 * from `from`, for necessary action, as holdingColumns would write. Used with the tasks update.
 */
export async function recordHandOver(
  tx: Db,
  taskIds: readonly string[],
  from: HoldingPerson,
  heir: { id: string; name: string },
  at: Date,
): Promise<void> {
  if (taskIds.length === 0) return;
  await tx
    .update(taskMarkings)
    .set({ endedAt: at })
    .where(and(inArray(taskMarkings.taskId, [...taskIds]), isNull(taskMarkings.endedAt)));
  await tx.insert(taskMarkings).values(
    taskIds.map((taskId) => ({
      taskId,
      kind: "assigned" as const,
      fromId: from.id,
      fromName: from.name,
      toId: heir.id,
      toName: heir.name,
      purpose: "action" as const,
      issuerId: from.id,
      markedAt: at,
    })),
  );
}

/**
 * Whether `userId` has held the task or marked it onward: they read it still (the sender pulls
 * it back, follows it in "Marked by me"), though it is no longer theirs to work on.
 */
export async function hasHandled(db: Db, taskId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: taskMarkings.id })
    .from(taskMarkings)
    .where(
      and(
        eq(taskMarkings.taskId, taskId),
        // An assignment's maker (an admin, an R&I clerk marking a receipt) reads by their own
        // rule, not by having made it: a Confidential receipt's task stays its officer's.
        or(
          eq(taskMarkings.toId, userId),
          and(eq(taskMarkings.fromId, userId), ne(taskMarkings.kind, "assigned")),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const fromAccount = alias(user, "from_account");
const toAccount = alias(user, "to_account");

/**
 * The holdings matching `where`, in the movement's order, each with the designations its
 * accounts hold now (null for an account since deleted): the movement, the note sheet and the
 * marking lists name people by them (shared/users.ts designationIn).
 */
export function readHoldings(db: Db, where: SQL | undefined) {
  return db
    .select({
      marking: taskMarkings,
      from: { designation: fromAccount.designation, designationUr: fromAccount.designationUr },
      to: { designation: toAccount.designation, designationUr: toAccount.designationUr },
    })
    .from(taskMarkings)
    .leftJoin(fromAccount, eq(fromAccount.id, taskMarkings.fromId))
    .leftJoin(toAccount, eq(toAccount.id, taskMarkings.toId))
    .where(where)
    .orderBy(asc(taskMarkings.seq));
}
