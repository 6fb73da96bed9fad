import type {
  AgendaItem,
  EngagementItem,
  EngagementParticipant,
  EngagementRef,
} from "../../shared/engagements";
import type { CurrentUser } from "../../shared/users";
import type { engagementAgendaItems, engagements } from "../db/schema";
import { engagementAbilities } from "./policy";

/**
 * The fields of an engagement that leave the server, its participants by name and the meeting
 * it follows up, with what `viewer` may do to it.
 */
export function presentEngagement(
  row: typeof engagements.$inferSelect,
  participants: readonly EngagementParticipant[],
  followUpOf: EngagementRef | null,
  viewer: Pick<CurrentUser, "role">,
): EngagementItem {
  return {
    id: row.id,
    date: row.date,
    time: row.time.slice(0, 5),
    subject: row.subject,
    venue: row.venue,
    responsibility: row.responsibility,
    status: row.status,
    participants: participants.map(({ id, name }) => ({ id, name })),
    guests: [...row.guests],
    followUpOf: followUpOf
      ? { id: followUpOf.id, subject: followUpOf.subject, date: followUpOf.date }
      : null,
    originalDate: row.originalDate,
    statusReason: row.statusReason,
    createdBy: row.createdBy,
    version: row.version,
    can: engagementAbilities(viewer),
  };
}

/** An agenda item as the API sends it. */
export function presentAgendaItem(row: typeof engagementAgendaItems.$inferSelect): AgendaItem {
  return { id: row.id, position: row.position, title: row.title, presenter: row.presenter };
}
