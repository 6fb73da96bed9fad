import type { EngagementFields } from "../../shared/engagements";
import type { CurrentUser } from "../../shared/users";
import { createdFields } from "../audit/changes";
import { engagements } from "../db/schema";
import { auditStateIn, recordEngagementAudit } from "./audit";
import { assertNoClash } from "./clash";
import type { EngagementDeps } from "./deps";
import { engagementColumns } from "./fields";
import { assertFollowUp } from "./follow-up";
import { announceChange, creationNotice, tell } from "./notices";
import { assertParticipants, replaceParticipants } from "./participants";
import { presentOne } from "./read";
import { statusOutcome } from "./status-change";

/** The engagement, its participants and their notices commit together or not at all. */
export async function createEngagement(
  { db, events, notifier, timeZone, clock }: EngagementDeps,
  actor: CurrentUser,
  input: EngagementFields,
) {
  statusOutcome(null, input);
  await assertNoClash(db, actor, input, input.participants);
  const [row, told] = await db.transaction(async (tx) => {
    const status = statusOutcome(null, input);
    const names = await assertParticipants(tx, input.participants);
    await assertFollowUp(tx, input.followUpOf, { id: null, date: input.date });
    const [created] = await tx
      .insert(engagements)
      .values({ ...engagementColumns(input, names, status), createdBy: actor.id })
      .returning();
    await replaceParticipants(tx, created.id, input.participants);
    const notified = await tell(notifier, tx, [
      creationNotice(created, input.participants, { actor, timeZone }),
    ]);
    const state = await auditStateIn(tx, created, input.participants);
    await recordEngagementAudit(tx, clock(), actor, {
      id: created.id,
      action: "created",
      changes: createdFields(state),
      reason: status.auditReason,
    });
    return [created, notified] as const;
  });
  announceChange(events, actor, { id: row.id, action: "created" }, told);
  return presentOne(db, row, actor);
}
