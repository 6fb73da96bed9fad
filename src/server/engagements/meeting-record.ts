import { eq, sql } from "drizzle-orm";
import type { AuditChanges } from "../../shared/audit";
import { ENGAGEMENT_MESSAGES, type EngagementDetails } from "../../shared/engagements";
import type { CurrentUser } from "../../shared/users";
import { changedFields, hasChanges } from "../audit/changes";
import type { Db } from "../db/client";
import { engagements } from "../db/schema";
import { AppError } from "../http/errors";
import { type AgendaItemFields, agendaLine, assertAgendaSize, replaceAgenda } from "./agenda";
import { recordEngagementAudit } from "./audit";
import type { EngagementDeps } from "./deps";
import { sanitizeMinutes } from "./minutes";
import { announceChange } from "./notices";
import { engagementDetails } from "./read";
import { type EngagementRow, findEngagement, lockEngagement } from "./rows";
import { assertPartOpenedOnCurrent } from "./versions";

type RecordDeps = Pick<EngagementDeps, "db" | "events" | "timeZone" | "clock">;

/**
 * One save of a part of the meeting's record, opened on version `opened` of that part: refused
 * when stale (before `prepare` checks the input, and again under the row's lock), `write`
 * changes it in the transaction and answers the audit record's changes, or null when nothing
 * changed (then nothing is recorded nor announced). Answers the engagement with its record.
 */
async function savePart<Prepared>(
  { db, events, timeZone, clock }: RecordDeps,
  actor: CurrentUser,
  id: string,
  part: { name: "agenda" | "minutes"; opened: number },
  prepare: () => Prepared,
  write: (tx: Db, locked: EngagementRow, prepared: Prepared) => Promise<AuditChanges | null>,
): Promise<EngagementDetails> {
  const { row: stored } = await findEngagement(db, id);
  await assertPartOpenedOnCurrent(db, part.name, stored, part.opened, timeZone);
  const prepared = prepare();
  const isChanged = await db.transaction(async (tx) => {
    const locked = await lockEngagement(tx, id);
    await assertPartOpenedOnCurrent(tx, part.name, locked, part.opened, timeZone);
    const changes = await write(tx, locked, prepared);
    if (!changes) return false;
    await recordEngagementAudit(tx, clock(), actor, { id, action: "updated", changes });
    return true;
  });
  if (isChanged) announceChange(events, actor, { id, action: "updated" });
  return engagementDetails({ db, timeZone, clock }, actor, id);
}

/**
 * The agenda becomes `items` (agenda.ts replaceAgenda), with its audit record, and the
 * calendar entry's sequence goes up so subscribed calendars take the new description.
 * Sending the same agenda again changes nothing.
 */
export function saveAgenda(
  deps: RecordDeps,
  actor: CurrentUser,
  id: string,
  input: { items: readonly AgendaItemFields[]; version: number },
): Promise<EngagementDetails> {
  return savePart(
    deps,
    actor,
    id,
    { name: "agenda", opened: input.version },
    () => assertAgendaSize(input.items),
    async (tx) => {
      const { before, after } = await replaceAgenda(tx, id, input.items);
      const changes = changedFields(
        { agenda: before.map(agendaLine) },
        { agenda: after.map(agendaLine) },
        ["agenda"],
      );
      if (!hasChanges(changes)) return null;
      // The agenda's version too, which no trigger moves: its rows live in their own table.
      await tx
        .update(engagements)
        .set({
          sequence: sql`${engagements.sequence} + 1`,
          agendaVersion: sql`${engagements.agendaVersion} + 1`,
        })
        .where(eq(engagements.id, id));
      return changes;
    },
  );
}

/**
 * The minutes, sanitised (minutes.ts); markup that tries to run anything is refused whole,
 * with nothing stored. The audit record notes the length before and after, not the text.
 */
export function saveMinutes(
  deps: RecordDeps,
  actor: CurrentUser,
  id: string,
  input: { minutes: string; version: number },
): Promise<EngagementDetails> {
  return savePart(
    deps,
    actor,
    id,
    { name: "minutes", opened: input.version },
    () => {
      const clean = sanitizeMinutes(input.minutes);
      if (!clean.isSafe) throw new AppError("VALIDATION", ENGAGEMENT_MESSAGES.minutesUnsafe);
      return clean.html;
    },
    async (tx, before, html) => {
      if (before.minutes === html) return null;
      await tx.update(engagements).set({ minutes: html }).where(eq(engagements.id, id));
      return { minutes: { before: before.minutes.length, after: html.length } };
    },
  );
}
