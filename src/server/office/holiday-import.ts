import { inArray } from "drizzle-orm";
import { FIXED_PUBLIC_HOLIDAYS, parseHolidayLines } from "../../shared/calendar";
import type { CurrentUser } from "../../shared/users";
import { changedFields, createdFields, hasChanges } from "../audit/changes";
import { type AuditEvent, recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { holidays } from "../db/schema";
import { AppError } from "../http/errors";
import type { OfficeDeps } from "./deps";
import { holidayEvent } from "./holidays";

/**
 * Adds a pasted or imported list ("date, name" per line); dates already listed take the new
 * name. All or nothing: a bad line changes nothing and is named in the refusal.
 */
export async function importHolidays(
  { db, clock }: OfficeDeps,
  actor: CurrentUser,
  text: string,
): Promise<number> {
  const parsed = parseHolidayLines(text);
  if ("problem" in parsed) throw new AppError("VALIDATION", parsed.problem);
  await db.transaction(async (tx) => {
    const dates = parsed.holidays.map((holiday) => holiday.date);
    const existing = await tx
      .select({ date: holidays.date, name: holidays.name })
      .from(holidays)
      .where(inArray(holidays.date, dates))
      .for("update");
    const nameOn = new Map(existing.map((row) => [row.date, row.name]));
    const audit: AuditEvent[] = [];
    for (const holiday of parsed.holidays) {
      await tx
        .insert(holidays)
        .values(holiday)
        .onConflictDoUpdate({ target: holidays.date, set: { name: holiday.name } });
      // One row per holiday the import added or renamed; one it left as it was, none.
      const before = nameOn.get(holiday.date);
      const changes =
        before === undefined
          ? createdFields({ date: holiday.date, name: holiday.name })
          : changedFields({ name: before }, { name: holiday.name }, ["name"]);
      if (hasChanges(changes)) audit.push(holidayEvent(actor, holiday.date, "imported", changes));
    }
    await recordAudit(tx, clock(), audit);
  });
  return parsed.holidays.length;
}

/**
 * A new office's calendar: Pakistan's fixed-date public holidays of `year`, once, when no
 * holiday has been entered at all (an office that deleted them all keeps it that way after).
 */
export async function seedPublicHolidays(db: Db, year: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [any] = await tx.select({ date: holidays.date }).from(holidays).limit(1);
    if (any) return 0;
    const seeded = await tx
      .insert(holidays)
      .values(
        FIXED_PUBLIC_HOLIDAYS.map(({ monthDay, name }) => ({ date: `${year}-${monthDay}`, name })),
      )
      .onConflictDoNothing()
      .returning({ date: holidays.date });
    return seeded.length;
  });
}
