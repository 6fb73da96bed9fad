import { z } from "zod/mini";
import { type Message, type MessageKey, message } from "./i18n/message";
import { withFallbacks } from "./list-state";
import { plainText } from "./text";
import { accountId } from "./users";

/** SPEC.md section 9. */
export const VENUES = [
  "HED Committee Room",
  "Secretary Board Room",
  "CM Secretariat",
  "P&D Committee Room",
  "CS Office",
  "ACS Home",
  "Cabinet Room",
] as const;
export const venueSchema = z.enum(VENUES);
export type Venue = z.infer<typeof venueSchema>;

export const ENGAGEMENT_STATUSES = [
  "Held",
  "Scheduled",
  "Postponed",
  "Tentative",
  "Cancelled",
] as const;
/** Values written by the original app; still stored and displayed. */
export const LEGACY_ENGAGEMENT_STATUSES = [
  "meeting held",
  "meeting postponed",
  "meeting scheduled",
] as const;
export const engagementStatusSchema = z.enum(ENGAGEMENT_STATUSES);
export type EngagementStatus = z.infer<typeof engagementStatusSchema>;
/** Every status a stored engagement may hold: today's and the original app's. */
export const STORED_ENGAGEMENT_STATUSES = [
  ...ENGAGEMENT_STATUSES,
  ...LEGACY_ENGAGEMENT_STATUSES,
] as const;
export type StoredEngagementStatus = (typeof STORED_ENGAGEMENT_STATUSES)[number];

/** One colour per status everywhere (ARCHITECTURE.md), legacy values with their match. */
export const ENGAGEMENT_STATUS_COLORS: Record<StoredEngagementStatus, string> = {
  Held: "green",
  "meeting held": "green",
  Scheduled: "blue",
  "meeting scheduled": "blue",
  Postponed: "orange",
  "meeting postponed": "orange",
  Tentative: "gray",
  Cancelled: "red",
};

export function isCancelled(status: string): boolean {
  return status === "Cancelled";
}

/** What people read for each venue; the stored value stays the English name. */
export const VENUE_LABELS = {
  "HED Committee Room": "engagements:venue.HED Committee Room",
  "Secretary Board Room": "engagements:venue.Secretary Board Room",
  "CM Secretariat": "engagements:venue.CM Secretariat",
  "P&D Committee Room": "engagements:venue.P&D Committee Room",
  "CS Office": "engagements:venue.CS Office",
  "ACS Home": "engagements:venue.ACS Home",
  "Cabinet Room": "engagements:venue.Cabinet Room",
} as const satisfies Record<Venue, MessageKey>;

/** Each status's label, the original app's included; the stored value stays English. */
export const ENGAGEMENT_STATUS_LABELS = {
  Held: "engagements:status.Held",
  Scheduled: "engagements:status.Scheduled",
  Postponed: "engagements:status.Postponed",
  Tentative: "engagements:status.Tentative",
  Cancelled: "engagements:status.Cancelled",
  "meeting held": "engagements:status.meeting held",
  "meeting postponed": "engagements:status.meeting postponed",
  "meeting scheduled": "engagements:status.meeting scheduled",
} as const satisfies Record<StoredEngagementStatus, MessageKey>;

/** Catalog keys: whoever shows a message translates it (toasts, forms, the API's answers). */
export const ENGAGEMENT_MESSAGES = {
  required: "common:error.required",
  invalidDate: "common:error.invalidDate",
  invalidTime: "engagements:error.invalidTime",
  subjectTooLong: "engagements:error.subjectTooLong",
  inAttendanceTooLong: "engagements:error.inAttendanceTooLong",
  invalidParticipant: "engagements:error.invalidParticipant",
  tooManyParticipants: "engagements:error.tooManyParticipants",
  duplicateParticipant: "engagements:error.duplicateParticipant",
  created: "engagements:toast.created",
  updated: "engagements:toast.updated",
  deleted: "engagements:toast.deleted",
  fetchFailed: "engagements:error.fetchFailed",
  createFailed: "engagements:error.createFailed",
  updateFailed: "engagements:error.updateFailed",
  deleteFailed: "engagements:error.deleteFailed",
  confirmUpdate: "engagements:confirm.update",
  confirmDelete: "engagements:confirm.delete",
  notFound: "engagements:notFound",
  /** The page's title, also the calendar feed's name. */
  chartTitle: "common:page.engagementChart",
  /**
   * A double booking. `date` is already written for the reader (formatDisplayDate in their
   * language); the venue is named by its label.
   */
  clash: (venue: Venue, date: string, time: string, subject: string) =>
    message("engagements:clash.message", { venue: VENUE_LABELS[venue], date, time, subject }),
} as const satisfies Record<string, Message | ((...values: never[]) => Message)>;

/** Field names, as the shared text rules name them in their messages. */
const FIELD_NAMES = {
  subject: "engagements:field.subject",
  inAttendance: "engagements:field.inAttendance",
  search: "common:field.search",
} as const satisfies Record<string, MessageKey>;

const required = z
  .string({ error: ENGAGEMENT_MESSAGES.required })
  .check(z.trim(), z.minLength(1, ENGAGEMENT_MESSAGES.required));

/** An empty query parameter: the same as one left out. */
const blank = z.pipe(
  z.literal(""),
  z.transform(() => undefined),
);

/** HH:mm, 24-hour. */
export const timeSchema = z.pipe(
  required,
  z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, ENGAGEMENT_MESSAGES.invalidTime)),
);

/** At most this many participants per engagement: a meeting's attendance, not a mailing list. */
export const MAX_PARTICIPANTS = 100;

/**
 * The people in attendance who have accounts (their ids), told of the engagement by e-mail
 * and in the app. Whether each is an approved account is the server's check.
 */
const participantsSchema = z._default(
  z
    .array(accountId(ENGAGEMENT_MESSAGES.invalidParticipant), {
      error: ENGAGEMENT_MESSAGES.invalidParticipant,
    })
    .check(
      z.maxLength(MAX_PARTICIPANTS, ENGAGEMENT_MESSAGES.tooManyParticipants),
      z.refine((ids) => new Set(ids).size === ids.length, ENGAGEMENT_MESSAGES.duplicateParticipant),
    ),
  [],
);

/**
 * Create New Engagement and edit: all six fields required (SPEC.md section 5), and the
 * participants to tell, none by default.
 */
export const engagementInput = z.object({
  date: z.pipe(required, z.iso.date(ENGAGEMENT_MESSAGES.invalidDate)),
  time: timeSchema,
  subject: z.pipe(
    required,
    z
      .string()
      .check(z.maxLength(500, ENGAGEMENT_MESSAGES.subjectTooLong), plainText(FIELD_NAMES.subject)),
  ),
  venue: z.pipe(required, venueSchema),
  responsibility: z.pipe(
    required,
    z
      .string()
      .check(
        z.maxLength(500, ENGAGEMENT_MESSAGES.inAttendanceTooLong),
        plainText(FIELD_NAMES.inAttendance),
      ),
  ),
  status: z.pipe(required, engagementStatusSchema),
  participants: participantsSchema,
  /** Save even though another engagement holds the same venue, date and time. */
  allowClash: z._default(z.optional(z.boolean()), false),
});
export type EngagementInput = z.input<typeof engagementInput>;
/**
 * An engagement's fields as the schema hands them over: trimmed, `allowClash` and
 * `participants` filled in.
 */
export type EngagementFields = z.output<typeof engagementInput>;

export const engagementListQuery = z.object({
  /** The current week (Monday to Sunday in the office's zone), or everything. */
  range: z._default(z.enum(["week", "all"]), "week"),
  venue: z.union([z.optional(venueSchema), blank]),
  status: z.union([z.optional(z.enum(STORED_ENGAGEMENT_STATUSES)), blank]),
  date: z.union([z.optional(z.iso.date()), blank]),
  search: z._default(
    z.optional(z.string().check(z.trim(), z.maxLength(200), plainText(FIELD_NAMES.search))),
    "",
  ),
  /** The chart reads in time order; Manage Engagements shows the newest dates first. */
  order: z._default(z.enum(["asc", "desc"]), "asc"),
});
export type EngagementListQuery = z.input<typeof engagementListQuery>;
export type EngagementFilters = z.output<typeof engagementListQuery>;

/** The filters proper: not the chart's week-or-everything switch, nor the page's order. */
export const ENGAGEMENT_FILTER_FIELDS = z.keyof(
  z.omit(engagementListQuery, { range: true, order: true }),
).options;

/** The engagement pages in the address bar: the filters and the chart's `range`. */
export const engagementListState = withFallbacks(z.omit(engagementListQuery, { order: true }));
export type EngagementListState = z.output<typeof engagementListState>;

/** An engagement's id in a path: anything but a UUID names no engagement. */
export const engagementIdParam = z.object({ id: z.guid(ENGAGEMENT_MESSAGES.notFound) });

export const CALENDAR_MESSAGES = {
  invalidFeed: "engagements:calendar.invalidFeed",
} as const satisfies Record<string, MessageKey>;

/** GET /api/calendar/:file: the feed's secret token (base64url) followed by ".ics". */
export const calendarFileParam = z.object({
  file: z.pipe(
    z.string().check(z.regex(/^[A-Za-z0-9_-]{16,128}\.ics$/, CALENDAR_MESSAGES.invalidFeed)),
    z.transform((file) => file.slice(0, -".ics".length)),
  ),
});

/** What the viewer may do to an engagement, decided by the server (engagements/policy.ts). */
export type EngagementAbilities = { edit: boolean; delete: boolean };

export type EngagementItem = {
  id: string;
  date: string;
  /** HH:mm */
  time: string;
  subject: string;
  venue: Venue;
  responsibility: string;
  status: StoredEngagementStatus;
  /** The people in attendance with accounts, by name: they are told of changes. */
  participants: EngagementParticipant[];
  createdBy: string | null;
  can: EngagementAbilities;
};

export type EngagementParticipant = { id: string; name: string };

export type EngagementList = {
  engagements: EngagementItem[];
  /** The week shown when range is "week": Monday and Sunday, yyyy-MM-dd. */
  week: { start: string; end: string };
};

export type CalendarFeed = { url: string };
