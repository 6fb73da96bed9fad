import { asc, eq, inArray } from "drizzle-orm";
import { todayIn, weekOf } from "../../shared/dates";
import { complianceOf } from "../../shared/decisions";
import type {
  EngagementDetails,
  EngagementFilters,
  EngagementItem,
  EngagementList,
} from "../../shared/engagements";
import type { CurrentUser } from "../../shared/users";
import type { Db } from "../db/client";
import { engagementAgendaItems, engagementParticipants, engagements } from "../db/schema";
import { readDecisions } from "../decisions/read";
import { agendaOf, agendasOf } from "./agenda";
import type { FeedOwner } from "./calendar";
import type { EngagementDeps } from "./deps";
import { engagementListOrder, engagementListWhere } from "./filters";
import { participantsOf } from "./participants";
import { canReadRecord } from "./policy";
import { presentEngagement } from "./present";
import { type EngagementRow, engagementRef, findEngagement, selectWithFollowUp } from "./rows";

type ReadDeps = Pick<EngagementDeps, "db" | "timeZone" | "clock">;

/** The engagement chart and Manage Engagements: the engagements `query` selects. */
export async function listEngagements(
  { db, timeZone, clock }: ReadDeps,
  viewer: CurrentUser,
  query: EngagementFilters,
): Promise<EngagementList> {
  const week = weekOf(todayIn(timeZone, clock()));
  const where = engagementListWhere(query, week);
  const [rows, participants] = await Promise.all([
    selectWithFollowUp(db)
      .where(where)
      .orderBy(...engagementListOrder(query.order)),
    participantsOf(db, where),
  ]);
  return {
    engagements: rows.map(({ row, followUpOf }) =>
      presentEngagement(row, participants.get(row.id) ?? [], followUpOf, viewer),
    ),
    week,
  };
}

/** One engagement as the chart shows it, after a write. */
export async function presentOne(
  db: Db,
  row: EngagementRow,
  viewer: CurrentUser,
): Promise<EngagementItem> {
  const participants = await participantsOf(db, eq(engagements.id, row.id));
  return presentEngagement(
    row,
    participants.get(row.id) ?? [],
    await engagementRef(db, row.followUpOf),
    viewer,
  );
}

/**
 * The engagement with its record (agenda, minutes, decisions, the meeting it follows up)
 * when `viewer` may read it: admins, organization heads and its participants.
 */
export async function engagementDetails(
  { db, timeZone, clock }: ReadDeps,
  viewer: CurrentUser,
  id: string,
): Promise<EngagementDetails> {
  const { row, followUpOf } = await findEngagement(db, id);
  const participants = (await participantsOf(db, eq(engagements.id, id))).get(id) ?? [];
  const item = presentEngagement(row, participants, followUpOf, viewer);
  const isParticipant = participants.some((person) => person.id === viewer.id);
  if (!canReadRecord(viewer, isParticipant)) return { ...item, record: null };
  const today = todayIn(timeZone, clock());
  const ids = followUpOf ? [id, followUpOf.id] : [id];
  const agenda = await agendaOf(db, id);
  const decisions = await readDecisions(db, { engagementIds: ids }, { today, viewer });
  const own = decisions.filter((decision) => decision.engagement.id === id);
  return {
    ...item,
    record: {
      agenda,
      agendaVersion: row.agendaVersion,
      minutes: row.minutes,
      minutesVersion: row.minutesVersion,
      decisions: own,
      compliance: item.can.seeCompliance
        ? complianceOf(own.map((decision) => decision.status))
        : null,
      previous: followUpOf
        ? {
            engagement: followUpOf,
            decisions: decisions.filter((decision) => decision.engagement.id === followUpOf.id),
          }
        : null,
    },
  };
}

/**
 * Every engagement, oldest first, for `owner`'s calendar feed, with the agenda of those
 * whose record they may read (every one for admins and heads, their own meetings for
 * others): two queries whatever the number of engagements.
 */
export async function feedOf(db: Db, owner: FeedOwner) {
  const rows = await db
    .select()
    .from(engagements)
    .orderBy(asc(engagements.date), asc(engagements.time));
  const agendas = await agendasOf(
    db,
    canReadRecord(owner, false)
      ? undefined
      : inArray(
          engagementAgendaItems.engagementId,
          db
            .select({ id: engagementParticipants.engagementId })
            .from(engagementParticipants)
            .where(eq(engagementParticipants.userId, owner.id)),
        ),
  );
  return { rows, agendas };
}
