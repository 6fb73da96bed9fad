import { and, asc, eq, gte, inArray, lte, ne, type SQL, sql } from "drizzle-orm";
import { addDays, formatDisplayDate } from "../../shared/dates";
import { ENGAGEMENT_MESSAGES, type EngagementFields } from "../../shared/engagements";
import { DEFAULT_LANGUAGE } from "../../shared/i18n/languages";
import { type CurrentUser, displayNameOf } from "../../shared/users";
import type { Db } from "../db/client";
import { engagementParticipants, engagements, user } from "../db/schema";
import { AppError } from "../http/errors";
import { EVENT_MINUTES } from "./calendar";

/** The engagement at the same venue, date and time (not cancelled), if any. */
async function findClash(db: Db, input: EngagementFields, exceptId?: string) {
  const conditions: SQL[] = [
    eq(engagements.venue, input.venue),
    eq(engagements.date, input.date),
    eq(engagements.time, input.time),
    ne(engagements.status, "Cancelled"),
  ];
  if (exceptId) conditions.push(ne(engagements.id, exceptId));
  const [clash] = await db
    .select()
    .from(engagements)
    .where(and(...conditions))
    .limit(1);
  return clash;
}

/**
 * One of `people` in another engagement (not cancelled) that overlaps this one: both last
 * EVENT_MINUTES, so their starts are less than that apart (across midnight too).
 */
async function findParticipantClash(
  db: Db,
  input: EngagementFields,
  people: readonly string[],
  exceptId?: string,
) {
  if (people.length === 0) return undefined;
  const start = sql`(${input.date}::date + ${input.time}::time)`;
  const conditions: SQL[] = [
    inArray(engagementParticipants.userId, [...people]),
    ne(engagements.status, "Cancelled"),
    gte(engagements.date, addDays(input.date, -1)),
    lte(engagements.date, addDays(input.date, 1)),
    sql`abs(extract(epoch from ((${engagements.date} + ${engagements.time}) - ${start}))) < ${EVENT_MINUTES * 60}`,
  ];
  if (exceptId) conditions.push(ne(engagements.id, exceptId));
  const [clash] = await db
    .select({
      subject: engagements.subject,
      date: engagements.date,
      time: engagements.time,
      person: { name: user.name, email: user.email, username: user.username },
    })
    .from(engagementParticipants)
    .innerJoin(engagements, eq(engagements.id, engagementParticipants.engagementId))
    .innerJoin(user, eq(user.id, engagementParticipants.userId))
    .where(and(...conditions))
    .orderBy(asc(engagements.date), asc(engagements.time), asc(user.name))
    .limit(1);
  return clash;
}

/**
 * Unless the admin chose to go ahead, a double booking is refused with a 409 to confirm:
 * the venue's first, then a person's (among `people`: everyone on a new or moved engagement,
 * those just added otherwise). The answer goes to `actor` in their language, so the date is
 * written in it here.
 */
export async function assertNoClash(
  db: Db,
  actor: CurrentUser,
  input: EngagementFields,
  people: readonly string[],
  exceptId?: string,
) {
  if (input.allowClash || input.status === "Cancelled") return;
  const language = actor.language ?? DEFAULT_LANGUAGE;
  const clash = await findClash(db, input, exceptId);
  if (clash) {
    throw new AppError(
      "CLASH",
      ENGAGEMENT_MESSAGES.clash(
        clash.venue,
        formatDisplayDate(clash.date, language),
        input.time,
        clash.subject,
      ),
    );
  }
  const busy = await findParticipantClash(db, input, people, exceptId);
  if (busy) {
    throw new AppError(
      "CLASH",
      ENGAGEMENT_MESSAGES.participantClash(
        displayNameOf(busy.person),
        formatDisplayDate(busy.date, language),
        busy.time.slice(0, 5),
        busy.subject,
      ),
    );
  }
}
