import { tz } from "@date-fns/tz";
import { format, isValid, parse, parseISO } from "date-fns";
import { z } from "zod/mini";
import type { Language } from "./i18n/languages";
import type { MessageKey } from "./i18n/message";

/**
 * A date field of the shared schemas (yyyy-MM-dd). The ISO format allows the year 0000, which
 * PostgreSQL has not got: such a date would reach the database and fail there (a 500), so it
 * is refused here with the field's own message.
 */
export function dateSchema(refusal?: MessageKey) {
  return z.iso.date(refusal).check(z.refine((day) => !day.startsWith("0000"), refusal));
}

/** SPEC.md: dates display as 'MMM dd, yyyy'. */
export const DISPLAY_DATE_FORMAT = "MMM dd, yyyy";

// Building an Intl.DateTimeFormat costs far more than formatting with one, and the server asks
// for today on every task read: one formatter per zone, made on first use.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar date (yyyy-MM-dd) in the given IANA zone, e.g. Asia/Karachi. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let dayFormat = dayFormats.get(timeZone);
  if (!dayFormat) {
    dayFormat = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, dayFormat);
  }
  return dayFormat.format(now);
}

/**
 * A stored time of day ("14:30" or "14:30:00") as every page, mail and export writes times, in
 * both languages: 24-hour HH:mm, the form timeOfDayIn gives an instant. One form everywhere,
 * where the engagement pages once wrote "2:30 PM" beside "14:30" elsewhere.
 */
export function displayTime(time: string): string {
  return time.slice(0, 5);
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time (HH:MM, 24-hour) in the given IANA zone. */
export function timeOfDayIn(timeZone: string, now: Date = new Date()): string {
  let clockFormat = clockFormats.get(timeZone);
  if (!clockFormat) {
    clockFormat = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    clockFormats.set(timeZone, clockFormat);
  }
  return clockFormat.format(now);
}

// A yyyy-MM-dd day names a calendar date, not an instant: it is parsed, formatted and counted
// in UTC, where every day has 24 hours, so neither the host's zone nor a DST change can shift it.
const calendar = { in: tz("UTC") };
const DAY_FORMAT = "yyyy-MM-dd";

const dayOf = (day: string) => parseISO(day, calendar);

// Day arithmetic counts whole days since 1970-01-01 in UTC: plain numbers, where date-fns's
// zone-aware dates cost a zone lookup per step (the seed's million tasks and the server's
// per-row work showed it).
const MS_PER_DAY = 86_400_000;

function dayNumber(day: string): number {
  const date = new Date(0);
  date.setUTCFullYear(
    Number(day.slice(0, 4)),
    Number(day.slice(5, 7)) - 1,
    Number(day.slice(8, 10)),
  );
  return Math.round(date.getTime() / MS_PER_DAY);
}

function dayOfNumber(days: number): string {
  const date = new Date(days * MS_PER_DAY);
  const year = String(date.getUTCFullYear()).padStart(4, "0");
  const month = String(date.getUTCMonth() + 1).padStart(2, "0");
  return `${year}-${month}-${String(date.getUTCDate()).padStart(2, "0")}`;
}

/** The calendar date `days` days after `day` (before it when negative); both yyyy-MM-dd. */
export function addDays(day: string, days: number): string {
  return dayOfNumber(dayNumber(day) + days);
}

/** How many days `to` is after `from` (negative when before); both yyyy-MM-dd. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The first day of the month holding `day`; both yyyy-MM-dd. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The first day of the month after the one holding `day`; both yyyy-MM-dd. */
export function nextMonthStart(day: string): string {
  // 31 days on from a month's first day always land in the next month, never past it.
  return monthStart(addDays(monthStart(day), 31));
}

/** Monday and Sunday (yyyy-MM-dd) of the ISO week holding `day` (yyyy-MM-dd). */
export function weekOf(day: string): { start: string; end: string } {
  const number = dayNumber(day);
  // 1970-01-01 was a Thursday: Monday is 0 after shifting by 3.
  const start = number - ((((number + 3) % 7) + 7) % 7);
  return { start: dayOfNumber(start), end: dayOfNumber(start + 6) };
}

// Urdu dates as the office writes them: day, the month's Urdu name, year ("24 نومبر، 2026"),
// in the Western digits Pakistan's offices type (docs/decisions/015-urdu-and-right-to-left.md).
const urduDate = new Intl.DateTimeFormat("ur-PK", {
  day: "2-digit",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
  numberingSystem: "latn",
});

/**
 * Formats a yyyy-MM-dd calendar date without any time-zone shift: 'MMM dd, yyyy' in English
 * (SPEC.md), day, month name and year in Urdu.
 */
export function formatDisplayDate(isoDate: string, language: Language = "en"): string {
  const day = dayOf(isoDate.slice(0, 10));
  return language === "ur" ? urduDate.format(day) : format(day, DISPLAY_DATE_FORMAT, calendar);
}

// Day first, as dates are written in the office; ISO; and the display format with the month's
// short or full name (commas are dropped before matching, so "Nov 22 2026" is read too).
const TYPED_DATE_FORMATS = [
  "d/M/yyyy",
  "d-M-yyyy",
  "d.M.yyyy",
  "yyyy-M-d",
  "yyyy/M/d",
  "MMM d yyyy",
  "MMMM d yyyy",
  "d MMM yyyy",
  "d MMMM yyyy",
];

/**
 * A date as a person types it (22/11/2026, 22-11-2026, 2026-11-22, Nov 22, 2026) as yyyy-MM-dd,
 * or null when it names no calendar date (31/02/2026) or its year is not written out in full.
 */
export function parseTypedDate(text: string): string | null {
  const typed = text.replaceAll(",", " ").trim().replace(/\s+/g, " ");
  // date-fns reads "26" as the year 26; a two-digit year is refused rather than guessed.
  if (!/(^|\D)\d{4}($|\D)/.test(typed)) return null;
  const reference = dayOf("2000-01-01");
  for (const pattern of TYPED_DATE_FORMATS) {
    const date = parse(typed, pattern, reference, calendar);
    if (isValid(date)) return format(date, DAY_FORMAT, calendar);
  }
  return null;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}
