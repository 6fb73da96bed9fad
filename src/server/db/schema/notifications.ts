import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import {
  type EmailChoices,
  NOTIFICATION_ENTITIES,
  NOTIFICATION_KINDS,
  type NotificationValues,
} from "../../../shared/notifications";
import { createdAt, oneOf, updatedAt } from "./columns";
import { user } from "./users";

/** The in-app notification centre: per person, read or not, kept 90 days. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    /** What it is about, for the link: a task or an engagement. */
    entity: text("entity", { enum: NOTIFICATION_ENTITIES }),
    entityId: text("entity_id"),
    /** The values its catalog text is filled with (subject, dates, names). */
    values: jsonb("values").$type<NotificationValues>().notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("notifications_kind_check", oneOf(sql`${t.kind}`, NOTIFICATION_KINDS)),
    // `desc nulls first` is the order `order by … desc` asks for: drizzle's `.desc()` alone
    // writes `nulls last`, which the planner cannot read that order from (it sorted them all).
    index("notifications_user_idx").on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    index("notifications_created_at_idx").on(t.createdAt),
  ],
);

/** Which mails a person gets, per kind; a kind not listed follows the office's defaults. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  email: jsonb("email").$type<EmailChoices>().notNull(),
  updatedAt: updatedAt(),
});
