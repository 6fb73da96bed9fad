import { z } from "zod/mini";
import { dateSchema } from "./dates";
import type { MessageKey } from "./i18n/message";
import { withFallbacks } from "./list-state";
import { accountId } from "./users";

/**
 * The audit trail (issue 16): every change to tasks, response files, engagements, accounts,
 * settings and holidays leaves one row, written in the change's own transaction
 * (server/audit/record.ts), hash-chained and append-only.
 */
export const AUDIT_ENTITIES = [
  "task",
  "response_file",
  "engagement",
  "decision",
  "account",
  "settings",
  "holiday",
  "receipt",
  "dispatch",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/**
 * What was done. `updated` carries the changed fields; `deleted` the record's last state (as
 * `before` values); the others name an act whose fields say the rest.
 */
export const AUDIT_ACTIONS = [
  "created",
  "updated",
  "deleted",
  "completed",
  "remarks_updated",
  "uploaded",
  "password_changed",
  "role_changed",
  "approved",
  "rejected",
  "escalated",
  "imported",
  "replied",
  "extension_requested",
  "extension_approved",
  "extension_declined",
  "amended",
  "marked",
  "linked",
  "closed",
  "opened",
  "pulled_back",
  "returned",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Who acted when no person did: the rule's name (the escalation rule moving a task to super
 * overdue, the overdue sweep).
 */
export const AUDIT_RULES = ["escalation_rule", "overdue_sweep", "hand_over"] as const;
export type AuditRule = (typeof AUDIT_RULES)[number];

/** A JSON value as stored: the before and after of a field. */
export type AuditValue =
  | string
  | number
  | boolean
  | null
  | AuditValue[]
  | { [key: string]: AuditValue };

/** Each changed field, before and after (null when it did not exist). Never a secret. */
export type AuditChanges = Record<string, { before: AuditValue; after: AuditValue }>;

/** Catalog keys: whoever shows a message translates it (the API's answers, the page). */
export const AUDIT_MESSAGES = {
  invalidActor: "audit:error.invalidActor",
  invalidEntity: "audit:error.invalidEntity",
  invalidAction: "audit:error.invalidAction",
  invalidDate: "audit:error.invalidDate",
  rangeReversed: "audit:error.rangeReversed",
  invalidPage: "audit:error.invalidPage",
  loadFailed: "audit:loadFailed",
  historyLoadFailed: "audit:history.loadFailed",
} as const satisfies Record<string, MessageKey>;

/** Each record type's name, each action's and each rule's, as catalog keys. */
export const AUDIT_ENTITY_LABELS = {
  task: "audit:entity.task",
  response_file: "audit:entity.response_file",
  engagement: "audit:entity.engagement",
  decision: "audit:entity.decision",
  account: "audit:entity.account",
  settings: "audit:entity.settings",
  holiday: "audit:entity.holiday",
  receipt: "audit:entity.receipt",
  dispatch: "audit:entity.dispatch",
} as const satisfies Record<AuditEntity, MessageKey>;

export const AUDIT_ACTION_LABELS = {
  created: "audit:verb.created",
  updated: "audit:verb.updated",
  deleted: "audit:verb.deleted",
  completed: "audit:verb.completed",
  remarks_updated: "audit:verb.remarks_updated",
  uploaded: "audit:verb.uploaded",
  password_changed: "audit:verb.password_changed",
  role_changed: "audit:verb.role_changed",
  approved: "audit:verb.approved",
  rejected: "audit:verb.rejected",
  escalated: "audit:verb.escalated",
  imported: "audit:verb.imported",
  replied: "audit:verb.replied",
  extension_requested: "audit:verb.extension_requested",
  extension_approved: "audit:verb.extension_approved",
  extension_declined: "audit:verb.extension_declined",
  amended: "audit:verb.amended",
  marked: "audit:verb.marked",
  linked: "audit:verb.linked",
  closed: "audit:verb.closed",
  opened: "audit:verb.opened",
  pulled_back: "audit:verb.pulled_back",
  returned: "audit:verb.returned",
} as const satisfies Record<AuditAction, MessageKey>;

export const AUDIT_RULE_LABELS = {
  escalation_rule: "audit:rule.escalation_rule",
  overdue_sweep: "audit:rule.overdue_sweep",
  hand_over: "audit:rule.hand_over",
} as const satisfies Record<AuditRule, MessageKey>;

/** The Audit Log's page size: the server pages in SQL by it. */
export const AUDIT_PAGE_SIZE = 50;

/** An empty query parameter: the same as one left out. */
const blank = z.pipe(
  z.literal(""),
  z.transform(() => undefined),
);
/** One of `values`, or none (a blank value is none); anything else is refused with `refusal`. */
function optionalChoice<const Values extends readonly [string, ...string[]]>(
  values: Values,
  refusal: MessageKey,
) {
  return z.pipe(
    z.pipe(
      z.optional(z.string()),
      z.transform((value) => value || undefined),
    ),
    z.optional(z.enum(values, refusal)),
  );
}
const officeDay = z.union([z.optional(dateSchema(AUDIT_MESSAGES.invalidDate)), blank]);

/**
 * GET /api/audit (and its CSV): who acted (an account id), on what kind of record, which
 * action, and the office days (yyyy-MM-dd in APP_TIMEZONE, both inclusive); newest first.
 */
export const auditQuery = z
  .object({
    actor: z.union([z.optional(accountId(AUDIT_MESSAGES.invalidActor)), blank]),
    entity: optionalChoice(AUDIT_ENTITIES, AUDIT_MESSAGES.invalidEntity),
    action: optionalChoice(AUDIT_ACTIONS, AUDIT_MESSAGES.invalidAction),
    from: officeDay,
    to: officeDay,
    page: z._default(
      z.coerce
        .number(AUDIT_MESSAGES.invalidPage)
        .check(z.int(AUDIT_MESSAGES.invalidPage), z.gte(1, AUDIT_MESSAGES.invalidPage)),
      1,
    ),
  })
  .check(
    z.refine((query) => !query.from || !query.to || query.from <= query.to, {
      message: AUDIT_MESSAGES.rangeReversed,
      path: ["to"],
    }),
  );
export type AuditQuery = z.input<typeof auditQuery>;
export type AuditFilters = z.output<typeof auditQuery>;

/** The filters proper: the query without its page. */
export const AUDIT_FILTER_FIELDS = [
  "actor",
  "entity",
  "action",
  "from",
  "to",
] as const satisfies readonly (keyof AuditFilters)[];

/** The Audit Log in the address bar: a hand-edited link falls back field by field. */
export const auditListState = withFallbacks(auditQuery);
export type AuditListState = z.output<typeof auditListState>;

/** One row of the trail as the API sends it (no hashes, no request id). */
export type AuditItem = {
  id: number;
  /** ISO timestamp. */
  at: string;
  /** The person who acted, or null when a rule did. */
  actorId: string | null;
  /** Their name then; the rule's key when a rule acted. */
  actorName: string;
  actorRule: AuditRule | null;
  entity: AuditEntity;
  entityId: string;
  /**
   * What the record is called (a task's subject, a person's name), now or, once deleted, last;
   * null for the office settings, which are one record.
   */
  recordName: string | null;
  action: AuditAction;
  changes: AuditChanges;
  reason: string | null;
};

export type AuditPage = { events: AuditItem[]; total: number; page: number; pageSize: number };

/** A task's own history (the task and its response file), newest first. */
export type TaskHistory = { events: AuditItem[] };

/** Whether the hash chain holds, as `npm run audit:verify` checks it. */
export type AuditChainStatus =
  | { ok: true; count: number; lastId: number }
  | { ok: false; brokenAt: number; problem: string; verifiedUpTo: number };
