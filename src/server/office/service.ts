import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import {
  DEFAULT_OFFICE_SETTINGS,
  FIXED_PUBLIC_HOLIDAYS,
  type HolidayInput,
  type HolidayItem,
  type HolidayUpdateFields,
  OFFICE_MESSAGES,
  type OfficeSettings,
  type OfficeSettingsItem,
  type OfficeSettingsUpdateFields,
  parseHolidayLines,
} from "../../shared/calendar";
import { formatDisplayDate } from "../../shared/dates";
import type { CurrentUser } from "../../shared/users";
import { actorOf, changedFields, createdFields, deletedFields, hasChanges } from "../audit/changes";
import { type AuditEvent, recordAudit } from "../audit/record";
import { assertOpenedOnCurrent, type ConflictMessages } from "../audit/versions";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { holidays, officeSettings } from "../db/schema";
import { AppError } from "../http/errors";
import { readOfficeSettings, readOfficeSettingsItem, writeOfficeSettings } from "./settings";

/** The settings' audited fields: every one of them, by name. */
const SETTINGS_AUDIT_KEYS = [
  "weeklyOffDays",
  "digestTime",
  "dueSoonWorkingDays",
  "escalation",
  "emailDefaults",
  "deletedFileRetentionDays",
] as const satisfies readonly (keyof OfficeSettings)[];

/** The one settings record's id in the trail. */
const SETTINGS_ENTITY_ID = "office";

const HOLIDAY_CONFLICT: ConflictMessages = {
  changedBy: OFFICE_MESSAGES.holidayChangedBy,
  changedAutomatically: OFFICE_MESSAGES.holidayChangedAutomatically,
};
const SETTINGS_CONFLICT: ConflictMessages = {
  changedBy: OFFICE_MESSAGES.settingsChangedBy,
  changedAutomatically: OFFICE_MESSAGES.settingsChangedAutomatically,
};

const holidayColumns = { date: holidays.date, name: holidays.name, version: holidays.version };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The Holidays and Settings pages: the office calendar and the rules that run by themselves.
 * Each change is recorded in the audit trail in its own transaction; a holiday's id there is
 * its date (the date it had before, when an edit moves it).
 */
export function createOfficeService({
  db,
  timeZone,
  clock,
}: {
  db: Db;
  /** The office's clock, on which a refused edit names the time of the change. */
  timeZone: string;
  clock: () => Date;
}) {
  const taken = (date: string) =>
    new AppError("CONFLICT", OFFICE_MESSAGES.holidayTaken(formatDisplayDate(date)));

  const holidayEvent = (
    actor: CurrentUser,
    date: string,
    action: AuditEvent["action"],
    changes: AuditEvent["changes"],
  ): AuditEvent => ({ actor: actorOf(actor), entity: "holiday", entityId: date, action, changes });

  /**
   * Refuses an edit of the holiday opened on another version. Holidays keep no time of change:
   * the trail's record of the change gives it, and now stands in should there be none.
   */
  const assertHolidayCurrent = (
    tx: Db | Tx,
    stored: { date: string; version: number },
    opened: number,
  ) =>
    assertOpenedOnCurrent(
      tx,
      { entity: "holiday", id: stored.date, version: stored.version, updatedAt: clock() },
      opened,
      HOLIDAY_CONFLICT,
      timeZone,
    );

  /** Refuses a save of the settings opened on another version (locked for it in `tx`). */
  const assertSettingsCurrent = async (tx: Db | Tx, opened: number, lock = false) => {
    const query = tx
      .select({ version: officeSettings.version, updatedAt: officeSettings.updatedAt })
      .from(officeSettings)
      .where(eq(officeSettings.id, 1));
    const [row] = await (lock ? query.for("update") : query);
    // An office that never saved its settings has the defaults, at version 1.
    const stored = row ?? { version: 1, updatedAt: clock() };
    await assertOpenedOnCurrent(
      tx,
      { entity: "settings", id: SETTINGS_ENTITY_ID, ...stored },
      opened,
      SETTINGS_CONFLICT,
      timeZone,
    );
  };

  return {
    async listHolidays(year?: number): Promise<HolidayItem[]> {
      return db
        .select(holidayColumns)
        .from(holidays)
        .where(
          year === undefined
            ? undefined
            : and(gte(holidays.date, `${year}-01-01`), lte(holidays.date, `${year}-12-31`)),
        )
        .orderBy(asc(holidays.date));
    },

    async addHoliday(actor: CurrentUser, input: HolidayInput): Promise<HolidayItem> {
      try {
        return await db.transaction(async (tx) => {
          const [added] = await tx.insert(holidays).values(input).returning(holidayColumns);
          const state = { date: input.date, name: input.name };
          await recordAudit(tx, clock(), [
            holidayEvent(actor, input.date, "created", createdFields(state)),
          ]);
          return added;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw taken(input.date);
        throw err;
      }
    },

    /** Renames a holiday or moves it to another date (`date` is where it is now). */
    async updateHoliday(
      actor: CurrentUser,
      date: string,
      input: HolidayUpdateFields,
    ): Promise<HolidayItem> {
      const [existing] = await db
        .select(holidayColumns)
        .from(holidays)
        .where(eq(holidays.date, date));
      if (!existing) throw new AppError("NOT_FOUND", OFFICE_MESSAGES.holidayNotFound);
      // Before the row's lock is taken for it; the check under the lock is the one that holds.
      await assertHolidayCurrent(db, existing, input.version);
      try {
        return await db.transaction(async (tx) => {
          const [before] = await tx
            .select(holidayColumns)
            .from(holidays)
            .where(eq(holidays.date, date))
            .for("update");
          if (!before) throw new AppError("NOT_FOUND", OFFICE_MESSAGES.holidayNotFound);
          await assertHolidayCurrent(tx, before, input.version);
          const after = { date: input.date, name: input.name };
          const [written] = await tx
            .update(holidays)
            .set(after)
            .where(eq(holidays.date, date))
            .returning(holidayColumns);
          const changes = changedFields(before, after, ["date", "name"]);
          if (hasChanges(changes))
            await recordAudit(tx, clock(), [holidayEvent(actor, date, "updated", changes)]);
          return written;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw taken(input.date);
        throw err;
      }
    },

    async deleteHoliday(actor: CurrentUser, date: string): Promise<void> {
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(holidays)
          .where(eq(holidays.date, date))
          .returning({ date: holidays.date, name: holidays.name });
        if (deleted.length === 0) throw new AppError("NOT_FOUND", OFFICE_MESSAGES.holidayNotFound);
        await recordAudit(tx, clock(), [
          holidayEvent(actor, date, "deleted", deletedFields(deleted[0])),
        ]);
      });
    },

    /**
     * Adds a pasted or imported list ("date, name" per line); dates already listed take the new
     * name. All or nothing: a bad line changes nothing and is named in the refusal.
     */
    async importHolidays(actor: CurrentUser, text: string): Promise<number> {
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
          if (hasChanges(changes))
            audit.push(holidayEvent(actor, holiday.date, "imported", changes));
        }
        await recordAudit(tx, clock(), audit);
      });
      return parsed.holidays.length;
    },

    settings: () => readOfficeSettingsItem(db),

    async saveSettings(
      actor: CurrentUser,
      { version: opened, ...settings }: OfficeSettingsUpdateFields,
    ): Promise<OfficeSettingsItem> {
      await assertSettingsCurrent(db, opened);
      await db.transaction(async (tx) => {
        // The row to lock, on an office's first save: of two first saves, the second waits
        // here for the first's row, then finds it newer than what it was opened on.
        await tx
          .insert(officeSettings)
          .values({ id: 1, settings: DEFAULT_OFFICE_SETTINGS })
          .onConflictDoNothing();
        // The row lock orders concurrent saves, so each record's "before" is the one it replaced.
        await assertSettingsCurrent(tx, opened, true);
        const before = await readOfficeSettings(tx);
        await writeOfficeSettings(tx, settings);
        const after = await readOfficeSettings(tx);
        const changes = changedFields(before, after, SETTINGS_AUDIT_KEYS);
        if (hasChanges(changes))
          await recordAudit(tx, clock(), [
            {
              actor: actorOf(actor),
              entity: "settings",
              entityId: SETTINGS_ENTITY_ID,
              action: "updated",
              changes,
            },
          ]);
      });
      return readOfficeSettingsItem(db);
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
