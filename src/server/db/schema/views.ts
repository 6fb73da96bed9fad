import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { SAVED_VIEW_LISTS } from "../../../shared/views";
import { createdAt, oneOf, updatedAt, version } from "./columns";
import { user } from "./users";

/**
 * A list's filters saved under a name (its query string). Private to its owner unless an admin
 * shares it with everyone who can open that list.
 */
export const savedViews = pgTable(
  "saved_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    list: text("list", { enum: SAVED_VIEW_LISTS }).notNull(),
    name: text("name").notNull(),
    /** The list's query string without its page, as the address bar holds it ("status=overdue"). */
    query: text("query").notNull(),
    shared: boolean("shared").notNull().default(false),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("saved_views_list_check", oneOf(sql`${t.list}`, SAVED_VIEW_LISTS)),
    check("saved_views_name_not_blank", sql`length(trim(${t.name})) > 0`),
    uniqueIndex("saved_views_owner_list_name").on(t.ownerId, t.list, t.name),
    index("saved_views_shared_idx").on(t.list).where(sql`${t.shared}`),
  ],
);

/** The views a person has pinned in their sidebar: their own, or ones shared with them. */
export const savedViewPins = pgTable(
  "saved_view_pins",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    viewId: uuid("view_id")
      .notNull()
      .references(() => savedViews.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.viewId] }),
    index("saved_view_pins_view_idx").on(t.viewId),
  ],
);
