import { format } from "date-fns";

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

/** Formats a yyyy-MM-dd calendar date as 'MMM dd, yyyy' without any time-zone shift. */
export function formatDisplayDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split("-").map(Number);
  return format(new Date(y, m - 1, d), DISPLAY_DATE_FORMAT);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}
