import { type SQL, sql } from "drizzle-orm";
import { integer, type text, timestamp } from "drizzle-orm/pg-core";

// The columns and checks every feature's tables share.

/** `column in ('a', 'b')` for a check constraint; the values are our own constants, never input. */
export function oneOf(column: SQL | ReturnType<typeof text>, values: readonly string[]): SQL {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");
  return sql`${column} in (${sql.raw(list)})`;
}

export const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * The record's edit count, moved by a trigger on every update whatever wrote it (drizzle/0025):
 * an edit carries the version it was opened on, and a save against a newer one is refused
 * (server/audit/versions.ts).
 */
export const version = () => integer("version").notNull().default(1);
