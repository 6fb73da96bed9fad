import { randomBytes } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { eq } from "drizzle-orm";
import ical, { type ICalCalendar, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import {
  type AgendaItem,
  ENGAGEMENT_MESSAGES,
  ENGAGEMENT_STATUS_LABELS,
  isCancelled,
  VENUE_LABELS,
} from "../../shared/engagements";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/i18n/languages";
import { fullI18n as i18n } from "../../shared/i18n/server-instance";
import type { Role } from "../../shared/roles";
import type { Db } from "../db/client";
import { calendarFeedTokens, type engagements, user } from "../db/schema";
import type { MailAttachment } from "../mail/mailer";

type Deps = { db: Db; appUrl: string; timeZone: string };
/** Whose feed a token opens: the agenda shows where they may read the meeting's record. */
export type FeedOwner = { id: string; role: Role; language: Language };
type EngagementRow = typeof engagements.$inferSelect;
const wordsIn = (language: Language) => i18n.getFixedT(language, ["engagements", "common"]);
type Translate = ReturnType<typeof wordsIn>;

/** How long an engagement lasts: its calendar event, and the clash check on people. */
export const EVENT_MINUTES = 60;

function newToken(): string {
  return randomBytes(24).toString("base64url");
}

function icalStatus(status: string): ICalEventStatus {
  if (status === "Cancelled") return ICalEventStatus.CANCELLED;
  if (status === "Tentative" || status.toLowerCase().includes("postponed")) {
    return ICalEventStatus.TENTATIVE;
  }
  return ICalEventStatus.CONFIRMED;
}

/** A calendar document in `language`, named as the chart is. */
function newCalendar(language: Language, timeZone: string): [ICalCalendar, Translate] {
  const t = wordsIn(language);
  const calendar = ical({
    name: t(ENGAGEMENT_MESSAGES.chartTitle),
    prodId: "//HED//Task Manager//EN",
  });
  calendar.x([{ key: "X-WR-TIMEZONE", value: timeZone }]);
  return [calendar, t];
}

/** The event's description: who attends, the status, and the agenda when the reader may see it. */
function describe(t: Translate, row: EngagementRow, agenda: readonly AgendaItem[] | null): string {
  const lines: string[] = [
    t("calendar.description", {
      inAttendance: row.responsibility,
      status: t(ENGAGEMENT_STATUS_LABELS[row.status]),
    }),
  ];
  if (agenda?.length) {
    lines.push("", t("calendar.agenda"));
    for (const [index, item] of agenda.entries()) {
      const values = { number: index + 1, title: item.title, presenter: item.presenter };
      lines.push(
        item.presenter
          ? t("calendar.agendaItemPresenter", values)
          : t("calendar.agendaItem", values),
      );
    }
  }
  return lines.join("\n");
}

/**
 * One engagement as an event, the same in the feed and in a participant's mail: the UID ties
 * a mailed invitation and its later changes to one event in the reader's calendar, and
 * SEQUENCE (one more on each change, the agenda's included) tells which is the latest. The
 * agenda is in the description only for those who may read the meeting's record (null: not).
 */
function addEvent(
  calendar: ICalCalendar,
  t: Translate,
  row: EngagementRow,
  timeZone: string,
  agenda: readonly AgendaItem[] | null,
  cancelled = isCancelled(row.status),
): void {
  const [year, month, day] = row.date.split("-").map(Number);
  const [hour, minute] = row.time.split(":").map(Number);
  const start = new TZDate(year, month - 1, day, hour, minute, timeZone);
  calendar.createEvent({
    id: `${row.id}@hed-task-manager`,
    sequence: row.sequence,
    start,
    end: new Date(start.getTime() + EVENT_MINUTES * 60_000),
    summary: cancelled ? t("calendar.cancelledSummary", { subject: row.subject }) : row.subject,
    location: t(VENUE_LABELS[row.venue]),
    description: describe(t, row, agenda),
    status: cancelled ? ICalEventStatus.CANCELLED : icalStatus(row.status),
    lastModified: row.updatedAt,
    stamp: row.updatedAt,
  });
}

/**
 * The .ics mailed to a participant: the engagement as a REQUEST, or, when it is cancelled (or
 * deleted, or the person taken off it), a CANCEL, so the reader's calendar drops it.
 */
export function engagementInvitation(
  row: EngagementRow,
  {
    language,
    timeZone,
    cancel,
    agenda = null,
  }: {
    language: Language;
    timeZone: string;
    cancel: boolean;
    /** The agenda, for participants (who may read it); none on a cancellation. */
    agenda?: readonly AgendaItem[] | null;
  },
): MailAttachment {
  const [calendar, t] = newCalendar(language, timeZone);
  const method = cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  calendar.method(method);
  addEvent(calendar, t, row, timeZone, cancel ? null : agenda, cancel);
  return {
    filename: "engagement.ics",
    content: calendar.toString(),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

/**
 * Ends a person's feed link, for when their password changes: a link handed out before
 * (perhaps by whoever learnt the old password) stops working, and the next one is new.
 */
export async function revokeCalendarFeed(db: Db, userId: string): Promise<void> {
  await db.delete(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId));
}

/**
 * Private iCalendar feeds of the engagement chart: one secret token per person, which reads
 * engagements and nothing else, and which its owner can replace at any time.
 */
export function createCalendarFeeds({ db, appUrl, timeZone }: Deps) {
  const urlOf = (token: string) => `${appUrl}/api/calendar/${token}.ics`;

  return {
    async feedUrl(userId: string): Promise<string> {
      const [existing] = await db
        .select()
        .from(calendarFeedTokens)
        .where(eq(calendarFeedTokens.userId, userId));
      if (existing) return urlOf(existing.token);
      const token = newToken();
      await db.insert(calendarFeedTokens).values({ userId, token }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(calendarFeedTokens)
        .where(eq(calendarFeedTokens.userId, userId));
      return urlOf(row.token);
    },

    async resetFeed(userId: string): Promise<string> {
      const token = newToken();
      await db
        .insert(calendarFeedTokens)
        .values({ userId, token })
        .onConflictDoUpdate({
          target: calendarFeedTokens.userId,
          set: { token, createdAt: new Date() },
        });
      return urlOf(token);
    },

    /**
     * The person whose feed `token` opens, with their role and language (English if they never
     * chose), or null when it opens none.
     */
    async ownerOf(token: string): Promise<FeedOwner | null> {
      const [row] = await db
        .select({ id: user.id, role: user.role, language: user.language })
        .from(calendarFeedTokens)
        .innerJoin(user, eq(user.id, calendarFeedTokens.userId))
        .where(eq(calendarFeedTokens.token, token));
      return row
        ? { id: row.id, role: row.role as Role, language: row.language ?? DEFAULT_LANGUAGE }
        : null;
    },

    /**
     * The engagements as an iCalendar document, times taken in the office's zone. Its words
     * (the calendar's name, venues, statuses) are in `language`, the feed owner's: calendar
     * software fetches the feed on its own, with no page whose language it could follow.
     * `agendas` holds the agenda of each engagement whose record the owner may read.
     */
    render(
      rows: readonly EngagementRow[],
      agendas: ReadonlyMap<string, readonly AgendaItem[]>,
      language: Language,
    ): string {
      const [calendar, t] = newCalendar(language, timeZone);
      for (const row of rows) addEvent(calendar, t, row, timeZone, agendas.get(row.id) ?? null);
      return calendar.toString();
    },
  };
}

export type CalendarFeeds = ReturnType<typeof createCalendarFeeds>;
