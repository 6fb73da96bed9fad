import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { ENGAGEMENT_MESSAGES, type EngagementParticipant } from "../../shared/engagements";
import { displayNameOf } from "../../shared/users";
import type { PersonRef } from "../audit/changes";
import type { Db } from "../db/client";
import { engagementParticipants, engagements, user } from "../db/schema";
import { AppError } from "../http/errors";

/** Each engagement's participants by name, for the engagements `where` selects: one query. */
export async function participantsOf(
  db: Db,
  where: SQL | undefined,
): Promise<Map<string, EngagementParticipant[]>> {
  const rows = await db
    .select({
      engagementId: engagementParticipants.engagementId,
      id: user.id,
      name: user.name,
      email: user.email,
      username: user.username,
    })
    .from(engagementParticipants)
    .innerJoin(user, eq(user.id, engagementParticipants.userId))
    .where(
      inArray(
        engagementParticipants.engagementId,
        db.select({ id: engagements.id }).from(engagements).where(where),
      ),
    )
    .orderBy(asc(user.name), asc(user.id));
  const byEngagement = new Map<string, EngagementParticipant[]>();
  for (const row of rows) {
    const list = byEngagement.get(row.engagementId) ?? [];
    list.push({ id: row.id, name: displayNameOf(row) });
    byEngagement.set(row.engagementId, list);
  }
  return byEngagement;
}

/**
 * Participants are approved accounts: an unknown id, or a sign-up still awaiting approval,
 * refuses the whole request (checked in `tx`, the write's transaction). Answers their names.
 */
export async function assertParticipants(
  tx: Db,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const found = await tx
    .select({ id: user.id, name: user.name, email: user.email, username: user.username })
    .from(user)
    .where(and(inArray(user.id, [...ids]), eq(user.pendingApproval, false)));
  if (found.length !== new Set(ids).size)
    throw new AppError("VALIDATION", ENGAGEMENT_MESSAGES.invalidParticipant);
  return new Map(found.map((row) => [row.id, displayNameOf(row)]));
}

/** The ids of the engagement's participants, in `tx`. */
export async function participantIds(tx: Db, id: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: engagementParticipants.userId })
    .from(engagementParticipants)
    .where(eq(engagementParticipants.engagementId, id));
  return rows.map((row) => row.userId);
}

/** These accounts as the trail names them, by name (then id) so order means nothing. */
export async function personRefs(tx: Db, ids: readonly string[]): Promise<PersonRef[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: user.id, name: user.name, email: user.email, username: user.username })
    .from(user)
    .where(inArray(user.id, [...ids]));
  return rows
    .map((row) => ({ id: row.id, name: displayNameOf(row) }))
    .sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The engagement's participants become `ids`, in `tx`. */
export async function replaceParticipants(
  tx: Db,
  id: string,
  ids: readonly string[],
): Promise<void> {
  await tx.delete(engagementParticipants).where(eq(engagementParticipants.engagementId, id));
  if (ids.length)
    await tx
      .insert(engagementParticipants)
      .values(ids.map((userId) => ({ engagementId: id, userId })));
}
