import { inArray } from "drizzle-orm";
import {
  ENGAGEMENT_STATUS_LABELS,
  type EngagementFilters,
  VENUE_LABELS,
} from "../../shared/engagements";
import type { Db } from "../db/client";
import { engagements } from "../db/schema";
import { engagementListOrder, engagementListWhere, participantsOf } from "../engagements/service";
import { EXPORT_PAGE_SIZE, paged, type SheetOf } from "./xlsx";

type EngagementLine = typeof engagements.$inferSelect & { participants: string };

/** Each page of engagements with its participants' names, read in one more query. */
async function withParticipants(
  db: Db,
  rows: (typeof engagements.$inferSelect)[],
): Promise<EngagementLine[]> {
  if (rows.length === 0) return [];
  const names = await participantsOf(
    db,
    inArray(
      engagements.id,
      rows.map((row) => row.id),
    ),
  );
  return rows.map((row) => ({
    ...row,
    participants: (names.get(row.id) ?? []).map((person) => person.name).join(", "),
  }));
}

/**
 * The engagement chart (the week or everything) and Manage Engagements as a sheet, with their
 * filters and order; `week` is the chart's current week. Everyone signed in reads the chart.
 */
export function engagementSheet(
  db: Db,
  query: EngagementFilters,
  week: { start: string; end: string },
): SheetOf<EngagementLine> {
  const where = engagementListWhere(query, week);
  return {
    name: "common:page.engagementChart",
    columns: ENGAGEMENT_COLUMNS,
    rows: paged(EXPORT_PAGE_SIZE, async (offset) =>
      withParticipants(
        db,
        await db
          .select()
          .from(engagements)
          .where(where)
          .orderBy(...engagementListOrder(query.order))
          .limit(EXPORT_PAGE_SIZE)
          .offset(offset),
      ),
    ),
  };
}

const ENGAGEMENT_COLUMNS: SheetOf<EngagementLine>["columns"] = [
  { heading: "engagements:field.date", type: "date", width: 14, value: (row) => row.date },
  {
    heading: "engagements:field.time",
    type: "text",
    width: 8,
    value: (row) => row.time.slice(0, 5),
  },
  { heading: "engagements:field.subject", type: "text", width: 48, value: (row) => row.subject },
  {
    heading: "engagements:field.venue",
    type: "label",
    width: 22,
    value: (row) => VENUE_LABELS[row.venue],
  },
  {
    heading: "engagements:field.inAttendance",
    type: "text",
    width: 28,
    value: (row) => row.responsibility,
  },
  {
    heading: "engagements:field.status",
    type: "label",
    width: 14,
    value: (row) => ENGAGEMENT_STATUS_LABELS[row.status],
  },
  {
    heading: "engagements:field.participants",
    type: "text",
    width: 40,
    value: (row) => row.participants,
  },
  {
    heading: "engagements:field.guests",
    type: "text",
    width: 32,
    value: (row) => row.guests.join(", "),
  },
];
