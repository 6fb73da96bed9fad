import { z } from "zod/mini";
import { MARK_PURPOSES, type MarkPurpose, optionalText, requiredText } from "./dak";
import type { MessageKey } from "./i18n/message";
import { withFallbacks } from "./list-state";
import { accountId } from "./users";

/**
 * How a task came to its holder (issue 36, docs/decisions/034): assigned (created, or given by an
 * admin's edit or a hand-over), marked onward by its holder or an admin, returned to the one
 * who marked it for comments, approval or signature, or pulled back by its sender.
 */
export const MARKING_KINDS = ["assigned", "marked", "returned", "pulled_back"] as const;
export type MarkingKind = (typeof MARKING_KINDS)[number];

/** What the recipient of a marking for comments, approval or signature answers with. */
export const MARKING_OUTCOMES = [
  "approved",
  "approved_with_changes",
  "returned_with_comments",
  "signed",
] as const;
export type MarkingOutcome = (typeof MARKING_OUTCOMES)[number];

/** Purposes that come back to the one who marked: only they close the item. */
export const CONSULT_PURPOSES = [
  "comments",
  "approval",
  "signature",
] as const satisfies readonly MarkPurpose[];
export type ConsultPurpose = (typeof CONSULT_PURPOSES)[number];

export function isConsult(purpose: MarkPurpose): purpose is ConsultPurpose {
  return (CONSULT_PURPOSES as readonly MarkPurpose[]).includes(purpose);
}

/** The answers each consulting purpose allows. */
export const OUTCOMES_FOR: Record<ConsultPurpose, readonly MarkingOutcome[]> = {
  comments: ["returned_with_comments"],
  approval: ["approved", "approved_with_changes", "returned_with_comments"],
  signature: ["signed", "returned_with_comments"],
};

export const MARKING_MESSAGES = {
  invalidTo: "markings:error.invalidTo",
  toSelf: "markings:error.toSelf",
  invalidPurpose: "dak:error.invalidPurpose",
  invalidOutcome: "markings:error.invalidOutcome",
  outcomeNotForPurpose: "markings:error.outcomeNotForPurpose",
  notHolder: "markings:error.notHolder",
  consultOnward: "markings:error.consultOnward",
  invalidRoute: "markings:error.invalidRoute",
  routeTooLong: "markings:error.routeTooLong",
  routeNotConsult: "markings:error.routeNotConsult",
  routeRepeats: "markings:error.routeRepeats",
  notConsult: "markings:error.notConsult",
  notInformation: "markings:error.notInformation",
  onlyIssuerCloses: "markings:error.onlyIssuerCloses",
  notSender: "markings:error.notSender",
  alreadyOpened: "markings:error.alreadyOpened",
  cannotPullBack: "markings:error.cannotPullBack",
  reasonRequired: "markings:error.reasonRequired",
  completed: "markings:error.completed",
  marked: "markings:toast.marked",
  pulledBack: "markings:toast.pulledBack",
  returned: "markings:toast.returned",
  closedAsSeen: "markings:toast.closedAsSeen",
} as const satisfies Record<string, MessageKey>;

export const MARKING_KIND_LABELS = {
  assigned: "markings:kind.assigned",
  marked: "markings:kind.marked",
  returned: "markings:kind.returned",
  pulled_back: "markings:kind.pulled_back",
} as const satisfies Record<MarkingKind, MessageKey>;

export const MARKING_OUTCOME_LABELS = {
  approved: "markings:outcome.approved",
  approved_with_changes: "markings:outcome.approved_with_changes",
  returned_with_comments: "markings:outcome.returned_with_comments",
  signed: "markings:outcome.signed",
} as const satisfies Record<MarkingOutcome, MessageKey>;

/** Mark onward: to a person, with a purpose and a remark. */
/** The most steps a route may name after its first recipient. */
export const MAX_ROUTE_STEPS = 9;

export const markOnwardInput = z.object({
  to: accountId(MARKING_MESSAGES.invalidTo),
  purpose: z.enum(MARK_PURPOSES, MARKING_MESSAGES.invalidPurpose),
  remark: optionalText("markings:field.remark", 2000, "multiline"),
  /**
   * For comments, approval or signature: who it goes on to, in order, after `to` (SO → DS →
   * AS → Secretary): each approval marks it to the next; the last answer comes back.
   */
  route: z._default(
    z
      .array(accountId(MARKING_MESSAGES.invalidRoute))
      .check(z.maxLength(MAX_ROUTE_STEPS, MARKING_MESSAGES.routeTooLong)),
    [],
  ),
});
export type MarkOnwardFields = z.output<typeof markOnwardInput>;

/** Answer a marking for comments, approval or signature: it goes back to who marked it. */
export const answerInput = z.object({
  outcome: z.enum(MARKING_OUTCOMES, MARKING_MESSAGES.invalidOutcome),
  remark: optionalText("markings:field.remark", 2000, "multiline"),
});
export type AnswerFields = z.output<typeof answerInput>;

/** Pull back a marking not yet opened, with a reason. */
export const pullBackInput = z.object({
  reason: requiredText("markings:field.reason", MARKING_MESSAGES.reasonRequired, 500),
});

/** Close an item marked for information as seen, with an optional remark. */
export const closeAsSeenInput = z.object({
  remark: optionalText("markings:field.remark", 2000, "multiline"),
});

/** One holding of a task, as its movement timeline shows it. */
export type MarkingItem = {
  id: string;
  kind: MarkingKind;
  from: { id: string | null; name: string; designation: string | null };
  to: { id: string | null; name: string; designation: string | null };
  purpose: MarkPurpose;
  remark: string | null;
  outcome: MarkingOutcome | null;
  markedAt: string;
  openedAt: string | null;
  endedAt: string | null;
  /** Working days held (to its end, or to today while held). */
  daysHeld: number;
  pullBackReason: string | null;
  /** A route's steps still to come after this holder. */
  route: { id: string; name: string }[];
};

/** A task's custody now and what the reader may do with it. */
export type Custody = {
  holderId: string;
  purpose: MarkPurpose;
  markedBy: string | null;
  heldSince: string;
  opened: boolean;
  can: {
    markOnward: boolean;
    answer: readonly MarkingOutcome[];
    closeAsSeen: boolean;
    pullBack: boolean;
  };
};

export type TaskMovement = { custody: Custody; markings: MarkingItem[] };

/** "With me" and "Marked by me": a page holds this many items. */
export const MARKING_LIST_PAGE_SIZE = 25;

const listPage = z._default(z.coerce.number().check(z.int(), z.gte(1)), 1);

/** GET /api/markings/with-me: the open items the caller holds, of one purpose or all. */
export const withMeQuery = z.object({
  purpose: z._default(z.enum(["all", ...MARK_PURPOSES]), "all"),
  page: listPage,
});
export type WithMeFilters = z.output<typeof withMeQuery>;
export const withMeListState = withFallbacks(withMeQuery);

/** GET /api/markings/marked-by-me: the open items the caller marked, pending with others. */
export const markedByMeQuery = z.object({ page: listPage });
export type MarkedByMeFilters = z.output<typeof markedByMeQuery>;
export const markedByMeListState = withFallbacks(markedByMeQuery);

/** A person as the lists name them, with their designation in the page's language. */
export type MarkingPerson = { id: string | null; name: string; designation: string | null };

/** One open item in "With me" or "Marked by me": whose it is now, why, and since when. */
export type MarkingListItem = {
  taskId: string;
  subject: string;
  dueDate: string;
  purpose: MarkPurpose;
  /** With me: who marked it to the caller. Marked by me: who holds it now. */
  person: MarkingPerson;
  heldSince: string;
  /** Working days since it came to its holder. */
  daysHeld: number;
  /** Whether its holder has opened it since it was marked (a sender may pull back until then). */
  opened: boolean;
};

export type MarkingListPage = {
  items: MarkingListItem[];
  total: number;
  page: number;
  pageSize: number;
};
