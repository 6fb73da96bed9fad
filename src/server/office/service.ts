import { and, asc, eq, gte, lte } from "drizzle-orm";
import {
  FIXED_PUBLIC_HOLIDAYS,
  type Holiday,
  type HolidayInput,
  OFFICE_MESSAGES,
  type OfficeSettings,
  parseHolidayLines,
} from "../../shared/calendar";
import { formatDisplayDate } from "../../shared/dates";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { holidays } from "../db/schema";
import { AppError } from "../errors";
import { readOfficeSettings, writeOfficeSettings } from "./settings";

/** The Holidays and Settings pages: the office calendar and the rules that run by themselves. */
export function createOfficeService({ db }: { db: Db }) {
  const taken = (date: string) =>
    new AppError("CONFLICT", OFFICE_MESSAGES.holidayTaken(formatDisplayDate(date)));

  return {
    async listHolidays(year?: number): Promise<Holiday[]> {
      return db
        .select({ date: holidays.date, name: holidays.name })
        .from(holidays)
        .where(
          year === undefined
            ? undefined
            : and(gte(holidays.date, `${year}-01-01`), lte(holidays.date, `${year}-12-31`)),
        )
        .orderBy(asc(holidays.date));
    },

    async addHoliday(input: HolidayInput): Promise<Holiday> {
      try {
        await db.insert(holidays).values(input);
      } catch (err) {
        if (isUniqueViolation(err)) throw taken(input.date);
        throw err;
      }
      return input;
    },

    /** Renames a holiday or moves it to another date (`date` is where it is now). */
    async updateHoliday(date: string, input: HolidayInput): Promise<Holiday> {
      let updated: { date: string }[];
      try {
        updated = await db
          .update(holidays)
          .set(input)
          .where(eq(holidays.date, date))
          .returning({ date: holidays.date });
      } catch (err) {
        if (isUniqueViolation(err)) throw taken(input.date);
        throw err;
      }
      if (updated.length === 0) throw new AppError("NOT_FOUND", OFFICE_MESSAGES.holidayNotFound);
      return input;
    },

    async deleteHoliday(date: string): Promise<void> {
      const deleted = await db
        .delete(holidays)
        .where(eq(holidays.date, date))
        .returning({ date: holidays.date });
      if (deleted.length === 0) throw new AppError("NOT_FOUND", OFFICE_MESSAGES.holidayNotFound);
    },

    /**
     * Adds a pasted or imported list ("date, name" per line); dates already listed take the new
     * name. All or nothing: a bad line changes nothing and is named in the refusal.
     */
    async importHolidays(text: string): Promise<number> {
      const parsed = parseHolidayLines(text);
      if ("problem" in parsed) throw new AppError("VALIDATION", parsed.problem);
      await db.transaction(async (tx) => {
        for (const holiday of parsed.holidays)
          await tx
            .insert(holidays)
            .values(holiday)
            .onConflictDoUpdate({ target: holidays.date, set: { name: holiday.name } });
      });
      return parsed.holidays.length;
    },

    settings: () => readOfficeSettings(db),

    async saveSettings(settings: OfficeSettings): Promise<OfficeSettings> {
      await writeOfficeSettings(db, settings);
      return readOfficeSettings(db);
    },
  };
}

export type OfficeService = ReturnType<typeof createOfficeService>;

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
