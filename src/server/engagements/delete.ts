import { eq } from "drizzle-orm";
import type { CurrentUser } from "../../shared/users";
import { deletedFields } from "../audit/changes";
import { engagements } from "../db/schema";
import { auditStateIn, recordEngagementAudit } from "./audit";
import type { EngagementDeps } from "./deps";
import { announceChange, noticeOf, tell } from "./notices";
import { participantIds } from "./participants";
import { findEngagement, lockEngagement } from "./rows";

/** Its participants hear that it is cancelled, in the transaction that deletes it. */
export async function deleteEngagement(
  { db, events, notifier, timeZone, clock }: EngagementDeps,
  actor: CurrentUser,
  id: string,
): Promise<void> {
  await findEngagement(db, id);
  const told = await db.transaction(async (tx) => {
    const row = await lockEngagement(tx, id);
    const participants = await participantIds(tx, id);
    const state = await auditStateIn(tx, row, participants);
    await tx.delete(engagements).where(eq(engagements.id, id));
    // The cancellation outranks every invitation sent before it.
    const cancelled = { ...row, sequence: row.sequence + 1 };
    const notified = await tell(notifier, tx, [
      noticeOf("engagement_cancelled", participants, cancelled, { actor, timeZone }),
    ]);
    await recordEngagementAudit(tx, clock(), actor, {
      id,
      action: "deleted",
      changes: deletedFields(state),
    });
    return notified;
  });
  announceChange(events, actor, { id, action: "deleted" }, told);
}
