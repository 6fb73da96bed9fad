import { asc, eq, gt } from "drizzle-orm";
import type { Db } from "../db/client";
import { auditChain, auditEvents } from "../db/schema";
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

/**
 * Walks the trail in id order (keyset pages) and checks every link: ids consecutive from 1,
 * each `prev_hash` the hash of the row before (64 zeros for the first), each `hash` the one
 * its content gives (chain.ts), and the chain's head naming the last row. Any change made
 * around the append-only trigger shows as the first row that no longer holds.
 */
export async function verifyAuditChain(db: Db): Promise<AuditVerification> {
  let expectedId = 1;
  let prevHash = GENESIS_HASH;
  const broken = (brokenAt: number, problem: string): AuditVerification => ({
    ok: false,
    brokenAt,
    problem,
    verifiedUpTo: expectedId - 1,
  });

  /** Checks every row from `expectedId` on; answers the first problem, if any. */
  async function walk(): Promise<AuditVerification | null> {
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
    const from = expectedId;
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
      return { ok: true, count: lastId, lastId };
    }
    // Behind again after a walk that found nothing new: the rows the head names are gone.
    if (from === expectedId && walkedFrom === from)
      return broken(lastId + 1, `rows missing up to #${head.lastId}`);
    walkedFrom = expectedId;
  }
}
