import { z } from "zod/mini";
import { dateSchema } from "./dates";
import type { Compliance, DecisionItem } from "./decisions";
import { type Message, type MessageKey, message } from "./i18n/message";
import { withFallbacks } from "./list-state";
import { plainText } from "./text";
import { accountId } from "./users";
import { openedVersion } from "./versions";

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
  invalidGuest: "engagements:error.invalidGuest",
  tooManyGuests: "engagements:error.tooManyGuests",
  invalidFollowUp: "engagements:error.invalidFollowUp",
  postponeReasonRequired: "engagements:error.postponeReasonRequired",
  cancelReasonRequired: "engagements:error.cancelReasonRequired",
  reasonTooLong: "engagements:error.reasonTooLong",
  agendaTitleRequired: "engagements:error.agendaTitleRequired",
  agendaTooLong: "engagements:error.agendaTooLong",
  tooManyAgendaItems: "engagements:error.tooManyAgendaItems",
  invalidAgendaItem: "engagements:error.invalidAgendaItem",
  minutesTooLong: "engagements:error.minutesTooLong",
  minutesUnsafe: "engagements:error.minutesUnsafe",
  agendaSaved: "engagements:toast.agendaSaved",
  minutesSaved: "engagements:toast.minutesSaved",
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
  /**
   * A save refused because its part of the engagement changed after the form opened
   * (shared/versions.ts): the details, the agenda and the minutes each have their own version
   * and their own words, so the admin knows which part someone else saved.
   */
  changedBy: "engagements:conflict.changedBy",
  changedAutomatically: "engagements:conflict.changedAutomatically",
  changedLive: "engagements:conflict.live",
  agendaChangedBy: "engagements:conflict.agendaChangedBy",
  agendaChangedAutomatically: "engagements:conflict.agendaChangedAutomatically",
  agendaChangedLive: "engagements:conflict.agendaLive",
  minutesChangedBy: "engagements:conflict.minutesChangedBy",
  minutesChangedAutomatically: "engagements:conflict.minutesChangedAutomatically",
  minutesChangedLive: "engagements:conflict.minutesLive",
  /** The page's title, also the calendar feed's name. */
  chartTitle: "common:page.engagementChart",
  /**
   * A double booking. `date` is already written for the reader (formatDisplayDate in their
   * language); the venue is named by its label.
   */
  clash: (venue: Venue, date: string, time: string, subject: string) =>
    message("engagements:clash.message", { venue: VENUE_LABELS[venue], date, time, subject }),
  /** A participant already in another engagement at an overlapping time. */
  participantClash: (person: string, date: string, time: string, subject: string) =>
    message("engagements:clash.participant", { person, date, time, subject }),
} as const satisfies Record<string, Message | ((...values: never[]) => Message)>;

/** Field names, as the shared text rules name them in their messages. */
const FIELD_NAMES = {
  subject: "engagements:field.subject",
  inAttendance: "engagements:field.inAttendance",
  guest: "engagements:field.guest",
  reason: "engagements:field.reason",
  agendaTitle: "engagements:field.agendaTitle",
  presenter: "engagements:field.presenter",
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

/** At most this many guests (people in attendance without an account). */
export const MAX_GUESTS = 100;

const guestsSchema = z._default(
  z
    .array(
      z
        .string({ error: ENGAGEMENT_MESSAGES.invalidGuest })
        .check(
          z.trim(),
          z.minLength(1, ENGAGEMENT_MESSAGES.invalidGuest),
          z.maxLength(200, ENGAGEMENT_MESSAGES.invalidGuest),
          plainText(FIELD_NAMES.guest),
        ),
      { error: ENGAGEMENT_MESSAGES.invalidGuest },
    )
    .check(z.maxLength(MAX_GUESTS, ENGAGEMENT_MESSAGES.tooManyGuests)),
  [],
);

/** Why an engagement is postponed or cancelled; required on the move to either status. */
const statusReasonSchema = z.optional(
  z.nullable(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(1000, ENGAGEMENT_MESSAGES.reasonTooLong),
        plainText(FIELD_NAMES.reason, "multiline"),
      ),
  ),
);

/**
 * Create New Engagement and edit: all six fields required (SPEC.md section 5), the
 * participants to tell (none by default), guests without accounts, the meeting this one
 * follows up, and the reason for a postponement or cancellation. "In Attendance" left empty is
 * filled by the server from the participants' and guests' names when there are any.
 */
export const engagementInput = z
  .object({
    date: z.pipe(required, dateSchema(ENGAGEMENT_MESSAGES.invalidDate)),
    time: timeSchema,
    subject: z.pipe(
      required,
      z
        .string()
        .check(
          z.maxLength(500, ENGAGEMENT_MESSAGES.subjectTooLong),
          plainText(FIELD_NAMES.subject),
        ),
    ),
    venue: z.pipe(required, venueSchema),
    responsibility: z._default(
      z
        .string({ error: ENGAGEMENT_MESSAGES.required })
        .check(
          z.trim(),
          z.maxLength(500, ENGAGEMENT_MESSAGES.inAttendanceTooLong),
          plainText(FIELD_NAMES.inAttendance),
        ),
      "",
    ),
    status: z.pipe(required, engagementStatusSchema),
    participants: participantsSchema,
    guests: guestsSchema,
    followUpOf: z._default(z.nullable(z.guid(ENGAGEMENT_MESSAGES.invalidFollowUp)), null),
    statusReason: statusReasonSchema,
    /**
     * Save even though another engagement holds the same venue, date and time, or a participant
     * is in another engagement then.
     */
    allowClash: z._default(z.optional(z.boolean()), false),
  })
  .check(
    z.refine(
      (input) =>
        input.responsibility !== "" || input.participants.length > 0 || input.guests.length > 0,
      { message: ENGAGEMENT_MESSAGES.required, path: ["responsibility"] },
    ),
  );
export type EngagementInput = z.input<typeof engagementInput>;
/**
 * An engagement's fields as the schema hands them over: trimmed, `allowClash` and
 * `participants` filled in.
 */
export type EngagementFields = z.output<typeof engagementInput>;

/**
 * PUT /api/engagements/:id: Edit Engagement's fields and the version of the details it was
 * opened on (a create carries none: there is nothing to have changed).
 */
export const updateEngagementInput = z.intersection(
  engagementInput,
  z.object({ version: openedVersion }),
);
export type UpdateEngagementInput = z.input<typeof updateEngagementInput>;
export type UpdateEngagementFields = z.output<typeof updateEngagementInput>;

/** At most this many agenda items per engagement. */
export const MAX_AGENDA_ITEMS = 50;

/**
 * PUT /api/engagements/:id/agenda: the whole agenda in order, and the agenda's version it was
 * opened on (`record.agendaVersion`). An item sent with its id keeps it (and the decisions
 * taken on it); one left out is removed.
 */
export const agendaInput = z.object({
  version: openedVersion,
  items: z
    .array(
      z.object({
        id: z.optional(z.guid(ENGAGEMENT_MESSAGES.invalidAgendaItem)),
        title: z
          .string({ error: ENGAGEMENT_MESSAGES.agendaTitleRequired })
          .check(
            z.trim(),
            z.minLength(1, ENGAGEMENT_MESSAGES.agendaTitleRequired),
            z.maxLength(500, ENGAGEMENT_MESSAGES.agendaTooLong),
            plainText(FIELD_NAMES.agendaTitle),
          ),
        presenter: z._default(
          z
            .string()
            .check(
              z.trim(),
              z.maxLength(200, ENGAGEMENT_MESSAGES.agendaTooLong),
              plainText(FIELD_NAMES.presenter),
            ),
          "",
        ),
      }),
    )
    .check(z.maxLength(MAX_AGENDA_ITEMS, ENGAGEMENT_MESSAGES.tooManyAgendaItems)),
});
export type AgendaInput = z.input<typeof agendaInput>;

/** The minutes' limit, in bytes of UTF-8 as sent. */
export const MAX_MINUTES_BYTES = 100 * 1024;

/**
 * PUT /api/engagements/:id/minutes: HTML from the editor and the minutes' version it was opened
 * on (`record.minutesVersion`). The server keeps headings, lists, emphasis and links only, and
 * refuses markup that tries more (scripts, event handlers).
 */
export const minutesInput = z.object({
  version: openedVersion,
  minutes: z
    .string({ error: ENGAGEMENT_MESSAGES.required })
    .check(
      z.refine(
        (html) => new TextEncoder().encode(html).length <= MAX_MINUTES_BYTES,
        ENGAGEMENT_MESSAGES.minutesTooLong,
      ),
    ),
});
export type MinutesInput = z.input<typeof minutesInput>;

export const engagementListQuery = z.object({
  /** The current week (Monday to Sunday in the office's zone), or everything. */
  range: z._default(z.enum(["week", "all"]), "week"),
  venue: z.union([z.optional(venueSchema), blank]),
  status: z.union([z.optional(z.enum(STORED_ENGAGEMENT_STATUSES)), blank]),
  date: z.union([z.optional(dateSchema()), blank]),
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
export type EngagementAbilities = {
  edit: boolean;
  delete: boolean;
  /** Write the agenda, the minutes and the decisions (admins). */
  record: boolean;
  /** See the decisions' compliance (admins and organization heads). */
  seeCompliance: boolean;
};

/** The meeting another refers to: its follow-up link, a decision's meeting. */
export type EngagementRef = { id: string; subject: string; date: string };

export type AgendaItem = { id: string; position: number; title: string; presenter: string };

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
  /** People in attendance without an account. */
  guests: string[];
  followUpOf: EngagementRef | null;
  /** The date first set, once postponed; null until then. */
  originalDate: string | null;
  /** Why it was postponed or cancelled. */
  statusReason: string | null;
  createdBy: string | null;
  /** The details' version, what Edit Engagement sends back (shared/versions.ts). */
  version: number;
  can: EngagementAbilities;
};

/**
 * GET /api/engagements/:id. `record` is null for a signed-in user who is not a participant
 * (they see the chart's fields only); `compliance` only for those who may see it.
 */
export type EngagementDetails = EngagementItem & {
  record: {
    agenda: AgendaItem[];
    /** What an agenda save sends back: the agenda's own version, apart from the details'. */
    agendaVersion: number;
    /** Sanitised HTML. */
    minutes: string;
    /** What a minutes save sends back. */
    minutesVersion: number;
    decisions: DecisionItem[];
    compliance: Compliance | null;
    /** The meeting this one follows up, and its decisions as they stand today. */
    previous: { engagement: EngagementRef; decisions: DecisionItem[] } | null;
  } | null;
};

export type EngagementParticipant = { id: string; name: string };

export type EngagementList = {
  engagements: EngagementItem[];
  /** The week shown when range is "week": Monday and Sunday, yyyy-MM-dd. */
  week: { start: string; end: string };
};

export type CalendarFeed = { url: string };
