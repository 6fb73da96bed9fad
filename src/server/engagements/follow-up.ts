import { sql } from "drizzle-orm";
import { ENGAGEMENT_MESSAGES } from "../../shared/engagements";
import { type Db, rowsOf } from "../db/client";
import { engagements } from "../db/schema";
import { AppError } from "../http/errors";
import { engagementRef } from "./rows";

/**
 * The meeting an engagement follows up is another existing engagement, and following it
 * makes no loop (A follows B follows A). Writers of the link take turns (a transaction
 * lock), so two changes cannot each close half of a loop.
 */
export async function assertFollowUp(
  tx: Db,
  followUpOf: string | null,
  self: { id: string | null; date: string },
): Promise<void> {
  if (!followUpOf) return;
  const selfId = self.id;
  if (followUpOf === selfId) throw new AppError("VALIDATION", ENGAGEMENT_MESSAGES.invalidFollowUp);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('engagements.follow_up_of'))`);
  // A follow-up comes after the meeting it follows (on the same day at the latest), as the
  // form offers it.
  const earlier = await engagementRef(tx, followUpOf);
  if (!earlier || earlier.date > self.date)
    throw new AppError("VALIDATION", ENGAGEMENT_MESSAGES.invalidFollowUp);
  if (!selfId) return;
  // `union` (not `union all`) ends the walk on a loop already stored.
  const loop = rowsOf(
    await tx.execute(sql`
      with recursive chain(id, follow_up_of) as (
        select id, follow_up_of from ${engagements} where id = ${followUpOf}
        union
        select e.id, e.follow_up_of from ${engagements} e join chain c on e.id = c.follow_up_of
      )
      select 1 as found from chain where id = ${selfId} limit 1`),
  );
  if (loop.length > 0) throw new AppError("VALIDATION", ENGAGEMENT_MESSAGES.invalidFollowUp);
}
