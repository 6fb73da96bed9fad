import { and, eq, gte, lte } from "drizzle-orm";
import {
  DEFAULT_OFFICE_SETTINGS,
  type OfficeCalendar,
  type OfficeSettings,
  type OfficeSettingsItem,
} from "../../shared/calendar";
import type { Db } from "../db/client";
import { holidays, officeSettings } from "../db/schema";

/** The office's settings as stored, over the defaults (a setting added later has its default). */
export async function readOfficeSettings(db: Db): Promise<OfficeSettings> {
  const [row] = await db
    .select({ settings: officeSettings.settings })
    .from(officeSettings)
    .where(eq(officeSettings.id, 1));
  return { ...DEFAULT_OFFICE_SETTINGS, ...row?.settings };
}

/**
 * The settings and their version, read together so that a form is never opened on one with the
 * other's values; an office that never saved its settings has the defaults, at version 1.
 */
export async function readOfficeSettingsItem(db: Db): Promise<OfficeSettingsItem> {
  const [row] = await db
    .select({ settings: officeSettings.settings, version: officeSettings.version })
    .from(officeSettings)
    .where(eq(officeSettings.id, 1));
  return { ...DEFAULT_OFFICE_SETTINGS, ...row?.settings, version: row?.version ?? 1 };
}

export async function writeOfficeSettings(db: Db, settings: OfficeSettings): Promise<void> {
  await db
    .insert(officeSettings)
    .values({ id: 1, settings })
    .onConflictDoUpdate({ target: officeSettings.id, set: { settings } });
}

/**
 * The working-day calendar: the weekly off days and the holidays (between `range.from` and
 * `range.to` when given, which is all a count over that range needs; all of them otherwise,
 * a few dozen a year).
 */
export async function readOfficeCalendar(
  db: Db,
  settings?: OfficeSettings,
  range?: { from: string; to: string },
): Promise<OfficeCalendar> {
  const { weeklyOffDays } = settings ?? (await readOfficeSettings(db));
  const rows = await db
    .select({ date: holidays.date })
    .from(holidays)
    .where(range && and(gte(holidays.date, range.from), lte(holidays.date, range.to)));
  return { offDays: new Set(weeklyOffDays), holidays: new Set(rows.map((row) => row.date)) };
}
