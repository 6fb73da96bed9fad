import { and, asc, desc, eq, gte, ilike, lte, ne, or, type SQL } from "drizzle-orm";
import { formatDisplayDate, todayIn, weekOf } from "../../shared/dates";
import {
  ENGAGEMENT_MESSAGES,
  type EngagementFields,
  type EngagementFilters,
  type EngagementList,
} from "../../shared/engagements";
import { DEFAULT_LANGUAGE } from "../../shared/i18n/languages";
import type { CurrentUser } from "../../shared/users";
import type { Db } from "../db/client";
import { engagements } from "../db/schema";
import { AppError } from "../errors";
import type { EventBus } from "../events";
import { presentEngagement } from "./present";

type Deps = { db: Db; events: EventBus; timeZone: string; clock: () => Date };

function isEngagementId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export function createEngagementService({ db, events, timeZone, clock }: Deps) {
  /** The engagement at the same venue, date and time (not cancelled), if any. */
  async function findClash(input: EngagementFields, exceptId?: string) {
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
   * Unless the admin chose to go ahead, a double booking is refused with a 409 to confirm. The
   * answer goes to `actor` in their language, so the date is written in it here.
   */
  async function assertNoClash(actor: CurrentUser, input: EngagementFields, exceptId?: string) {
    if (input.allowClash || input.status === "Cancelled") return;
    const clash = await findClash(input, exceptId);
    if (clash) {
      throw new AppError(
        "CLASH",
        ENGAGEMENT_MESSAGES.clash(
          clash.venue,
          formatDisplayDate(clash.date, actor.language ?? DEFAULT_LANGUAGE),
          input.time,
          clash.subject,
        ),
      );
    }
  }

  async function findOrFail(id: string) {
    if (!isEngagementId(id)) throw new AppError("NOT_FOUND", ENGAGEMENT_MESSAGES.notFound);
    const [row] = await db.select().from(engagements).where(eq(engagements.id, id));
    if (!row) throw new AppError("NOT_FOUND", ENGAGEMENT_MESSAGES.notFound);
    return row;
  }

  const fields = (input: EngagementFields) => ({
    date: input.date,
    time: input.time,
    subject: input.subject,
    venue: input.venue,
    responsibility: input.responsibility,
    status: input.status,
  });

  return {
    async list(viewer: CurrentUser, query: EngagementFilters): Promise<EngagementList> {
      const week = weekOf(todayIn(timeZone, clock()));
      const conditions: SQL[] = [];
      if (query.range === "week") {
        conditions.push(gte(engagements.date, week.start), lte(engagements.date, week.end));
      }
      if (query.venue) conditions.push(eq(engagements.venue, query.venue));
      if (query.status) conditions.push(eq(engagements.status, query.status));
      if (query.date) conditions.push(eq(engagements.date, query.date));
      if (query.search) {
        const pattern = `%${escapeLike(query.search)}%`;
        conditions.push(
          or(
            ilike(engagements.subject, pattern),
            ilike(engagements.responsibility, pattern),
          ) as SQL,
        );
      }
      const direction = query.order === "asc" ? asc : desc;
      const rows = await db
        .select()
        .from(engagements)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(
          direction(engagements.date),
          direction(engagements.time),
          asc(engagements.subject),
        );
      return { engagements: rows.map((row) => presentEngagement(row, viewer)), week };
    },

    async get(viewer: CurrentUser, id: string) {
      return presentEngagement(await findOrFail(id), viewer);
    },

    async create(actor: CurrentUser, input: EngagementFields) {
      await assertNoClash(actor, input);
      const [row] = await db
        .insert(engagements)
        .values({ ...fields(input), createdBy: actor.id })
        .returning();
      events.emit({ entity: "engagement", id: row.id, action: "created", actorId: actor.id });
      return presentEngagement(row, actor);
    },

    async update(actor: CurrentUser, id: string, input: EngagementFields) {
      await findOrFail(id);
      await assertNoClash(actor, input, id);
      const [row] = await db
        .update(engagements)
        .set(fields(input))
        .where(eq(engagements.id, id))
        .returning();
      events.emit({ entity: "engagement", id, action: "updated", actorId: actor.id });
      return presentEngagement(row, actor);
    },

    async remove(actor: CurrentUser, id: string) {
      await findOrFail(id);
      await db.delete(engagements).where(eq(engagements.id, id));
      events.emit({ entity: "engagement", id, action: "deleted", actorId: actor.id });
    },

    /** Every engagement, oldest first, for the calendar feed. */
    async all() {
      const rows = await db
        .select()
        .from(engagements)
        .orderBy(asc(engagements.date), asc(engagements.time));
      return rows;
    },
  };
}

export type EngagementService = ReturnType<typeof createEngagementService>;
