import type { EngagementItem, EngagementParticipant } from "../../shared/engagements";
import type { CurrentUser } from "../../shared/users";
import type { engagements } from "../db/schema";
import { engagementAbilities } from "./policy";

/**
 * The fields of an engagement that leave the server, its participants by name, with what
 * `viewer` may do to it.
 */
export function presentEngagement(
  row: typeof engagements.$inferSelect,
  participants: readonly EngagementParticipant[],
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
    createdBy: row.createdBy,
    can: engagementAbilities(viewer),
  };
}
