import { eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import {
  type DakActor,
  keepsRegisters,
  type ReceiptAbilities,
  type ReceiptStatus,
  readsWholeRegister,
} from "../../shared/dak";
import type { CurrentUser } from "../../shared/users";
import { dispatches, receipts, tasks } from "../db/schema";
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

/** Receipts marked to `actorId`, or carried by a task they hold now. */
function receiptIsTheirs(actorId: string): SQL {
  return or(
    eq(receipts.markedTo, actorId),
    sql`${receipts.taskId} in ${tasksHeldBy(actorId)}`,
  ) as SQL;
}

/**
 * The receipts `actor` may read, as a condition (none for administrators): a keeper of the
 * registers and an organization head every Normal one; anyone the ones marked to them (or
 * carried by their task). Confidential and Secret ones: administrators and their officer.
 */
export function receiptsReadableBy(actor: DakActor): SQL | undefined {
  if (actor.role === "admin") return undefined;
  const theirs = receiptIsTheirs(actor.id);
  return readsWholeRegister(actor)
    ? (or(eq(receipts.classification, "normal"), theirs) as SQL)
    : theirs;
}

/**
 * The dispatches `actor` may read: the same rule through what each answers (a restricted one
 * only where its receipt or task is the reader's own).
 */
export function dispatchesReadableBy(actor: DakActor): SQL | undefined {
  if (actor.role === "admin") return undefined;
  const theirs = or(
    sql`${dispatches.taskId} in ${tasksHeldBy(actor.id)}`,
    inArray(
      dispatches.receiptId,
      sql`(select ${receipts.id} from ${receipts} where ${receiptIsTheirs(actor.id)})`,
    ),
  ) as SQL;
  return readsWholeRegister(actor)
    ? (or(eq(dispatches.classification, "normal"), theirs) as SQL)
    : theirs;
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
