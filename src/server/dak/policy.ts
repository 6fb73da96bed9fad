import { and, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import {
  type DakActor,
  keepsRegisters,
  type ReceiptAbilities,
  type ReceiptStatus,
  readsWholeRegister,
} from "../../shared/dak";
import type { CurrentUser } from "../../shared/users";
import { dispatches, receiptCounts, receipts, tasks } from "../db/schema";
import type { AppEnv, SignedInEnv } from "../http/context";
import { AppError } from "../http/errors";

/** The register-facing facts of a signed-in person. */
export function dakActor(user: CurrentUser): DakActor {
  return { id: user.id, role: user.role, receiptIssueDuty: user.receiptIssueDuty };
}

/**
 * 401 for anonymous callers, 403 for anyone who does not keep the registers (administrators
 * and users with the Receipt and Issue duty do).
 */
export const requireRegisterKeeper = createMiddleware<AppEnv & SignedInEnv>(async (c, next) => {
  const user = c.var.user;
  if (!user) throw new AppError("UNAUTHENTICATED", "common:error.signInRequired");
  if (!keepsRegisters(dakActor(user))) throw new AppError("FORBIDDEN", "common:error.forbidden");
  await next();
});

/** The tasks `actorId` holds, as a subquery. */
const tasksHeldBy = (actorId: string) =>
  sql`(select ${tasks.id} from ${tasks} where ${tasks.assignedTo} = ${actorId})`;

const carriedByTaskOf = (actorId: string) => sql`${receipts.taskId} in ${tasksHeldBy(actorId)}`;

/** Receipts marked to `actorId`, or carried by a task they hold now, as alternatives. */
const theirReceipts = (actorId: string) => [
  eq(receipts.markedTo, actorId),
  carriedByTaskOf(actorId),
];

/**
 * The receipts `actor` may read, as alternatives an index answers each (none for
 * administrators, who read every one): a keeper of the registers and an organization head every
 * Normal one; anyone the ones marked to them, or carried by a task they hold now. Confidential
 * and Secret ones: administrators and their officer. The registers read each alternative's
 * newest entries apart (db/any-of.ts).
 */
export function receiptsReadableByAny(actor: DakActor): SQL[] | undefined {
  if (actor.role === "admin") return undefined;
  const theirs = theirReceipts(actor.id);
  return readsWholeRegister(actor) ? [eq(receipts.classification, "normal"), ...theirs] : theirs;
}

/** The receipts `actor` may read, as one condition (none for administrators). */
export function receiptsReadableBy(actor: DakActor): SQL | undefined {
  const any = receiptsReadableByAny(actor);
  return any && or(...any);
}

/**
 * The receipts `actor` may read as two parts that do not overlap, for the register's total:
 * `counted`, the rows of receipt_counts (by classification and officer) that hold them, and
 * `carried`, the receipts their tasks carry that those rows do not hold (none: false).
 */
export function receiptTotalParts(actor: DakActor): {
  counted: SQL | undefined;
  carried: SQL | false;
} {
  if (actor.role === "admin") return { counted: undefined, carried: false };
  const markedToThem = eq(receiptCounts.markedTo, actor.id);
  const notMarkedToThem = sql`${receipts.markedTo} is distinct from ${actor.id}`;
  return readsWholeRegister(actor)
    ? {
        counted: or(eq(receiptCounts.classification, "normal"), markedToThem),
        carried: and(
          carriedByTaskOf(actor.id),
          notMarkedToThem,
          ne(receipts.classification, "normal"),
        ) as SQL,
      }
    : {
        counted: markedToThem,
        carried: and(carriedByTaskOf(actor.id), notMarkedToThem) as SQL,
      };
}

/**
 * The dispatches `actor` may read, as alternatives (none for administrators): the receipts' rule
 * through what each answers (a restricted one only where its receipt or task is the reader's
 * own).
 */
export function dispatchesReadableByAny(actor: DakActor): SQL[] | undefined {
  if (actor.role === "admin") return undefined;
  const theirs = [
    sql`${dispatches.taskId} in ${tasksHeldBy(actor.id)}`,
    ...theirReceipts(actor.id).map((receipt) =>
      inArray(dispatches.receiptId, sql`(select ${receipts.id} from ${receipts} where ${receipt})`),
    ),
  ];
  return readsWholeRegister(actor) ? [eq(dispatches.classification, "normal"), ...theirs] : theirs;
}

/** The dispatches `actor` may read, as one condition (none for administrators). */
export function dispatchesReadableBy(actor: DakActor): SQL | undefined {
  const any = dispatchesReadableByAny(actor);
  return any && or(...any);
}

/**
 * What `actor` may do to a receipt as it stands (sent with it). Keepers amend any receipt they
 * can read; a pending one they mark, link or close; a marked one's reply they dispatch.
 */
export function receiptAbilities(
  actor: DakActor,
  receipt: { status: ReceiptStatus },
): ReceiptAbilities {
  const keeper = keepsRegisters(actor);
  const pending = receipt.status === "pending";
  return {
    amend: keeper,
    mark: keeper && pending,
    link: keeper && pending,
    close: keeper && pending,
    dispatch: keeper && receipt.status !== "closed",
  };
}
