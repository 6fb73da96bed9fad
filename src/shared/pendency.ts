import { z } from "zod/mini";
import { type OfficeCalendar, workingDaysAgo } from "./calendar";
import { addDays } from "./dates";
import type { MessageKey } from "./i18n/message";
import { withFallbacks } from "./list-state";
import type { Designations } from "./users";

/**
 * Open tasks by how far past due they are, in working days (the office calendar: weekly off
 * days and holidays). A task past due by 0 working days (due on a Saturday, read on Sunday)
 * is still past due, and counts in 1-7: late is late, however few working days have gone.
 */
export const AGE_BUCKETS = ["notDue", "1-7", "8-15", "16-30", "over30"] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
export const ageBucketSchema = z.enum(AGE_BUCKETS);

/** Each bucket's name (the task list's "Overdue by" filter words it the same way). */
export const AGE_BUCKET_LABELS = {
  notDue: "tasks:filter.age.notDue",
  "1-7": "tasks:filter.age.1-7",
  "8-15": "tasks:filter.age.8-15",
  "16-30": "tasks:filter.age.16-30",
  over30: "tasks:filter.age.over30",
} as const satisfies Record<AgeBucket, MessageKey>;

/**
 * The buckets' due-date cut-offs on `today`: `over7` is the latest due date that is 8 or more
 * working days past due, and so on. Working days past due only grow as the due date gets
 * earlier, so each bucket is a due-date range, computed once instead of per task.
 */
export type AgeEdges = { today: string; over7: string; over15: string; over30: string };

export function ageEdges(today: string, calendar: OfficeCalendar): AgeEdges {
  return {
    today,
    over7: workingDaysAgo(today, 8, calendar),
    over15: workingDaysAgo(today, 16, calendar),
    over30: workingDaysAgo(today, 31, calendar),
  };
}

/** A bucket's due dates, both ends included (an end left out is open). */
export function bucketDueDates(bucket: AgeBucket, edges: AgeEdges): { from?: string; to?: string } {
  switch (bucket) {
    case "notDue":
      return { from: edges.today };
    case "1-7":
      return { from: addDays(edges.over7, 1), to: addDays(edges.today, -1) };
    case "8-15":
      return { from: addDays(edges.over15, 1), to: edges.over7 };
    case "16-30":
      return { from: addDays(edges.over30, 1), to: edges.over15 };
    case "over30":
      return { to: edges.over30 };
  }
}

/**
 * The figures of a person's row (and the department's, their sums). `receiptsAwaitingAction`:
 * receipts marked to them whose task is not yet completed (decision 033).
 */
export const PENDENCY_FIGURES = [
  ...AGE_BUCKETS,
  "open",
  "completedThisWeek",
  "pendingExtensions",
  "pendingDecisions",
  "receiptsAwaitingAction",
] as const;
export type PendencyFigure = (typeof PENDENCY_FIGURES)[number];

/**
 * The columns the table sorts by: a name, a figure, the oldest open task's age, or the
 * average working days open items have been held.
 */
export const PENDENCY_SORTS = ["name", ...PENDENCY_FIGURES, "oldest", "averageDaysHeld"] as const;
export type PendencySort = (typeof PENDENCY_SORTS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** GET /api/pendency: the order of the people (the department row stays on top). */
export const pendencyQuery = z.object({
  sort: z._default(z.enum(PENDENCY_SORTS), "open"),
  dir: z._default(z.enum(SORT_DIRECTIONS), "desc"),
});
export type PendencyQuery = z.input<typeof pendencyQuery>;
export type PendencyOrder = z.output<typeof pendencyQuery>;

/** The order in the address bar: a hand-edited value falls back to the default. */
export const pendencyState = withFallbacks(pendencyQuery);

export const PENDENCY_MESSAGES = {
  fetchFailed: "pendency:fetchFailed",
} as const satisfies Record<string, MessageKey>;

/** The open task due the earliest: how long the oldest piece of work has waited. */
export type OldestTask = {
  id: string;
  subject: string;
  dueDate: string;
  /** Working days past due on today; 0 while not yet due (or past due by 0 working days). */
  daysPastDue: number;
};

export type PendencyFigures = Record<PendencyFigure, number> & {
  oldest: OldestTask | null;
  /**
   * The working days open items have been held by their holder now (since tasks.held_since:
   * the holding began, as a marking's days held count them), averaged over the items, to one
   * decimal; the department's over all open items. Null with nothing open.
   */
  averageDaysHeld: number | null;
};

export type PendencyPerson = PendencyFigures & Designations & { userId: string; name: string };

/** One office week (Monday to Sunday) of the trend. */
export type PendencyWeek = {
  weekStart: string;
  /** Tasks with an assign date in the week. */
  opened: number;
  /** Tasks with a completion date in the week. */
  completed: number;
  /** Tasks open and past due at the week's end (today, for the current week). */
  overdue: number;
};

/** How many weeks the trend shows, the current one last. */
export const TREND_WEEKS = 12;

export type PendencyDashboard = {
  today: string;
  /** Monday of the current office week: "completed this week" counts from it. */
  weekStart: string;
  department: PendencyFigures;
  people: PendencyPerson[];
  trend: PendencyWeek[];
};
