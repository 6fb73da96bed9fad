import { z } from "zod/mini";
import { addDays, dateSchema, formatDisplayDate } from "./dates";
import type { DecisionStatus } from "./decisions";
import {
  ENGAGEMENT_STATUS_LABELS,
  type StoredEngagementStatus,
  VENUE_LABELS,
  type Venue,
} from "./engagements";
import type { Language } from "./i18n/languages";
import { type Message, type MessageKey, message } from "./i18n/message";
import { withFallbacks } from "./list-state";
import type { EmailKind } from "./notifications";
import { type Role, seesAllTasks } from "./roles";

export const BRIEF_MESSAGES = {
  dateInvalid: "brief:dateInvalid",
} as const satisfies Record<string, MessageKey>;

/** GET /api/brief: the day it is for; the office's today when left out. */
export const briefQuery = z.object({
  date: z.optional(dateSchema(BRIEF_MESSAGES.dateInvalid)),
});
export type BriefQuery = z.infer<typeof briefQuery>;

/** The Daily Brief page's address: a hand-edited bad date falls back to today. */
export const briefPageState = withFallbacks(briefQuery);

/** Who reads the brief and may have it mailed: the department's overseers. */
export function readsBrief(role: Role): boolean {
  return seesAllTasks(role);
}

/** The mails a person of `role` may switch on or off (the brief only for those who read it). */
export function emailKindsFor<Kind extends EmailKind>(role: Role, kinds: readonly Kind[]): Kind[] {
  return kinds.filter((kind) => kind !== "daily_brief" || readsBrief(role));
}

/** Items a section lists; the rest are counted ("and 4 more"), so the page stays one A4. */
export const BRIEF_LIST_LIMIT = 8;
export const BRIEF_LONGEST_PENDING = 5;

/** A section's first items and how many it holds in all. */
export type BriefList<Item> = { items: Item[]; total: number };

export type BriefEngagement = {
  id: string;
  date: string;
  /** HH:mm */
  time: string;
  subject: string;
  venue: Venue;
  status: StoredEngagementStatus;
};

export type BriefTask = {
  id: string;
  subject: string;
  dueDate: string;
  /** The holder: the assignee's name. */
  assignee: string;
  /** Working days past due on the brief's day; 0 when not yet due. */
  daysOverdue: number;
};

export type BriefDecision = {
  id: string;
  description: string;
  engagement: { id: string; subject: string; date: string };
  owner: string | null;
  /** Its task's due date when it has one, else its own. */
  dueDate: string;
  status: DecisionStatus;
};

export type Brief = {
  date: string;
  isWorkingDay: boolean;
  /** The working day before `date`: newly overdue counts what fell due from it on. */
  since: string;
  /** The last day of "coming up": the next working day (Monday's, on a Friday). */
  upcomingTo: string;
  /** The office week (Monday to Sunday) holding `date`. */
  week: { start: string; end: string };
  engagementsToday: BriefList<BriefEngagement>;
  engagementsUpcoming: BriefList<BriefEngagement>;
  dueToday: BriefList<BriefTask>;
  newlyOverdue: BriefList<BriefTask>;
  superOverdue: BriefList<BriefTask>;
  decisionsThisWeek: BriefList<BriefDecision>;
  longestPending: BriefTask[];
  /**
   * The dak: receipts diarised today by category, and those marked to an officer whose task is
   * still open. Confidential and Secret receipts are not counted (heads read the brief).
   */
  dak: { today: { category: string; count: number }[]; markedOpen: number };
};

export const BRIEF_SECTIONS = [
  "engagementsToday",
  "engagementsUpcoming",
  "dueToday",
  "newlyOverdue",
  "superOverdue",
  "decisionsThisWeek",
  "longestPending",
  "dak",
] as const;
export type BriefSectionId = (typeof BRIEF_SECTIONS)[number];

/** A section of the brief worded: its heading, its lines, and how many it left unlisted. */
export type BriefSection = {
  id: BriefSectionId;
  heading: Message;
  items: { id: string; text: Message }[];
  more: number;
};

/**
 * The brief in words, as messages for `language`'s dates: the page and the mail show these
 * same lines, so what is printed and what is mailed cannot drift apart.
 */
export function briefSections(brief: Brief, language: Language): BriefSection[] {
  const date = (day: string) => formatDisplayDate(day, language);
  const engagement = (dated: boolean) => (item: BriefEngagement) =>
    message(dated ? "brief:item.engagementDated" : "brief:item.engagement", {
      date: date(item.date),
      time: item.time,
      subject: item.subject,
      venue: VENUE_LABELS[item.venue],
      status: ENGAGEMENT_STATUS_LABELS[item.status],
    });
  const overdueTask = (item: BriefTask) =>
    message("brief:item.taskOverdue", {
      subject: item.subject,
      assignee: item.assignee,
      dueDate: date(item.dueDate),
      count: item.daysOverdue,
    });
  const dueTask = (item: BriefTask) =>
    message("brief:item.task", { subject: item.subject, assignee: item.assignee });
  const decision = (item: BriefDecision) =>
    item.owner
      ? message("brief:item.decision", {
          description: item.description,
          owner: item.owner,
          dueDate: date(item.dueDate),
          meeting: item.engagement.subject,
        })
      : message("brief:item.decisionNoOwner", {
          description: item.description,
          dueDate: date(item.dueDate),
          meeting: item.engagement.subject,
        });
  const section = <Item extends { id: string }>(
    id: BriefSectionId,
    heading: Message,
    list: BriefList<Item>,
    line: (item: Item) => Message,
  ): BriefSection => ({
    id,
    heading,
    items: list.items.map((item) => ({ id: item.id, text: line(item) })),
    more: list.total - list.items.length,
  });
  const isNextDay = brief.upcomingTo === addDays(brief.date, 1);
  return [
    section(
      "engagementsToday",
      "brief:section.engagementsToday",
      brief.engagementsToday,
      engagement(false),
    ),
    section(
      "engagementsUpcoming",
      isNextDay
        ? "brief:section.engagementsTomorrow"
        : message("brief:section.engagementsUntil", { date: date(brief.upcomingTo) }),
      brief.engagementsUpcoming,
      engagement(true),
    ),
    section("dueToday", "brief:section.dueToday", brief.dueToday, dueTask),
    section(
      "newlyOverdue",
      message("brief:section.newlyOverdue", { date: date(brief.since) }),
      brief.newlyOverdue,
      overdueTask,
    ),
    section(
      "superOverdue",
      message("brief:section.superOverdue", { total: brief.superOverdue.total }),
      brief.superOverdue,
      overdueTask,
    ),
    section(
      "decisionsThisWeek",
      message("brief:section.decisionsThisWeek", {
        from: date(brief.week.start),
        to: date(brief.week.end),
      }),
      brief.decisionsThisWeek,
      decision,
    ),
    section(
      "longestPending",
      "brief:section.longestPending",
      { items: brief.longestPending, total: brief.longestPending.length },
      overdueTask,
    ),
    {
      id: "dak",
      heading: message("brief:section.dak", {
        total: brief.dak.today.reduce((sum, line) => sum + line.count, 0),
      }),
      items: [
        ...brief.dak.today.map((line) => ({
          id: `category-${line.category}`,
          text: message("brief:item.dakCategory", { category: line.category, count: line.count }),
        })),
        {
          id: "marked-open",
          text: message("brief:item.dakMarkedOpen", { count: brief.dak.markedOpen }),
        },
      ],
      more: 0,
    },
  ];
}
