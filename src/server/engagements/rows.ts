import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { ENGAGEMENT_MESSAGES, type EngagementRef } from "../../shared/engagements";
import type { Db } from "../db/client";
import { engagements } from "../db/schema";
import { AppError } from "../http/errors";

export type EngagementRow = typeof engagements.$inferSelect;

/** The meeting an engagement follows up, joined in the same query as the engagement. */
const previous = alias(engagements, "previous_engagement");
const previousRef = { id: previous.id, subject: previous.subject, date: previous.date };

function isEngagementId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

/** Engagements (`row`) each with the meeting it follows up (`followUpOf`), in one query. */
export function selectWithFollowUp(db: Db) {
  return db
    .select({ row: engagements, followUpOf: previousRef })
    .from(engagements)
    .leftJoin(previous, eq(previous.id, engagements.followUpOf));
}

/** The engagement `id` names, with the meeting it follows up; 404 when there is none. */
export async function findEngagement(db: Db, id: string) {
  if (!isEngagementId(id)) throw new AppError("NOT_FOUND", ENGAGEMENT_MESSAGES.notFound);
  const [found] = await selectWithFollowUp(db).where(eq(engagements.id, id));
  if (!found) throw new AppError("NOT_FOUND", ENGAGEMENT_MESSAGES.notFound);
  return found;
}

/** The meeting `id` names, as a reference, in `tx`; null for none. */
export async function engagementRef(tx: Db, id: string | null): Promise<EngagementRef | null> {
  if (!id) return null;
  const [ref] = await tx
    .select({ id: engagements.id, subject: engagements.subject, date: engagements.date })
    .from(engagements)
    .where(eq(engagements.id, id));
  return ref ?? null;
}

/** The engagement, locked in `tx` for the change and its record. */
export async function lockEngagement(tx: Db, id: string): Promise<EngagementRow> {
  const [row] = await tx.select().from(engagements).where(eq(engagements.id, id)).for("update");
  if (!row) throw new AppError("NOT_FOUND", ENGAGEMENT_MESSAGES.notFound);
  return row;
}
