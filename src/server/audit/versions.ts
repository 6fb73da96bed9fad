import { and, desc, eq, sql } from "drizzle-orm";
import type { AuditEntity } from "../../shared/audit";
import { timeOfDayIn } from "../../shared/dates";
import { type MessageKey, message } from "../../shared/i18n/message";
import type { Db } from "../db/client";
import { auditEvents } from "../db/schema";
import { AppError } from "../http/errors";

/** How a record kind words a refused save: changed by a person, or by one of the app's rules. */
export type ConflictMessages = { changedBy: MessageKey; changedAutomatically: MessageKey };

type StoredRecord = {
  entity: AuditEntity;
  id: string;
  version: number;
  updatedAt: Date;
  /**
   * For a record edited in parts, each with its own version (an engagement's details, agenda
   * and minutes), or one whose trail holds acts beside its edits (an account's password
   * change): only audit entries changing one of these fields name who changed it.
   */
  fields?: readonly string[];
};

/**
 * Refuses an edit opened on another version of the record than the stored one: 409 CONFLICT,
 * naming who changed it last and at what time on the office's clock (from the audit trail,
 * which records every change and who made it). Called again under the row's lock, in the
 * transaction that writes the edit, so no change slips in between the check and the write.
 */
export async function assertOpenedOnCurrent(
  db: Db,
  record: StoredRecord,
  opened: number,
  messages: ConflictMessages,
  timeZone: string,
): Promise<void> {
  if (opened === record.version) return;
  const [last] = await db
    .select({ name: auditEvents.actorName, rule: auditEvents.actorRule, at: auditEvents.at })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entity, record.entity),
        eq(auditEvents.entityId, record.id),
        record.fields
          ? sql`${auditEvents.changes} ?| array[${sql.join(
              record.fields.map((field) => sql`${field}`),
              sql`, `,
            )}]::text[]`
          : undefined,
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(1);
  const time = timeOfDayIn(timeZone, last?.at ?? record.updatedAt);
  throw new AppError(
    "CONFLICT",
    last && !last.rule
      ? message(messages.changedBy, { name: last.name, time })
      : message(messages.changedAutomatically, { time }),
  );
}
