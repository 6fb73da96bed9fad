import type { AgendaItem } from "../../shared/engagements";
import type { EngagementNotificationKind } from "../../shared/notifications";
import type { CurrentUser } from "../../shared/users";
import type { Db } from "../db/client";
import type { EventBus } from "../events/bus";
import { announceNotifications, type Notice, type Notifier } from "../notifications/notify";
import { engagementInvitation } from "./calendar";
import type { EngagementRow } from "./rows";

/** What participants are told when an engagement takes this status. */
function kindOf(status: string): EngagementNotificationKind {
  if (status === "Postponed") return "engagement_postponed";
  if (status === "Cancelled") return "engagement_cancelled";
  return "engagement_changed";
}

/** What someone new to an engagement of this status is told: it is theirs, unless it is off. */
function newcomerKindOf(status: string): EngagementNotificationKind {
  const kind = kindOf(status);
  return kind === "engagement_changed" ? "engagement_created" : kind;
}

/** The fields participants care about: a change to any of them is news to them. */
function isNews(before: EngagementRow, after: EngagementRow): boolean {
  return (
    before.date !== after.date ||
    before.time !== after.time ||
    before.venue !== after.venue ||
    before.subject !== after.subject ||
    before.status !== after.status
  );
}

/** Who sends engagement notices, and the office's zone their .ics is written in. */
type Sender = { actor: CurrentUser; timeZone: string };

/**
 * A notice of `row` to `to`, its mail carrying the engagement's .ics (with the agenda, which
 * participants may read).
 */
export function noticeOf(
  kind: EngagementNotificationKind,
  to: readonly string[],
  row: EngagementRow,
  { actor, timeZone }: Sender,
  options: { removed?: boolean; agenda?: readonly AgendaItem[] } = {},
): Notice {
  const cancel = kind === "engagement_cancelled" || !!options.removed;
  return {
    kind,
    to,
    entity: "engagement",
    entityId: row.id,
    values: {
      subject: row.subject,
      date: row.date,
      time: row.time.slice(0, 5),
      venue: row.venue,
      ...(options.removed ? { attendance: "removed" as const } : {}),
    },
    actorId: actor.id,
    attachments: (language) => [
      engagementInvitation(row, { language, timeZone, cancel, agenda: options.agenda }),
    ],
  };
}

/** A new engagement's notice: its participants hear of it as theirs (or as already off). */
export function creationNotice(row: EngagementRow, participants: readonly string[], by: Sender) {
  return noticeOf(newcomerKindOf(row.status), participants, row, by);
}

/**
 * Participants hear of a change to what they care about (date, time, venue, subject,
 * status); one added hears of the engagement as new to them, one taken off that they no
 * longer attend (the .ics then cancels it in their calendar).
 */
export function updateNotices(
  before: EngagementRow,
  after: EngagementRow,
  participants: { previous: ReadonlySet<string>; current: readonly string[] },
  agenda: readonly AgendaItem[],
  by: Sender,
): Notice[] {
  const current = new Set(participants.current);
  const added = participants.current.filter((userId) => !participants.previous.has(userId));
  const kept = participants.current.filter((userId) => participants.previous.has(userId));
  const removed = [...participants.previous].filter((userId) => !current.has(userId));
  const notices: Notice[] = [];
  if (isNews(before, after))
    notices.push(noticeOf(kindOf(after.status), kept, after, by, { agenda }));
  if (added.length)
    notices.push(noticeOf(newcomerKindOf(after.status), added, after, by, { agenda }));
  if (removed.length)
    notices.push(noticeOf("engagement_changed", removed, after, by, { removed: true }));
  return notices;
}

/** Writes `notices` in `tx`; answers everyone told, for the announcement after the commit. */
export async function tell(
  notifier: Notifier,
  tx: Db,
  notices: readonly Notice[],
): Promise<string[]> {
  const told: string[] = [];
  for (const notice of notices) told.push(...(await notifier.notify(tx, notice)));
  return told;
}

/**
 * After the change's transaction has committed: its live event, and the bell's news for
 * everyone `told` (tell).
 */
export function announceChange(
  events: EventBus,
  actor: CurrentUser,
  change: { id: string; action: "created" | "updated" | "deleted" },
  told: readonly string[] = [],
): void {
  events.emit({ entity: "engagement", id: change.id, action: change.action, actorId: actor.id });
  announceNotifications(events, told);
}
