import * as z from "zod/mini";
import { DEFAULT_DAK_SETTINGS, dakSettingsSchema, MARK_PURPOSES } from "./dak";
import { addDays, dateSchema } from "./dates";
import { type Message, type MessageKey, message } from "./i18n/message";
import { EMAIL_KINDS, type EmailChoices, type EmailKind } from "./notifications";
import { plainText } from "./text";
import { openedVersion } from "./versions";

/**
 * The office calendar: which days are worked. Weekly off days are numbered as JavaScript's
 * getUTCDay (0 Sunday … 6 Saturday); holidays are yyyy-MM-dd dates.
 */
export type OfficeCalendar = { offDays: ReadonlySet<number>; holidays: ReadonlySet<string> };

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

export function isWorkingDay(day: string, calendar: OfficeCalendar): boolean {
  return !calendar.offDays.has(weekdayOf(day)) && !calendar.holidays.has(day);
}

/** A week with every day off has no working day to count to: the settings refuse it. */
function assertSomeWorkingDay(calendar: OfficeCalendar) {
  if (calendar.offDays.size >= WEEKDAYS.length) throw new Error("no working day in the week");
}

/** How many working days lie after `from` up to and including `to` (0 when `to` is not later). */
export function workingDaysBetween(from: string, to: string, calendar: OfficeCalendar): number {
  let count = 0;
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1))
    if (isWorkingDay(day, calendar)) count += 1;
  return count;
}

/** The working day `count` working days after `day` (`day` itself when count is 0). */
export function addWorkingDays(day: string, count: number, calendar: OfficeCalendar): string {
  assertSomeWorkingDay(calendar);
  let result = day;
  for (let left = count; left > 0; ) {
    result = addDays(result, 1);
    if (isWorkingDay(result, calendar)) left -= 1;
  }
  return result;
}

/** The last working day before `day`. */
export function previousWorkingDay(day: string, calendar: OfficeCalendar): string {
  assertSomeWorkingDay(calendar);
  let previous = addDays(day, -1);
  while (!isWorkingDay(previous, calendar)) previous = addDays(previous, -1);
  return previous;
}

/**
 * Counts working days up to `to` for many dates at once (a digest's hundreds of tasks): the
 * answer for `day` is workingDaysBetween(day, to), from one pass over the range instead of a
 * walk per date. Dates before `from` count as `from`.
 */
export function workingDaysUntil(
  from: string,
  to: string,
  calendar: OfficeCalendar,
): (day: string) => number {
  const after = new Map<string, number>();
  let count = 0;
  for (let day = to; day >= from; day = addDays(day, -1)) {
    after.set(day, count);
    if (isWorkingDay(day, calendar)) count += 1;
  }
  return (day) => (day >= to ? 0 : (after.get(day) ?? after.get(from) ?? 0));
}

/**
 * The latest date that lies at least `count` working days before `today`: a task due on or
 * before it is `count` or more working days past due (the escalation rule, in one SQL bound).
 */
export function workingDaysAgo(today: string, count: number, calendar: OfficeCalendar): string {
  assertSomeWorkingDay(calendar);
  let day = today;
  for (let seen = 0; seen < count; day = addDays(day, -1))
    if (isWorkingDay(day, calendar)) seen += 1;
  return day;
}

/** Pakistan's public holidays on fixed dates (month-day); the moon's are entered each year. */
export const FIXED_PUBLIC_HOLIDAYS = [
  { monthDay: "02-05", name: "Kashmir Solidarity Day" },
  { monthDay: "03-23", name: "Pakistan Day" },
  { monthDay: "05-01", name: "Labour Day" },
  { monthDay: "05-28", name: "Youm-e-Takbeer" },
  { monthDay: "08-14", name: "Independence Day" },
  { monthDay: "11-09", name: "Iqbal Day" },
  { monthDay: "12-25", name: "Quaid-e-Azam Day" },
] as const;

/** Catalog keys (shared/i18n/message.ts) of the Holidays and Settings pages. */
export const OFFICE_MESSAGES = {
  holidayAdded: "office:holidays.added",
  holidayUpdated: "office:holidays.updated",
  holidayDeleted: "office:holidays.deleted",
  holidayNotFound: "office:holidays.notFound",
  holidayTaken: (date: string) => message("office:holidays.taken", { date }),
  importDone: (count: number) => message("office:holidays.imported", { count }),
  settingsSaved: "office:settings.saved",
  dateInvalid: "office:holidays.dateInvalid",
  nameRequired: "office:holidays.nameRequired",
  nameTooLong: "office:holidays.nameTooLong",
  importEmpty: "office:holidays.importEmpty",
  importLine: (line: number, problem: string) =>
    message("office:holidays.importLine", { line, problem }),
  importDuplicate: (date: string) => message("office:holidays.importDuplicate", { date }),
  everyDayOff: "office:settings.everyDayOff",
  thresholdRange: "office:settings.thresholdRange",
  retentionRange: "office:settings.retentionRange",
  timeInvalid: "office:settings.timeInvalid",
  markingLimitRange: "office:settings.markingLimitRange",
  holidayChangedBy: "office:holidays.conflict.changedBy",
  holidayChangedAutomatically: "office:holidays.conflict.changedAutomatically",
  holidayStale: "office:holidays.conflict.stale",
  settingsChangedBy: "office:settings.conflict.changedBy",
  settingsChangedAutomatically: "office:settings.conflict.changedAutomatically",
  settingsStale: "office:settings.conflict.stale",
} as const satisfies Record<string, Message | ((...values: never[]) => Message)>;

const FIELD_HOLIDAY_NAME: MessageKey = "office:field.holidayName";

/** A real calendar date, yyyy-MM-dd (not 2026-02-30). */
export const calendarDate = dateSchema(OFFICE_MESSAGES.dateInvalid);

export const holidayInput = z.object({
  date: calendarDate,
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, OFFICE_MESSAGES.nameRequired),
      z.maxLength(100, OFFICE_MESSAGES.nameTooLong),
      plainText(FIELD_HOLIDAY_NAME),
    ),
});
export type HolidayInput = z.infer<typeof holidayInput>;

/** PUT /api/office/holidays/:date: the fields, and the version Edit Holiday was opened on. */
export const holidayUpdateInput = z.extend(holidayInput, { version: openedVersion });
export type HolidayUpdateInput = z.input<typeof holidayUpdateInput>;
export type HolidayUpdateFields = z.output<typeof holidayUpdateInput>;

export const holidayDateParam = z.object({ date: calendarDate });

export const holidayListQuery = z.object({
  year: z.optional(z.pipe(z.string().check(z.regex(/^\d{4}$/)), z.transform(Number))),
});

/** Holidays pasted or imported from CSV: one "yyyy-MM-dd, name" per line. */
export const holidayImportInput = z.object({
  text: z.string().check(z.maxLength(100_000)),
});

export type Holiday = { date: string; name: string };

/** A holiday as the API sends it: with what Edit Holiday sends back (shared/versions.ts). */
export type HolidayItem = Holiday & { version: number };

/** Reads "date, name" lines (a header line and blank lines are skipped); first problem wins. */
export function parseHolidayLines(text: string): { holidays: Holiday[] } | { problem: Message } {
  const holidays: Holiday[] = [];
  const seen = new Set<string>();
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const comma = line.search(/[,;\t]/);
    const date = (comma < 0 ? line : line.slice(0, comma)).trim().replace(/^"|"$/g, "");
    const name = (comma < 0 ? "" : line.slice(comma + 1)).trim().replace(/^"|"$/g, "");
    // A heading line (Date, Name) is what a spreadsheet's export starts with.
    if (index === 0 && !/^\d/.test(date)) continue;
    const parsed = holidayInput.safeParse({ date, name });
    if (!parsed.success)
      return { problem: OFFICE_MESSAGES.importLine(index + 1, parsed.error.issues[0].message) };
    if (seen.has(parsed.data.date))
      return { problem: OFFICE_MESSAGES.importDuplicate(parsed.data.date) };
    seen.add(parsed.data.date);
    holidays.push(parsed.data);
  }
  if (holidays.length === 0) return { problem: OFFICE_MESSAGES.importEmpty };
  return { holidays };
}

const threshold = z
  .int(OFFICE_MESSAGES.thresholdRange)
  .check(z.gte(1, OFFICE_MESSAGES.thresholdRange), z.lte(365, OFFICE_MESSAGES.thresholdRange));

/** Ten years; the bound keeps a slip of the keyboard (36500) from keeping files a century. */
const MAX_RETENTION_DAYS = 3650;

const retentionDays = z
  .int(OFFICE_MESSAGES.retentionRange)
  .check(
    z.gte(0, OFFICE_MESSAGES.retentionRange),
    z.lte(MAX_RETENTION_DAYS, OFFICE_MESSAGES.retentionRange),
  );

/** Twelve weeks of working days: longer is no time limit the office can hold anyone to. */
export const MAX_MARKING_LIMIT = 60;

/** A marking's time limit in working days, or none (null: the Settings page's blank field). */
const markingLimit = z.nullable(
  z
    .int(OFFICE_MESSAGES.markingLimitRange)
    .check(
      z.gte(1, OFFICE_MESSAGES.markingLimitRange),
      z.lte(MAX_MARKING_LIMIT, OFFICE_MESSAGES.markingLimitRange),
    ),
);

/** Every purpose's limit (an enum-keyed record needs them all). */
const markingLimitsSchema = z.record(z.enum(MARK_PURPOSES), markingLimit);
export type MarkingLimits = z.infer<typeof markingLimitsSchema>;

const emailChoices = z.partialRecord(z.enum(EMAIL_KINDS), z.boolean());

/** What admins set on the Settings page. */
export const officeSettingsSchema = z.object({
  weeklyOffDays: z
    .array(z.union(WEEKDAYS.map((day) => z.literal(day))))
    .check(z.maxLength(6, OFFICE_MESSAGES.everyDayOff)),
  /** When the daily digest goes out, office time (HH:MM). */
  digestTime: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, OFFICE_MESSAGES.timeInvalid)),
  /** The digest's "due soon": due within this many working days. */
  dueSoonWorkingDays: threshold,
  escalation: z.object({
    /** Off by default: SPEC.md moves nothing to super_delayed by itself. */
    enabled: z.boolean(),
    afterWorkingDays: threshold,
  }),
  /** The mails a person gets unless they choose otherwise. */
  emailDefaults: emailChoices,
  /**
   * How many days a deleted task's stored files are kept before the job runner removes them;
   * 0 removes them at its next pass.
   */
  deletedFileRetentionDays: retentionDays,
  /** The diary and dispatch registers: numbering templates, categories, sections. */
  dak: dakSettingsSchema,
  /**
   * How many working days a marking may be held, per purpose (issue 36: the performance report
   * counts the holdings held longer); null sets none.
   */
  markingLimits: markingLimitsSchema,
});
export type OfficeSettings = z.infer<typeof officeSettingsSchema>;

/** PUT /api/office/settings: the settings, and the version the Settings page was opened on. */
export const officeSettingsUpdateInput = z.extend(officeSettingsSchema, {
  version: openedVersion,
});
export type OfficeSettingsUpdate = z.input<typeof officeSettingsUpdateInput>;
export type OfficeSettingsUpdateFields = z.output<typeof officeSettingsUpdateInput>;

/** The settings as the API sends them: with what a save sends back (shared/versions.ts). */
export type OfficeSettingsItem = OfficeSettings & { version: number };

export const DEFAULT_OFFICE_SETTINGS: OfficeSettings = {
  weeklyOffDays: [6, 0],
  digestTime: "08:00",
  dueSoonWorkingDays: 3,
  escalation: { enabled: false, afterWorkingDays: 7 },
  emailDefaults: {},
  deletedFileRetentionDays: 90,
  dak: DEFAULT_DAK_SETTINGS,
  // Necessary action has its task's due date, and Over Due counts lateness against it; the
  // others go by the office's usual turnaround (a reply for comments within the week).
  markingLimits: { information: 2, action: null, comments: 5, approval: 3, signature: 2 },
};

/** The mails nobody gets unless they (or the office's defaults) ask: the Daily Brief. */
export const OPT_IN_EMAIL_KINDS: ReadonlySet<EmailKind> = new Set(["daily_brief"]);

/**
 * Every e-mail kind but the opt-in ones is on unless the office's defaults or the person turn
 * it off; an opt-in one is off until they turn it on.
 */
export function wantsEmail(
  kind: EmailKind,
  person: EmailChoices | undefined,
  defaults: EmailChoices,
): boolean {
  return person?.[kind] ?? defaults[kind] ?? !OPT_IN_EMAIL_KINDS.has(kind);
}
