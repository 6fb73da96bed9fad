import { asc, eq, gt } from "drizzle-orm";
import type { Db } from "../db/client";
import { auditChain, auditCheckpoint, auditEvents } from "../db/schema";
import { auditHash, GENESIS_HASH } from "./chain";

/** Rows read per query: a trail of millions is walked in constant memory. */
const BATCH_SIZE = 1000;

export type AuditVerification =
  | { ok: true; count: number; lastId: number }
  | {
      ok: false;
      /** The first row that does not hold (or the id where one is missing). */
      brokenAt: number;
      problem: string;
      /** The last id up to which the chain held (0 when none did). */
      verifiedUpTo: number;
    };

/** A row up to which the chain held: its id and hash (id 0: before the first row). */
type ChainPoint = { id: number; hash: string };

const GENESIS: ChainPoint = { id: 0, hash: GENESIS_HASH };

/**
 * Walks the trail in id order (keyset pages) from the row after `from` and checks every link:
 * ids consecutive, each `prev_hash` the hash of the row before (64 zeros for the first), each
 * `hash` the one its content gives (chain.ts), and the chain's head naming the last row. Any
 * change made around the append-only trigger after `from` shows as the first row that no
 * longer holds. Answers, too, the point the walk reached when the chain held.
 */
async function walkChain(
  db: Db,
  from: ChainPoint,
): Promise<{ result: AuditVerification; reached?: ChainPoint }> {
  let expectedId = from.id + 1;
  let prevHash = from.hash;
  const broken = (brokenAt: number, problem: string) => ({
    result: {
      ok: false as const,
      brokenAt,
      problem,
      verifiedUpTo: expectedId - 1,
    },
  });

  /** Checks every row from `expectedId` on; answers the first problem, if any. */
  async function walk() {
    for (;;) {
      const rows = await db
        .select()
        .from(auditEvents)
        .where(gt(auditEvents.id, expectedId - 1))
        .orderBy(asc(auditEvents.id))
        .limit(BATCH_SIZE);
      for (const row of rows) {
        if (row.id !== expectedId)
          return broken(expectedId, `row missing (the next row is #${row.id})`);
        if (row.prevHash !== prevHash)
          return broken(row.id, "prev_hash does not match the row before");
        const { hash, ...content } = row;
        if (auditHash(content) !== hash)
          return broken(row.id, "hash does not match the row's content");
        prevHash = hash;
        expectedId += 1;
      }
      if (rows.length < BATCH_SIZE) return null;
    }
  }

  // The head moves in the transaction that appends rows, so it never names fewer rows than
  // were committed before it was read; a head ahead of the walk is writers meanwhile: walk on.
  let walkedFrom = 0;
  for (;;) {
    const start = expectedId;
    const problem = await walk();
    if (problem) return problem;
    const lastId = expectedId - 1;
    const [head] = await db.select().from(auditChain).where(eq(auditChain.id, 1));
    if (!head) return broken(lastId, "the chain's head row is missing");
    if (head.lastId < lastId)
      return broken(head.lastId + 1, `rows after #${head.lastId}, where the chain's head ends`);
    if (head.lastId === lastId) {
      if (head.lastHash !== prevHash)
        return broken(lastId, "the chain head's hash does not match the last row");
      return {
        result: { ok: true, count: lastId, lastId },
        reached: { id: lastId, hash: prevHash },
      };
    }
    // Behind again after a walk that found nothing new: the rows the head names are gone.
    if (start === expectedId && walkedFrom === start)
      return broken(lastId + 1, `rows missing up to #${head.lastId}`);
    walkedFrom = expectedId;
  }
}

/** The whole trail, from its first row: what `npm run audit:verify` runs. */
export async function verifyAuditChain(db: Db): Promise<AuditVerification> {
  return (await walkChain(db, GENESIS)).result;
}

/** Whether `point` is still the row it was: there, with that hash, which its content gives. */
async function stillHolds(db: Db, point: ChainPoint): Promise<boolean> {
  if (point.id === 0) return true;
  const [row] = await db.select().from(auditEvents).where(eq(auditEvents.id, point.id));
  if (!row) return false;
  const { hash, ...content } = row;
  return hash === point.hash && auditHash(content) === hash;
}

/**
 * The chain's status for the Audit Log, walking only the rows added since the last walk: the
 * last row verified and its hash are kept in audit_checkpoint (so a restart does not walk a
 * trail of millions again), and the next walk starts after it. That row is checked first (still
 * there, same hash, content matching it), so a restore or a forged checkpoint means a walk from
 * the start. A row altered *below* the checkpoint is not seen here: `npm run audit:verify`
 * walks everything and catches it (docs/decisions/017).
 */
export function createChainVerifier(db: Db) {
  return async function verify(): Promise<AuditVerification> {
    const [saved] = await db.select().from(auditCheckpoint).where(eq(auditCheckpoint.id, 1));
    const point = saved ? { id: saved.lastId, hash: saved.lastHash } : GENESIS;
    const from = (await stillHolds(db, point)) ? point : GENESIS;
    const { result, reached } = await walkChain(db, from);
    if (reached && reached.id !== point.id)
      await db
        .insert(auditCheckpoint)
        .values({ id: 1, lastId: reached.id, lastHash: reached.hash })
        .onConflictDoUpdate({
          target: auditCheckpoint.id,
          set: { lastId: reached.id, lastHash: reached.hash },
        });
    return result;
  };
}
