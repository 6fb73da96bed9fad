import { and, asc, desc, eq, gte, ilike, inArray, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { AuditValue } from "../../shared/audit";
import { formatDisplayDate, todayIn, weekOf } from "../../shared/dates";
import {
  ENGAGEMENT_MESSAGES,
  type EngagementFields,
  type EngagementFilters,
  type EngagementList,
  type EngagementParticipant,
} from "../../shared/engagements";
import { DEFAULT_LANGUAGE } from "../../shared/i18n/languages";
import type { EngagementNotificationKind } from "../../shared/notifications";
import { type CurrentUser, displayNameOf } from "../../shared/users";
import {
  actorOf,
  changedFields,
  createdFields,
  deletedFields,
  hasChanges,
  type PersonRef,
} from "../audit/changes";
import { recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { engagementParticipants, engagements, user } from "../db/schema";
import { AppError } from "../errors";
import type { EventBus } from "../events";
import { announceNotifications, type Notice, type Notifier } from "../notifications/notify";
import { engagementInvitation } from "./calendar";
import { presentEngagement } from "./present";

type Deps = {
  db: Db;
  events: EventBus;
  notifier: Notifier;
  timeZone: string;
  clock: () => Date;
};
type EngagementRow = typeof engagements.$inferSelect;

/** What participants are told when an engagement takes this status. */
function kindOf(status: string): EngagementNotificationKind {
  if (status === "Postponed") return "engagement_postponed";
  if (status === "Cancelled") return "engagement_cancelled";
  return "engagement_changed";
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

/** An engagement's audited fields, by the shared API's names. */
const ENGAGEMENT_AUDIT_KEYS = [
  "date",
  "time",
  "subject",
  "venue",
  "responsibility",
  "status",
  "participants",
] as const;

/** What the trail records of an engagement: participants by id and name at the time. */
function engagementAuditState(row: EngagementRow, participants: PersonRef[]) {
  return {
    date: row.date,
    time: row.time.slice(0, 5),
    subject: row.subject,
    venue: row.venue,
    responsibility: row.responsibility,
    status: row.status,
    participants,
  } satisfies Record<(typeof ENGAGEMENT_AUDIT_KEYS)[number], AuditValue>;
}

function isEngagementId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export function createEngagementService({ db, events, notifier, timeZone, clock }: Deps) {
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

  /** Each engagement's participants by name, for the engagements `where` selects: one query. */
  async function participantsOf(
    where: SQL | undefined,
  ): Promise<Map<string, EngagementParticipant[]>> {
    const rows = await db
      .select({
        engagementId: engagementParticipants.engagementId,
        id: user.id,
        name: user.name,
        email: user.email,
        username: user.username,
      })
      .from(engagementParticipants)
      .innerJoin(user, eq(user.id, engagementParticipants.userId))
      .where(
        inArray(
          engagementParticipants.engagementId,
          db.select({ id: engagements.id }).from(engagements).where(where),
        ),
      )
      .orderBy(asc(user.name), asc(user.id));
    const byEngagement = new Map<string, EngagementParticipant[]>();
    for (const row of rows) {
      const list = byEngagement.get(row.engagementId) ?? [];
      list.push({ id: row.id, name: displayNameOf(row) });
      byEngagement.set(row.engagementId, list);
    }
    return byEngagement;
  }

  async function present(row: EngagementRow, viewer: CurrentUser) {
    const participants = await participantsOf(eq(engagements.id, row.id));
    return presentEngagement(row, participants.get(row.id) ?? [], viewer);
  }

  /**
   * Participants are approved accounts: an unknown id, or a sign-up still awaiting approval,
   * refuses the whole request (checked in `tx`, the write's transaction).
   */
  async function assertParticipants(tx: Db, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const found = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(inArray(user.id, [...ids]), eq(user.pendingApproval, false)));
    if (found.length !== new Set(ids).size)
      throw new AppError("VALIDATION", ENGAGEMENT_MESSAGES.invalidParticipant);
  }

  async function participantIds(tx: Db, id: string): Promise<string[]> {
    const rows = await tx
      .select({ userId: engagementParticipants.userId })
      .from(engagementParticipants)
      .where(eq(engagementParticipants.engagementId, id));
    return rows.map((row) => row.userId);
  }

  /** These accounts as the trail names them, by name (then id) so order means nothing. */
  async function personRefs(tx: Db, ids: readonly string[]): Promise<PersonRef[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: user.id, name: user.name, email: user.email, username: user.username })
      .from(user)
      .where(inArray(user.id, [...ids]));
    return rows
      .map((row) => ({ id: row.id, name: displayNameOf(row) }))
      .sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** The engagement, locked in `tx` for the change and its record. */
  async function lockRow(tx: Db, id: string): Promise<EngagementRow> {
    const [row] = await tx.select().from(engagements).where(eq(engagements.id, id)).for("update");
    if (!row) throw new AppError("NOT_FOUND", ENGAGEMENT_MESSAGES.notFound);
    return row;
  }

  /** The engagement's participants become `ids`, in `tx`. */
  async function replaceParticipants(tx: Db, id: string, ids: readonly string[]): Promise<void> {
    await tx.delete(engagementParticipants).where(eq(engagementParticipants.engagementId, id));
    if (ids.length)
      await tx
        .insert(engagementParticipants)
        .values(ids.map((userId) => ({ engagementId: id, userId })));
  }

  /** A notice of `row` to `to`, its mail carrying the engagement's .ics. */
  function noticeOf(
    kind: EngagementNotificationKind,
    to: readonly string[],
    row: EngagementRow,
    actor: CurrentUser,
    options: { removed?: boolean } = {},
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
      attachments: (language) => [engagementInvitation(row, { language, timeZone, cancel })],
    };
  }

  /** Writes `notices` in `tx`; answers everyone told, for the announcement after the commit. */
  async function tell(tx: Db, notices: readonly Notice[]): Promise<string[]> {
    const told: string[] = [];
    for (const notice of notices) told.push(...(await notifier.notify(tx, notice)));
    return told;
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
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, participants] = await Promise.all([
        db
          .select()
          .from(engagements)
          .where(where)
          .orderBy(
            direction(engagements.date),
            direction(engagements.time),
            asc(engagements.subject),
          ),
        participantsOf(where),
      ]);
      return {
        engagements: rows.map((row) =>
          presentEngagement(row, participants.get(row.id) ?? [], viewer),
        ),
        week,
      };
    },

    async get(viewer: CurrentUser, id: string) {
      return present(await findOrFail(id), viewer);
    },

    /** The engagement, its participants and their notices commit together or not at all. */
    async create(actor: CurrentUser, input: EngagementFields) {
      await assertNoClash(actor, input);
      const [row, told] = await db.transaction(async (tx) => {
        await assertParticipants(tx, input.participants);
        const [created] = await tx
          .insert(engagements)
          .values({ ...fields(input), createdBy: actor.id })
          .returning();
        await replaceParticipants(tx, created.id, input.participants);
        const kind = kindOf(created.status);
        const notified = await tell(tx, [
          noticeOf(
            kind === "engagement_changed" ? "engagement_created" : kind,
            input.participants,
            created,
            actor,
          ),
        ]);
        const state = engagementAuditState(created, await personRefs(tx, input.participants));
        await recordAudit(tx, clock(), [
          {
            actor: actorOf(actor),
            entity: "engagement",
            entityId: created.id,
            action: "created",
            changes: createdFields(state),
          },
        ]);
        return [created, notified] as const;
      });
      events.emit({ entity: "engagement", id: row.id, action: "created", actorId: actor.id });
      announceNotifications(events, told);
      return present(row, actor);
    },

    /**
     * Participants hear of a change to what they care about (date, time, venue, subject,
     * status); one added hears of the engagement as new to them, one taken off that they no
     * longer attend (the .ics then cancels it in their calendar).
     */
    async update(actor: CurrentUser, id: string, input: EngagementFields) {
      await findOrFail(id);
      await assertNoClash(actor, input, id);
      const [row, told] = await db.transaction(async (tx) => {
        const before = await lockRow(tx, id);
        await assertParticipants(tx, input.participants);
        const previous = new Set(await participantIds(tx, id));
        const beforeState = engagementAuditState(before, await personRefs(tx, [...previous]));
        const [after] = await tx
          .update(engagements)
          .set({ ...fields(input), sequence: sql`${engagements.sequence} + 1` })
          .where(eq(engagements.id, id))
          .returning();
        await replaceParticipants(tx, id, input.participants);
        const current = new Set(input.participants);
        const added = input.participants.filter((userId) => !previous.has(userId));
        const kept = input.participants.filter((userId) => previous.has(userId));
        const removed = [...previous].filter((userId) => !current.has(userId));
        const kind = kindOf(after.status);
        const notices: Notice[] = [];
        if (isNews(before, after)) notices.push(noticeOf(kind, kept, after, actor));
        if (added.length)
          notices.push(
            noticeOf(
              kind === "engagement_changed" ? "engagement_created" : kind,
              added,
              after,
              actor,
            ),
          );
        if (removed.length)
          notices.push(noticeOf("engagement_changed", removed, after, actor, { removed: true }));
        const notified = await tell(tx, notices);
        const afterState = engagementAuditState(after, await personRefs(tx, input.participants));
        const changes = changedFields(beforeState, afterState, ENGAGEMENT_AUDIT_KEYS);
        if (hasChanges(changes))
          await recordAudit(tx, clock(), [
            {
              actor: actorOf(actor),
              entity: "engagement",
              entityId: id,
              action: "updated",
              changes,
            },
          ]);
        return [after, notified] as const;
      });
      events.emit({ entity: "engagement", id, action: "updated", actorId: actor.id });
      announceNotifications(events, told);
      return present(row, actor);
    },

    /** Its participants hear that it is cancelled, in the transaction that deletes it. */
    async remove(actor: CurrentUser, id: string) {
      await findOrFail(id);
      const told = await db.transaction(async (tx) => {
        const row = await lockRow(tx, id);
        const participants = await participantIds(tx, id);
        const state = engagementAuditState(row, await personRefs(tx, participants));
        await tx.delete(engagements).where(eq(engagements.id, id));
        // The cancellation outranks every invitation sent before it.
        const cancelled = { ...row, sequence: row.sequence + 1 };
        const notified = await tell(tx, [
          noticeOf("engagement_cancelled", participants, cancelled, actor),
        ]);
        await recordAudit(tx, clock(), [
          {
            actor: actorOf(actor),
            entity: "engagement",
            entityId: id,
            action: "deleted",
            changes: deletedFields(state),
          },
        ]);
        return notified;
      });
      events.emit({ entity: "engagement", id, action: "deleted", actorId: actor.id });
      announceNotifications(events, told);
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
