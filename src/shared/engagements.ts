import { z } from "zod";
import { withFallbacks } from "./list-state";
import { plainText } from "./text";

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

export const ENGAGEMENT_MESSAGES = {
  required: "Please fill in all required fields",
  invalidDate: "Please enter a valid date",
  invalidTime: "Please enter a valid time",
  created: "Engagement created successfully",
  updated: "Engagement updated successfully",
  deleted: "Engagement deleted successfully",
  fetchFailed: "Failed to fetch engagements",
  createFailed: "Failed to create engagement",
  updateFailed: "Failed to update engagement",
  deleteFailed: "Failed to delete engagement",
  confirmUpdate: "Are you sure to update the engagement?",
  confirmDelete: "This action cannot be undone. This will permanently delete this engagement.",
  notFound: "Engagement not found",
  chartTitle: "Secretary HED Engagement Chart",
  clash: (venue: string, date: string, time: string, subject: string) =>
    `${venue} is already booked on ${date} at ${time} for "${subject}".`,
} as const;

const required = z
  .string({ error: ENGAGEMENT_MESSAGES.required })
  .trim()
  .min(1, ENGAGEMENT_MESSAGES.required);

/** HH:mm, 24-hour. */
export const timeSchema = required.pipe(
  z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, ENGAGEMENT_MESSAGES.invalidTime),
);

/** Create New Engagement and edit: all six fields required (SPEC.md section 5). */
export const engagementInput = z.object({
  date: required.pipe(z.iso.date(ENGAGEMENT_MESSAGES.invalidDate)),
  time: timeSchema,
  subject: required.pipe(
    z.string().max(500, "Subject must be at most 500 characters long").check(plainText("Subject")),
  ),
  venue: required.pipe(venueSchema),
  responsibility: required.pipe(
    z
      .string()
      .max(500, "In Attendance must be at most 500 characters long")
      .check(plainText("In Attendance")),
  ),
  status: required.pipe(engagementStatusSchema),
  /** Save even though another engagement holds the same venue, date and time. */
  allowClash: z.boolean().optional().default(false),
});
export type EngagementInput = z.input<typeof engagementInput>;
/** An engagement's fields as the schema hands them over: trimmed, `allowClash` filled in. */
export type EngagementFields = z.output<typeof engagementInput>;

export const engagementListQuery = z.object({
  /** The current week (Monday to Sunday in the office's zone), or everything. */
  range: z.enum(["week", "all"]).default("week"),
  venue: venueSchema.optional().or(z.literal("").transform(() => undefined)),
  status: z
    .enum(STORED_ENGAGEMENT_STATUSES)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  date: z.iso
    .date()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  search: z.string().trim().max(200).check(plainText("Search")).optional().default(""),
  /** The chart reads in time order; Manage Engagements shows the newest dates first. */
  order: z.enum(["asc", "desc"]).default("asc"),
});
export type EngagementListQuery = z.input<typeof engagementListQuery>;
export type EngagementFilters = z.output<typeof engagementListQuery>;

/** The filters proper: not the chart's week-or-everything switch, nor the page's order. */
export const ENGAGEMENT_FILTER_FIELDS = engagementListQuery
  .omit({ range: true, order: true })
  .keyof().options;

/** The engagement pages in the address bar: the filters and the chart's `range`. */
export const engagementListState = withFallbacks(engagementListQuery.omit({ order: true }));
export type EngagementListState = z.output<typeof engagementListState>;

/** An engagement's id in a path: anything but a UUID names no engagement. */
export const engagementIdParam = z.object({ id: z.guid(ENGAGEMENT_MESSAGES.notFound) });

export const CALENDAR_MESSAGES = {
  invalidFeed: "This calendar address is not valid any more",
} as const;

/** GET /api/calendar/:file: the feed's secret token (base64url) followed by ".ics". */
export const calendarFileParam = z.object({
  file: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}\.ics$/, CALENDAR_MESSAGES.invalidFeed)
    .transform((file) => file.slice(0, -".ics".length)),
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
  createdBy: string | null;
  can: EngagementAbilities;
};

export type EngagementList = {
  engagements: EngagementItem[];
  /** The week shown when range is "week": Monday and Sunday, yyyy-MM-dd. */
  week: { start: string; end: string };
};

export type CalendarFeed = { url: string };
