import { ENGAGEMENT_MESSAGES } from "../../shared/engagements";
import { assertOpenedOnCurrent, type ConflictMessages } from "../audit/versions";
import type { Db } from "../db/client";
import type { engagements } from "../db/schema";

/** An engagement's audited fields, by the shared API's names. */
export const ENGAGEMENT_AUDIT_KEYS = [
  "date",
  "time",
  "subject",
  "venue",
  "responsibility",
  "status",
  "participants",
  "guests",
  "followUpOf",
  "originalDate",
  "statusReason",
] as const;

/**
 * The three parts of an engagement that are edited apart, each with its own version
 * (drizzle/0026): saving the agenda leaves an open Edit Engagement (and the minutes) current.
 */
export type EngagementPart = "details" | "agenda" | "minutes";

const PARTS: Record<
  EngagementPart,
  {
    version: (row: typeof engagements.$inferSelect) => number;
    /** The audit record's change keys that a write of this part leaves. */
    keys: readonly string[];
    messages: ConflictMessages;
  }
> = {
  details: {
    version: (row) => row.version,
    keys: ENGAGEMENT_AUDIT_KEYS,
    messages: {
      changedBy: ENGAGEMENT_MESSAGES.changedBy,
      changedAutomatically: ENGAGEMENT_MESSAGES.changedAutomatically,
    },
  },
  agenda: {
    version: (row) => row.agendaVersion,
    keys: ["agenda"],
    messages: {
      changedBy: ENGAGEMENT_MESSAGES.agendaChangedBy,
      changedAutomatically: ENGAGEMENT_MESSAGES.agendaChangedAutomatically,
    },
  },
  minutes: {
    version: (row) => row.minutesVersion,
    keys: ["minutes"],
    messages: {
      changedBy: ENGAGEMENT_MESSAGES.minutesChangedBy,
      changedAutomatically: ENGAGEMENT_MESSAGES.minutesChangedAutomatically,
    },
  },
};

/**
 * Refuses a save of one part of an engagement opened on another version of that part than the
 * stored one: 409 CONFLICT naming who last changed that part, and when on the office's clock.
 * An engagement's trail interleaves its three parts, so only entries touching this part's
 * fields count: an agenda refused because of a later minutes save must not name its writer.
 */
export function assertPartOpenedOnCurrent(
  db: Db,
  part: EngagementPart,
  row: typeof engagements.$inferSelect,
  opened: number,
  timeZone: string,
): Promise<void> {
  const { version, keys, messages } = PARTS[part];
  const stored = { entity: "engagement", id: row.id, version: version(row), fields: keys } as const;
  return assertOpenedOnCurrent(
    db,
    { ...stored, updatedAt: row.updatedAt },
    opened,
    messages,
    timeZone,
  );
}
