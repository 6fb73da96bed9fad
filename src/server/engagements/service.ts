import { and, asc, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AuditValue } from "../../shared/audit";
import { todayIn, weekOf } from "../../shared/dates";
import { complianceOf } from "../../shared/decisions";
import {
  type AgendaItem,
  ENGAGEMENT_MESSAGES,
  type EngagementDetails,
  type EngagementFields,
  type EngagementFilters,
  type EngagementItem,
  type EngagementList,
  type EngagementParticipant,
  type EngagementRef,
  type UpdateEngagementFields,
} from "../../shared/engagements";
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
import { type Db, rowsOf } from "../db/client";
import { engagementAgendaItems, engagementParticipants, engagements, user } from "../db/schema";
import { readDecisions } from "../decisions/read";
import { AppError } from "../errors";
import type { EventBus } from "../events";
import { announceNotifications, type Notice, type Notifier } from "../notifications/notify";
import {
  type AgendaItemFields,
  agendaLine,
  agendaOf,
  agendasOf,
  assertAgendaSize,
  replaceAgenda,
} from "./agenda";
import { engagementInvitation, type FeedOwner } from "./calendar";
import { assertNoClash } from "./clash";
import { sanitizeMinutes } from "./minutes";
import { canReadRecord } from "./policy";
import { presentEngagement } from "./present";
import { type StatusOutcome, statusOutcome } from "./status-change";
import { assertPartOpenedOnCurrent, ENGAGEMENT_AUDIT_KEYS } from "./versions";

type Deps = {
  db: Db;
  events: EventBus;
  notifier: Notifier;
  timeZone: string;
  clock: () => Date;
};
type EngagementRow = typeof engagements.$inferSelect;

/** The meeting an engagement follows up, joined in the same query as the engagement. */
const previous = alias(engagements, "previous_engagement");
const previousRef = { id: previous.id, subject: previous.subject, date: previous.date };

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

/** What engagementInput allows in "In Attendance", in UTF-16 units as zod counts them. */
const MAX_IN_ATTENDANCE = 500;

/**
 * "In Attendance" as the chart shows it: the text given, else the participants' names (in
 * the order chosen) and the guests', joined by ", ".
 */
function inAttendance(
  input: Pick<EngagementFields, "responsibility" | "participants" | "guests">,
  names: ReadonlyMap<string, string>,
): string {
  if (input.responsibility) return input.responsibility;
  const text = [...input.participants.map((id) => names.get(id) ?? ""), ...input.guests]
    .filter(Boolean)
    .join(", ");
  if (text.length <= MAX_IN_ATTENDANCE) return text;
  // Within the form's limit, so the filled text can be sent back as it is; no half character.
  const cut = text.slice(0, MAX_IN_ATTENDANCE - 1).replace(/[\ud800-\udbff]$/, "");
  return `${cut}…`;
}

function isEngagementId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Each engagement's participants by name, for the engagements `where` selects: one query. */
export async function participantsOf(
  db: Db,
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

/**
 * The engagement chart's and Manage Engagements' filters as SQL: `week` bounds the chart's
 * current week. Their Excel export reads through the same conditions.
 */
export function engagementListWhere(
  query: Omit<EngagementFilters, "order">,
  week: { start: string; end: string },
): SQL | undefined {
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
      or(ilike(engagements.subject, pattern), ilike(engagements.responsibility, pattern)) as SQL,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** The lists' order: the chart in time order, Manage Engagements the newest first. */
export function engagementListOrder(order: EngagementFilters["order"]): SQL[] {
  const direction = order === "asc" ? asc : desc;
  return [direction(engagements.date), direction(engagements.time), asc(engagements.subject)];
}

export function createEngagementService({ db, events, notifier, timeZone, clock }: Deps) {
  async function findOrFail(id: string) {
    if (!isEngagementId(id)) throw new AppError("NOT_FOUND", ENGAGEMENT_MESSAGES.notFound);
    const [found] = await db
      .select({ row: engagements, followUpOf: previousRef })
      .from(engagements)
      .leftJoin(previous, eq(previous.id, engagements.followUpOf))
      .where(eq(engagements.id, id));
    if (!found) throw new AppError("NOT_FOUND", ENGAGEMENT_MESSAGES.notFound);
    return found;
  }

  /** The meeting `id` names, as a reference, in `tx`; null for none. */
  async function refOf(tx: Db, id: string | null): Promise<EngagementRef | null> {
    if (!id) return null;
    const [ref] = await tx
      .select({ id: engagements.id, subject: engagements.subject, date: engagements.date })
      .from(engagements)
      .where(eq(engagements.id, id));
    return ref ?? null;
  }

  async function presentOne(row: EngagementRow, viewer: CurrentUser): Promise<EngagementItem> {
    const participants = await participantsOf(db, eq(engagements.id, row.id));
    return presentEngagement(
      row,
      participants.get(row.id) ?? [],
      await refOf(db, row.followUpOf),
      viewer,
    );
  }

  /**
   * The engagement with its record (agenda, minutes, decisions, the meeting it follows up)
   * when `viewer` may read it: admins, organization heads and its participants.
   */
  async function details(viewer: CurrentUser, id: string): Promise<EngagementDetails> {
    const { row, followUpOf } = await findOrFail(id);
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
   * Participants are approved accounts: an unknown id, or a sign-up still awaiting approval,
   * refuses the whole request (checked in `tx`, the write's transaction). Answers their names.
   */
  async function assertParticipants(tx: Db, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const found = await tx
      .select({ id: user.id, name: user.name, email: user.email, username: user.username })
      .from(user)
      .where(and(inArray(user.id, [...ids]), eq(user.pendingApproval, false)));
    if (found.length !== new Set(ids).size)
      throw new AppError("VALIDATION", ENGAGEMENT_MESSAGES.invalidParticipant);
    return new Map(found.map((row) => [row.id, displayNameOf(row)]));
  }

  /**
   * The meeting an engagement follows up is another existing engagement, and following it
   * makes no loop (A follows B follows A). Writers of the link take turns (a transaction
   * lock), so two changes cannot each close half of a loop.
   */
  async function assertFollowUp(
    tx: Db,
    followUpOf: string | null,
    self: { id: string | null; date: string },
  ) {
    if (!followUpOf) return;
    const selfId = self.id;
    if (followUpOf === selfId)
      throw new AppError("VALIDATION", ENGAGEMENT_MESSAGES.invalidFollowUp);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('engagements.follow_up_of'))`);
    // A follow-up comes after the meeting it follows (on the same day at the latest), as the
    // form offers it.
    const earlier = await refOf(tx, followUpOf);
    if (!earlier || earlier.date > self.date)
      throw new AppError("VALIDATION", ENGAGEMENT_MESSAGES.invalidFollowUp);
    if (!selfId) return;
    // `union` (not `union all`) ends the walk on a loop already stored.
    const loop = rowsOf(
      await tx.execute(sql`
        with recursive chain(id, follow_up_of) as (
          select id, follow_up_of from ${engagements} where id = ${followUpOf}
          union
          select e.id, e.follow_up_of from ${engagements} e join chain c on e.id = c.follow_up_of
        )
        select 1 as found from chain where id = ${selfId} limit 1`),
    );
    if (loop.length > 0) throw new AppError("VALIDATION", ENGAGEMENT_MESSAGES.invalidFollowUp);
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

  /**
   * A notice of `row` to `to`, its mail carrying the engagement's .ics (with the agenda, which
   * participants may read).
   */
  function noticeOf(
    kind: EngagementNotificationKind,
    to: readonly string[],
    row: EngagementRow,
    actor: CurrentUser,
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

  /** Writes `notices` in `tx`; answers everyone told, for the announcement after the commit. */
  async function tell(tx: Db, notices: readonly Notice[]): Promise<string[]> {
    const told: string[] = [];
    for (const notice of notices) told.push(...(await notifier.notify(tx, notice)));
    return told;
  }

  const fields = (
    input: EngagementFields,
    names: ReadonlyMap<string, string>,
    status: StatusOutcome,
  ) => ({
    date: input.date,
    time: input.time,
    subject: input.subject,
    venue: input.venue,
    responsibility: inAttendance(input, names),
    status: input.status,
    guests: input.guests,
    followUpOf: input.followUpOf,
    originalDate: status.originalDate,
    statusReason: status.statusReason,
  });

  /**
   * A changed agenda: the calendar entry's sequence goes up by one, and the agenda's version
   * (which no trigger moves: the agenda's rows live in their own table), in `tx`.
   */
  async function bumpAgenda(tx: Db, id: string): Promise<void> {
    await tx
      .update(engagements)
      .set({
        sequence: sql`${engagements.sequence} + 1`,
        agendaVersion: sql`${engagements.agendaVersion} + 1`,
      })
      .where(eq(engagements.id, id));
  }

  return {
    async list(viewer: CurrentUser, query: EngagementFilters): Promise<EngagementList> {
      const week = weekOf(todayIn(timeZone, clock()));
      const where = engagementListWhere(query, week);
      const [rows, participants] = await Promise.all([
        db
          .select({ row: engagements, followUpOf: previousRef })
          .from(engagements)
          .leftJoin(previous, eq(previous.id, engagements.followUpOf))
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
    },

    details,

    /** The engagement, its participants and their notices commit together or not at all. */
    async create(actor: CurrentUser, input: EngagementFields) {
      statusOutcome(null, input);
      await assertNoClash(db, actor, input, input.participants);
      const [row, told] = await db.transaction(async (tx) => {
        const status = statusOutcome(null, input);
        const names = await assertParticipants(tx, input.participants);
        await assertFollowUp(tx, input.followUpOf, { id: null, date: input.date });
        const [created] = await tx
          .insert(engagements)
          .values({ ...fields(input, names, status), createdBy: actor.id })
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
        const state = engagementAuditState(
          created,
          await personRefs(tx, input.participants),
          await refOf(tx, created.followUpOf),
        );
        await recordAudit(tx, clock(), [
          {
            actor: actorOf(actor),
            entity: "engagement",
            entityId: created.id,
            action: "created",
            changes: createdFields(state),
            reason: status.auditReason,
          },
        ]);
        return [created, notified] as const;
      });
      events.emit({ entity: "engagement", id: row.id, action: "created", actorId: actor.id });
      announceNotifications(events, told);
      return presentOne(row, actor);
    },

    /**
     * Participants hear of a change to what they care about (date, time, venue, subject,
     * status); one added hears of the engagement as new to them, one taken off that they no
     * longer attend (the .ics then cancels it in their calendar).
     */
    async update(actor: CurrentUser, id: string, input: UpdateEngagementFields) {
      const { row: stored } = await findOrFail(id);
      // First: a stale form's fields differ from the stored ones without anyone moving them, so
      // the status rules and the clash check would judge a change nobody asked for.
      await assertPartOpenedOnCurrent(db, "details", stored, input.version, timeZone);
      statusOutcome(stored, input);
      // A moved (or revived) engagement is new to everyone in it; otherwise to those added.
      const isMoved =
        stored.date !== input.date ||
        stored.time.slice(0, 5) !== input.time ||
        stored.status === "Cancelled";
      const already = new Set(await participantIds(db, id));
      await assertNoClash(
        db,
        actor,
        input,
        isMoved ? input.participants : input.participants.filter((p) => !already.has(p)),
        id,
      );
      const written = await db.transaction(async (tx) => {
        const before = await lockRow(tx, id);
        await assertPartOpenedOnCurrent(tx, "details", before, input.version, timeZone);
        const status = statusOutcome(before, input);
        const names = await assertParticipants(tx, input.participants);
        if (input.followUpOf !== before.followUpOf)
          await assertFollowUp(tx, input.followUpOf, { id, date: input.date });
        const previousIds = new Set(await participantIds(tx, id));
        const beforeState = engagementAuditState(
          before,
          await personRefs(tx, [...previousIds]),
          await refOf(tx, before.followUpOf),
        );
        const changes = changedFields(
          beforeState,
          engagementAuditState(
            { ...before, ...fields(input, names, status) },
            await personRefs(tx, input.participants),
            await refOf(tx, input.followUpOf),
          ),
          ENGAGEMENT_AUDIT_KEYS,
        );
        // Saved as it stands: no write, so the version stays and no open form turns stale.
        if (!hasChanges(changes)) return null;
        const [after] = await tx
          .update(engagements)
          .set({ ...fields(input, names, status), sequence: sql`${engagements.sequence} + 1` })
          .where(eq(engagements.id, id))
          .returning();
        await replaceParticipants(tx, id, input.participants);
        const current = new Set(input.participants);
        const added = input.participants.filter((userId) => !previousIds.has(userId));
        const kept = input.participants.filter((userId) => previousIds.has(userId));
        const removed = [...previousIds].filter((userId) => !current.has(userId));
        const kind = kindOf(after.status);
        const agenda = await agendaOf(tx, id);
        const notices: Notice[] = [];
        if (isNews(before, after)) notices.push(noticeOf(kind, kept, after, actor, { agenda }));
        if (added.length)
          notices.push(
            noticeOf(
              kind === "engagement_changed" ? "engagement_created" : kind,
              added,
              after,
              actor,
              { agenda },
            ),
          );
        if (removed.length)
          notices.push(noticeOf("engagement_changed", removed, after, actor, { removed: true }));
        const notified = await tell(tx, notices);
        await recordAudit(tx, clock(), [
          {
            actor: actorOf(actor),
            entity: "engagement",
            entityId: id,
            action: "updated",
            changes,
            reason: status.auditReason,
          },
        ]);
        return [after, notified] as const;
      });
      if (!written) return presentOne(stored, actor);
      const [row, told] = written;
      events.emit({ entity: "engagement", id, action: "updated", actorId: actor.id });
      announceNotifications(events, told);
      return presentOne(row, actor);
    },

    /** Its participants hear that it is cancelled, in the transaction that deletes it. */
    async remove(actor: CurrentUser, id: string) {
      await findOrFail(id);
      const told = await db.transaction(async (tx) => {
        const row = await lockRow(tx, id);
        const participants = await participantIds(tx, id);
        const state = engagementAuditState(
          row,
          await personRefs(tx, participants),
          await refOf(tx, row.followUpOf),
        );
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

    /**
     * The agenda becomes `items` (agenda.ts replaceAgenda), with its audit record, and the
     * calendar entry's sequence goes up so subscribed calendars take the new description.
     * Sending the same agenda again changes nothing.
     */
    async saveAgenda(
      actor: CurrentUser,
      id: string,
      input: { items: readonly AgendaItemFields[]; version: number },
    ): Promise<EngagementDetails> {
      const { row: stored } = await findOrFail(id);
      await assertPartOpenedOnCurrent(db, "agenda", stored, input.version, timeZone);
      assertAgendaSize(input.items);
      const isChanged = await db.transaction(async (tx) => {
        const locked = await lockRow(tx, id);
        await assertPartOpenedOnCurrent(tx, "agenda", locked, input.version, timeZone);
        const { before, after } = await replaceAgenda(tx, id, input.items);
        const changes = changedFields(
          { agenda: before.map(agendaLine) },
          { agenda: after.map(agendaLine) },
          ["agenda"],
        );
        if (!hasChanges(changes)) return false;
        await bumpAgenda(tx, id);
        await recordAudit(tx, clock(), [
          {
            actor: actorOf(actor),
            entity: "engagement",
            entityId: id,
            action: "updated",
            changes,
          },
        ]);
        return true;
      });
      if (isChanged)
        events.emit({ entity: "engagement", id, action: "updated", actorId: actor.id });
      return details(actor, id);
    },

    /**
     * The minutes, sanitised (minutes.ts); markup that tries to run anything is refused whole,
     * with nothing stored. The audit record notes the length before and after, not the text.
     */
    async saveMinutes(
      actor: CurrentUser,
      id: string,
      input: { minutes: string; version: number },
    ): Promise<EngagementDetails> {
      const { row: stored } = await findOrFail(id);
      await assertPartOpenedOnCurrent(db, "minutes", stored, input.version, timeZone);
      const clean = sanitizeMinutes(input.minutes);
      if (!clean.isSafe) throw new AppError("VALIDATION", ENGAGEMENT_MESSAGES.minutesUnsafe);
      const isChanged = await db.transaction(async (tx) => {
        const before = await lockRow(tx, id);
        await assertPartOpenedOnCurrent(tx, "minutes", before, input.version, timeZone);
        if (before.minutes === clean.html) return false;
        await tx.update(engagements).set({ minutes: clean.html }).where(eq(engagements.id, id));
        await recordAudit(tx, clock(), [
          {
            actor: actorOf(actor),
            entity: "engagement",
            entityId: id,
            action: "updated",
            changes: { minutes: { before: before.minutes.length, after: clean.html.length } },
          },
        ]);
        return true;
      });
      if (isChanged)
        events.emit({ entity: "engagement", id, action: "updated", actorId: actor.id });
      return details(actor, id);
    },

    /**
     * Every engagement, oldest first, for `owner`'s calendar feed, with the agenda of those
     * whose record they may read (every one for admins and heads, their own meetings for
     * others): two queries whatever the number of engagements.
     */
    async feed(owner: FeedOwner) {
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
    },
  };
}

export type EngagementService = ReturnType<typeof createEngagementService>;
