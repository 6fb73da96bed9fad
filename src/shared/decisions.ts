import { z } from "zod/mini";
import { dateSchema } from "./dates";
import type { MessageKey } from "./i18n/message";
import { withFallbacks } from "./list-state";
import { plainText } from "./text";
import { accountId } from "./users";

/**
 * What a meeting decided about something: an action someone must carry out (a task of type
 * Request), a matter regretted (not actionable under the rules, with the reason), or one
 * noted (nothing to do).
 */
export const DECISION_OUTCOMES = ["action", "regretted", "noted"] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];

/**
 * Where a decision stands: an action is done (its task completed), overdue (its task late, or
 * past its due date) or pending; the other two outcomes are their own status.
 */
export const DECISION_STATUSES = ["done", "pending", "overdue", "regretted", "noted"] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

export const DECISION_STATUS_LABELS = {
  done: "decisions:status.done",
  pending: "decisions:status.pending",
  overdue: "decisions:status.overdue",
  regretted: "decisions:status.regretted",
  noted: "decisions:status.noted",
} as const satisfies Record<DecisionStatus, MessageKey>;

export const DECISION_STATUS_COLORS: Record<DecisionStatus, string> = {
  done: "green",
  pending: "blue",
  overdue: "red",
  regretted: "gray",
  noted: "gray",
};

export const DECISION_OUTCOME_LABELS = {
  action: "decisions:outcome.action",
  regretted: "decisions:outcome.regretted",
  noted: "decisions:outcome.noted",
} as const satisfies Record<DecisionOutcome, MessageKey>;

/**
 * A decision's status on `today` (yyyy-MM-dd, office zone), read from its task when it has
 * one. An action whose task was deleted keeps its own due date.
 */
export function decisionStatus(
  decision: { outcome: DecisionOutcome; dueDate: string | null },
  task: { status: string; dueDate: string } | null,
  today: string,
): DecisionStatus {
  if (decision.outcome !== "action") return decision.outcome;
  if (task?.status === "completed") return "done";
  const due = task?.dueDate ?? decision.dueDate;
  const late = task?.status === "delayed" || task?.status === "super_delayed";
  return late || (due !== null && due < today) ? "overdue" : "pending";
}

export type Compliance = {
  /** Actions only: done + pending + overdue. */
  actionable: number;
  done: number;
  pending: number;
  overdue: number;
  regretted: number;
  noted: number;
  /** done / actionable as a whole percentage, null when nothing is actionable. */
  rate: number | null;
};

/** The compliance of a set of decisions, from their statuses. */
export function complianceOf(statuses: readonly DecisionStatus[]): Compliance {
  const count = (status: DecisionStatus) => statuses.filter((s) => s === status).length;
  const done = count("done");
  const pending = count("pending");
  const overdue = count("overdue");
  const actionable = done + pending + overdue;
  return {
    actionable,
    done,
    pending,
    overdue,
    regretted: count("regretted"),
    noted: count("noted"),
    rate: actionable === 0 ? null : Math.round((done / actionable) * 100),
  };
}

export const DECISION_MESSAGES = {
  required: "common:error.required",
  invalidDate: "common:error.invalidDate",
  descriptionRequired: "decisions:error.descriptionRequired",
  descriptionTooLong: "decisions:error.descriptionTooLong",
  ownerRequired: "decisions:error.ownerRequired",
  invalidOwner: "decisions:error.invalidOwner",
  dueDateRequired: "decisions:error.dueDateRequired",
  dueBeforeMeeting: "decisions:error.dueBeforeMeeting",
  reasonRequired: "decisions:error.reasonRequired",
  reasonTooLong: "decisions:error.reasonTooLong",
  invalidOutcome: "decisions:error.invalidOutcome",
  invalidAgendaItem: "decisions:error.invalidAgendaItem",
  tooMany: "decisions:error.tooMany",
  invalidStatus: "decisions:error.invalidStatus",
  invalidMeeting: "decisions:error.invalidMeeting",
  rangeReversed: "decisions:error.rangeReversed",
  invalidPage: "decisions:error.invalidPage",
  notFound: "decisions:error.notFound",
  recorded: "decisions:toast.recorded",
  deleted: "decisions:toast.deleted",
} as const satisfies Record<string, MessageKey>;

/** At most this many decisions in one save of the minutes. */
export const MAX_DECISIONS_PER_SAVE = 50;

const isoDate = dateSchema(DECISION_MESSAGES.invalidDate);

/**
 * One decision as the minutes record it. An action needs an owner (an assignee) and a due date
 * no earlier than the meeting (the server checks that against the meeting's date); a regretted
 * one needs its reason. The description becomes the task's subject.
 */
export const decisionInput = z
  .object({
    agendaItemId: z.optional(z.nullable(z.guid(DECISION_MESSAGES.invalidAgendaItem))),
    description: z
      .string({ error: DECISION_MESSAGES.descriptionRequired })
      .check(
        z.trim(),
        z.minLength(1, DECISION_MESSAGES.descriptionRequired),
        z.maxLength(300, DECISION_MESSAGES.descriptionTooLong),
        plainText("decisions:field.description"),
      ),
    outcome: z.enum(DECISION_OUTCOMES, DECISION_MESSAGES.invalidOutcome),
    ownerId: z.optional(z.nullable(accountId(DECISION_MESSAGES.invalidOwner))),
    dueDate: z.optional(z.nullable(isoDate)),
    reason: z.optional(
      z.nullable(
        z
          .string()
          .check(
            z.trim(),
            z.maxLength(2000, DECISION_MESSAGES.reasonTooLong),
            plainText("decisions:field.reason", "multiline"),
          ),
      ),
    ),
  })
  .check(
    z.refine((d) => d.outcome !== "action" || !!d.ownerId, {
      message: DECISION_MESSAGES.ownerRequired,
      path: ["ownerId"],
    }),
    z.refine((d) => d.outcome !== "action" || !!d.dueDate, {
      message: DECISION_MESSAGES.dueDateRequired,
      path: ["dueDate"],
    }),
    z.refine((d) => d.outcome !== "regretted" || !!d.reason, {
      message: DECISION_MESSAGES.reasonRequired,
      path: ["reason"],
    }),
  );
export type DecisionInput = z.input<typeof decisionInput>;
export type DecisionFields = z.output<typeof decisionInput>;

/** POST /api/engagements/:id/decisions: the decisions of one save, recorded together. */
export const decisionsInput = z.object({
  decisions: z
    .array(decisionInput)
    .check(
      z.minLength(1, DECISION_MESSAGES.required),
      z.maxLength(MAX_DECISIONS_PER_SAVE, DECISION_MESSAGES.tooMany),
    ),
});
export type DecisionsInput = z.input<typeof decisionsInput>;

export const decisionIdParam = z.object({ id: z.guid(DECISION_MESSAGES.notFound) });

const blank = z.pipe(
  z.literal(""),
  z.transform(() => undefined),
);

/**
 * GET /api/decisions (the Decisions page, admin and heads): the meeting, the owner, the status
 * and the meetings' dates (both inclusive); the most days overdue first.
 */
export const decisionListQuery = z
  .object({
    engagement: z.union([z.optional(z.guid(DECISION_MESSAGES.invalidMeeting)), blank]),
    owner: z.union([z.optional(accountId(DECISION_MESSAGES.invalidOwner)), blank]),
    // Not a union with `blank`: a value that fails every member of a union reports the union's
    // "Invalid input", not the enum's message.
    status: z.pipe(
      z.pipe(
        z.optional(z.string()),
        z.transform((value) => value || undefined),
      ),
      z.optional(z.enum(DECISION_STATUSES, DECISION_MESSAGES.invalidStatus)),
    ),
    from: z.union([z.optional(isoDate), blank]),
    to: z.union([z.optional(isoDate), blank]),
    page: z._default(
      z.coerce
        .number(DECISION_MESSAGES.invalidPage)
        .check(z.int(DECISION_MESSAGES.invalidPage), z.gte(1, DECISION_MESSAGES.invalidPage)),
      1,
    ),
  })
  .check(
    z.refine((query) => !query.from || !query.to || query.from <= query.to, {
      message: DECISION_MESSAGES.rangeReversed,
      path: ["to"],
    }),
  );
export type DecisionListQuery = z.input<typeof decisionListQuery>;
export type DecisionFilters = z.output<typeof decisionListQuery>;
export const decisionListState = withFallbacks(decisionListQuery);

export const DECISIONS_PAGE_SIZE = 50;

/** One decision as the API sends it. */
export type DecisionItem = {
  id: string;
  engagement: { id: string; subject: string; date: string };
  agendaItem: { id: string; title: string } | null;
  description: string;
  outcome: DecisionOutcome;
  owner: { id: string; name: string } | null;
  dueDate: string | null;
  reason: string | null;
  /** The task carrying it out; null for regretted and noted ones, or once the task is gone. */
  task: { id: string; status: string; dueDate: string; completionDate: string | null } | null;
  status: DecisionStatus;
  /** Days past its due date on the office's today; 0 unless overdue. */
  daysOverdue: number;
  createdAt: string;
  /**
   * Moved by a change to what the minutes recorded (drizzle/0026), not by its task's progress:
   * what an edit of the decision would send back (shared/versions.ts).
   */
  version: number;
  can: { delete: boolean };
};

export type DecisionPage = {
  decisions: DecisionItem[];
  total: number;
  page: number;
  pageSize: number;
  compliance: Compliance;
};
