import type { AuditChanges, AuditValue } from "../../shared/audit";
import type { EngagementRef } from "../../shared/engagements";
import type { CurrentUser } from "../../shared/users";
import { actorOf, type PersonRef } from "../audit/changes";
import { recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { personRefs } from "./participants";
import { type EngagementRow, engagementRef } from "./rows";
import type { ENGAGEMENT_AUDIT_KEYS } from "./versions";

/**
 * What the trail records of an engagement: participants by id and name at the time, the
 * meeting it follows up by id, subject (as `name`) and date.
 */
function engagementAuditState(
  row: EngagementRow,
  participants: PersonRef[],
  followUpOf: EngagementRef | null,
) {
  return {
    date: row.date,
    time: row.time.slice(0, 5),
    subject: row.subject,
    venue: row.venue,
    responsibility: row.responsibility,
    status: row.status,
    participants,
    guests: [...row.guests],
    followUpOf: followUpOf
      ? { id: followUpOf.id, name: followUpOf.subject, date: followUpOf.date }
      : null,
    originalDate: row.originalDate,
    statusReason: row.statusReason,
  } satisfies Record<(typeof ENGAGEMENT_AUDIT_KEYS)[number], AuditValue>;
}

/**
 * The trail's state of `row` with `participants` (ids), read in `tx`: their names and the
 * meeting `row.followUpOf` names as they are now.
 */
export async function auditStateIn(tx: Db, row: EngagementRow, participants: readonly string[]) {
  return engagementAuditState(
    row,
    await personRefs(tx, participants),
    await engagementRef(tx, row.followUpOf),
  );
}

/** One audit record of a change `actor` made to engagement `id`, in `tx`. */
export function recordEngagementAudit(
  tx: Db,
  at: Date,
  actor: CurrentUser,
  change: {
    id: string;
    action: "created" | "updated" | "deleted";
    changes: AuditChanges;
    reason?: string | null;
  },
): Promise<void> {
  return recordAudit(tx, at, [
    {
      actor: actorOf(actor),
      entity: "engagement",
      entityId: change.id,
      action: change.action,
      changes: change.changes,
      reason: change.reason,
    },
  ]);
}
