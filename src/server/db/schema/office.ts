import { sql } from "drizzle-orm";
import { check, date, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { OfficeSettings } from "../../../shared/calendar";
import { createdAt, updatedAt, version } from "./columns";

/** Gazetted holidays: no working day (escalation and "due in N working days" skip them). */
export const holidays = pgTable(
  "holidays",
  {
    date: date("date").primaryKey(),
    name: text("name").notNull(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [check("holidays_name_not_blank", sql`length(trim(${t.name})) > 0`)],
);

/** The office's settings: one row (id 1), written by the first save; until then the defaults apply. */
export const officeSettings = pgTable(
  "office_settings",
  {
    id: integer("id").primaryKey().default(1),
    settings: jsonb("settings").$type<OfficeSettings>().notNull(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [check("office_settings_one_row", sql`${t.id} = 1`)],
);
