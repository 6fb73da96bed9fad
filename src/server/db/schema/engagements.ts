import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  uuid,
} from "drizzle-orm/pg-core";
import { STORED_ENGAGEMENT_STATUSES, VENUES } from "../../../shared/engagements";
import { createdAt, oneOf, updatedAt, version } from "./columns";
import { user } from "./users";

export const engagements = pgTable(
  "engagements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    date: date("date").notNull(),
    time: time("time").notNull(),
    subject: text("subject").notNull(),
    venue: text("venue", { enum: VENUES }).notNull(),
    responsibility: text("responsibility").notNull(),
    status: text("status", { enum: STORED_ENGAGEMENT_STATUSES }).notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    /**
     * The iCalendar SEQUENCE of the invitations mailed to participants: one more on each
     * change, so calendar software takes the latest mail over an earlier one.
     */
    sequence: integer("sequence").notNull().default(0),
    /** The earlier meeting this one follows up: its decisions open this one's agenda. */
    followUpOf: uuid("follow_up_of").references((): AnyPgColumn => engagements.id, {
      onDelete: "set null",
    }),
    /** People in attendance without an account, by name as written. */
    guests: jsonb("guests").$type<string[]>().notNull().default([]),
    /** The minutes, sanitised HTML (engagements/minutes.ts); empty until written. */
    minutes: text("minutes").notNull().default(""),
    /** The date it was first set for, kept from its first postponement on; null until then. */
    originalDate: date("original_date"),
    /** Why it was postponed or cancelled, shown beside the status. */
    statusReason: text("status_reason"),
    /**
     * Three parts edited apart, each with its own version (drizzle/0026), so saving the agenda
     * does not make an open Edit Engagement stale: the details (moved by any write of them),
     * the agenda (moved by its save) and the minutes.
     */
    version: version(),
    agendaVersion: integer("agenda_version").notNull().default(1),
    minutesVersion: integer("minutes_version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("engagements_venue_check", oneOf(sql`${t.venue}`, VENUES)),
    check("engagements_status_check", oneOf(sql`${t.status}`, STORED_ENGAGEMENT_STATUSES)),
    index("engagements_date_time_idx").on(t.date, t.time),
    index("engagements_follow_up_of_idx").on(t.followUpOf),
  ],
);

/** An engagement's agenda, in order; decisions name the item they were taken on. */
export const engagementAgendaItems = pgTable(
  "engagement_agenda_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    engagementId: uuid("engagement_id")
      .notNull()
      .references(() => engagements.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    /** Who presents it, free text: an officer, a guest, a department. */
    presenter: text("presenter").notNull().default(""),
  },
  (t) => [index("engagement_agenda_items_engagement_idx").on(t.engagementId, t.position)],
);

/**
 * The people in attendance who have accounts: they are told of the engagement (created,
 * changed, postponed, cancelled). "In Attendance" (responsibility) stays the chart's free text.
 */
export const engagementParticipants = pgTable(
  "engagement_participants",
  {
    engagementId: uuid("engagement_id")
      .notNull()
      .references(() => engagements.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.engagementId, t.userId] }),
    // A deleted account's rows go with it (the cascade looks them up by user).
    index("engagement_participants_user_idx").on(t.userId),
  ],
);

/** Each person's secret calendar-feed token: read access to engagements, nothing else. */
export const calendarFeedTokens = pgTable("calendar_feed_tokens", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: createdAt(),
});
