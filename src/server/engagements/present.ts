import type { EngagementItem, StoredEngagementStatus } from "../../shared/engagements";
import type { engagements } from "../db/schema";

export function presentEngagement(row: typeof engagements.$inferSelect): EngagementItem {
  return {
    id: row.id,
    date: row.date,
    time: row.time.slice(0, 5),
    subject: row.subject,
    venue: row.venue,
    responsibility: row.responsibility,
    status: row.status as StoredEngagementStatus,
    createdBy: row.createdBy,
  };
}
