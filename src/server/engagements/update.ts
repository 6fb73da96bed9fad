import { eq, sql } from "drizzle-orm";
import type { UpdateEngagementFields } from "../../shared/engagements";
import type { CurrentUser } from "../../shared/users";
import { changedFields, hasChanges } from "../audit/changes";
import type { Db } from "../db/client";
import { engagements } from "../db/schema";
import { agendaOf } from "./agenda";
import { auditStateIn, recordEngagementAudit } from "./audit";
import { assertNoClash } from "./clash";
import type { EngagementDeps } from "./deps";
import { engagementColumns } from "./fields";
import { assertFollowUp } from "./follow-up";
import { announceChange, tell, updateNotices } from "./notices";
import { assertParticipants, participantIds, replaceParticipants } from "./participants";
import { presentOne } from "./read";
import { type EngagementRow, findEngagement, lockEngagement } from "./rows";
import { statusOutcome } from "./status-change";
import { assertPartOpenedOnCurrent, ENGAGEMENT_AUDIT_KEYS } from "./versions";

/**
 * Before the transaction: a stale form is refused first (its fields differ from the stored
 * ones without anyone moving them, so the status rules and the clash check would judge a
 * change nobody asked for), then the status rules and the clash check.
 */
async function checkEdit(
  { db, timeZone }: Pick<EngagementDeps, "db" | "timeZone">,
  actor: CurrentUser,
  stored: EngagementRow,
  input: UpdateEngagementFields,
): Promise<void> {
  await assertPartOpenedOnCurrent(db, "details", stored, input.version, timeZone);
  statusOutcome(stored, input);
  // A moved (or revived) engagement is new to everyone in it; otherwise to those added.
  const isMoved =
    stored.date !== input.date ||
    stored.time.slice(0, 5) !== input.time ||
    stored.status === "Cancelled";
  const already = new Set(await participantIds(db, stored.id));
  await assertNoClash(
    db,
    actor,
    input,
    isMoved ? input.participants : input.participants.filter((p) => !already.has(p)),
    stored.id,
  );
}

/**
 * The edit in `tx`, with its notices (notices.ts updateNotices) and audit record; null when
 * the form is saved as it stands (no write, so the version stays and no open form turns stale).
 */
async function writeEdit(
  tx: Db,
  { notifier, timeZone, clock }: Pick<EngagementDeps, "notifier" | "timeZone" | "clock">,
  actor: CurrentUser,
  id: string,
  input: UpdateEngagementFields,
) {
  const before = await lockEngagement(tx, id);
  await assertPartOpenedOnCurrent(tx, "details", before, input.version, timeZone);
  const status = statusOutcome(before, input);
  const names = await assertParticipants(tx, input.participants);
  if (input.followUpOf !== before.followUpOf)
    await assertFollowUp(tx, input.followUpOf, { id, date: input.date });
  const previousIds = new Set(await participantIds(tx, id));
  const columns = engagementColumns(input, names, status);
  const changes = changedFields(
    await auditStateIn(tx, before, [...previousIds]),
    await auditStateIn(tx, { ...before, ...columns }, input.participants),
    ENGAGEMENT_AUDIT_KEYS,
  );
  if (!hasChanges(changes)) return null;
  const [after] = await tx
    .update(engagements)
    .set({ ...columns, sequence: sql`${engagements.sequence} + 1` })
    .where(eq(engagements.id, id))
    .returning();
  await replaceParticipants(tx, id, input.participants);
  const agenda = await agendaOf(tx, id);
  const notified = await tell(
    notifier,
    tx,
    updateNotices(before, after, { previous: previousIds, current: input.participants }, agenda, {
      actor,
      timeZone,
    }),
  );
  await recordEngagementAudit(tx, clock(), actor, {
    id,
    action: "updated",
    changes,
    reason: status.auditReason,
  });
  return [after, notified] as const;
}

/** Edit Engagement: checked, then written in one transaction with its notices and record. */
export async function updateEngagement(
  deps: EngagementDeps,
  actor: CurrentUser,
  id: string,
  input: UpdateEngagementFields,
) {
  const { db, events } = deps;
  const { row: stored } = await findEngagement(db, id);
  await checkEdit(deps, actor, stored, input);
  const written = await db.transaction((tx) => writeEdit(tx, deps, actor, id, input));
  if (!written) return presentOne(db, stored, actor);
  const [row, told] = written;
  announceChange(events, actor, { id, action: "updated" }, told);
  return presentOne(db, row, actor);
}
