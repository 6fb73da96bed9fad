import type { Db } from "../db/client";
import { scheduleRuns } from "../db/schema";

/**
 * Claims one run of a schedule (the digest of 2026-11-25) inside `tx`, the transaction doing
 * its work: true for exactly one claimant across instances. Another instance's insert waits
 * on the key until the first commits, then finds it taken; if the first rolls back (it died),
 * the slot is free again.
 */
export async function claimSlot(tx: Db, schedule: string, slot: string): Promise<boolean> {
  const claimed = await tx
    .insert(scheduleRuns)
    .values({ schedule, slot })
    .onConflictDoNothing()
    .returning({ slot: scheduleRuns.slot });
  return claimed.length > 0;
}
