import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_RULE_LABELS,
  type AuditItem,
  type AuditValue,
} from "../../shared/audit";
import { DECISION_OUTCOME_LABELS } from "../../shared/decisions";
import { ENGAGEMENT_STATUS_LABELS, VENUE_LABELS } from "../../shared/engagements";
import type { MessageKey } from "../../shared/i18n/message";
import { ROLE_LABELS } from "../../shared/roles";
import { TASK_STATUS_LABELS, TASK_TYPE_LABELS } from "../../shared/tasks";
import { usePageLanguage } from "../i18n/language";
import { useDisplayDate } from "../ui/use-display-date";

/** The namespaces the trail's words come from: its own, and the labels of stored values. */
export const AUDIT_NAMESPACES = ["audit", "tasks", "engagements", "decisions", "common"] as const;
export type AuditT = TFunction<typeof AUDIT_NAMESPACES>;

/** What putting an event into words needs: the words, dates as the page writes them, lists. */
export type AuditWords = {
  t: AuditT;
  displayDate: (isoDate: string) => string;
  list: (items: string[]) => string;
};

export function useAuditWords(): AuditWords {
  // Every page that shows the trail loads its namespaces first (routes.tsx); a task page has
  // no engagement words, which its history never needs, so nothing waits for them.
  const { t } = useTranslation(AUDIT_NAMESPACES, { useSuspense: false });
  const displayDate = useDisplayDate();
  const language = usePageLanguage();
  const format = new Intl.ListFormat(language, { type: "unit", style: "short" });
  return { t, displayDate, list: (items) => format.format(items) };
}

/** The audited fields' names (the API's field names); a field not listed shows its key. */
const FIELD_LABELS = {
  subject: "audit:field.subject",
  description: "audit:field.description",
  assignedTo: "audit:field.assignedTo",
  assignDate: "audit:field.assignDate",
  dueDate: "audit:field.dueDate",
  taskType: "audit:field.taskType",
  status: "audit:field.status",
  remarks: "audit:field.remarks",
  attachment: "audit:field.attachment",
  responseFile: "audit:field.responseFile",
  date: "audit:field.date",
  time: "audit:field.time",
  venue: "audit:field.venue",
  responsibility: "audit:field.responsibility",
  participants: "audit:field.participants",
  userId: "audit:field.userId",
  email: "audit:field.email",
  fullName: "audit:field.fullName",
  designation: "audit:field.designation",
  designationUr: "audit:field.designationUr",
  receiptIssueDuty: "audit:field.receiptIssueDuty",
  purpose: "audit:field.purpose",
  remark: "audit:field.remark",
  role: "audit:field.role",
  emailVerified: "audit:field.emailVerified",
  name: "audit:field.name",
  weeklyOffDays: "audit:field.weeklyOffDays",
  digestTime: "audit:field.digestTime",
  dueSoonWorkingDays: "audit:field.dueSoonWorkingDays",
  escalation: "audit:field.escalation",
  emailDefaults: "audit:field.emailDefaults",
  deletedFileRetentionDays: "audit:field.deletedFileRetentionDays",
  markingLimits: "audit:field.markingLimits",
  reply: "audit:field.reply",
  requestedDueDate: "audit:field.requestedDueDate",
  guests: "audit:field.guests",
  followUpOf: "audit:field.followUpOf",
  originalDate: "audit:field.originalDate",
  statusReason: "audit:field.statusReason",
  agenda: "audit:field.agenda",
  minutes: "audit:field.minutes",
  outcome: "audit:field.outcome",
  owner: "audit:field.owner",
  engagement: "audit:field.engagement",
  agendaItem: "audit:field.agendaItem",
  task: "audit:field.task",
  reason: "audit:field.reason",
} as const satisfies Record<string, MessageKey>;
type FieldLabel = (typeof FIELD_LABELS)[keyof typeof FIELD_LABELS];

type ValueLabel =
  | (typeof TASK_TYPE_LABELS)[keyof typeof TASK_TYPE_LABELS]
  | (typeof VENUE_LABELS)[keyof typeof VENUE_LABELS]
  | (typeof ROLE_LABELS)[keyof typeof ROLE_LABELS]
  | (typeof DECISION_OUTCOME_LABELS)[keyof typeof DECISION_OUTCOME_LABELS];
type StatusLabel =
  | (typeof TASK_STATUS_LABELS)[keyof typeof TASK_STATUS_LABELS]
  | (typeof ENGAGEMENT_STATUS_LABELS)[keyof typeof ENGAGEMENT_STATUS_LABELS];

/** Stored values that have a label of their own, by field. */
const VALUE_LABELS: Record<string, Record<string, ValueLabel>> = {
  taskType: TASK_TYPE_LABELS,
  venue: VENUE_LABELS,
  role: ROLE_LABELS,
  outcome: DECISION_OUTCOME_LABELS,
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function fieldName(field: string, { t }: AuditWords): string {
  const label = (FIELD_LABELS as Record<string, FieldLabel | undefined>)[field];
  return label ? t(label) : field;
}

/** Who acted: the person's name as it was then, or the rule's name. */
export function actorName(event: AuditItem, { t }: AuditWords): string {
  return event.actorRule ? t(AUDIT_RULE_LABELS[event.actorRule]) : event.actorName;
}

function statusLabel(entity: AuditItem["entity"], value: string): StatusLabel | undefined {
  const labels: Record<string, StatusLabel> =
    entity === "engagement" ? ENGAGEMENT_STATUS_LABELS : TASK_STATUS_LABELS;
  return labels[value];
}

/**
 * A field's value in plain words: labels for stored codes (statuses, types, venues, roles),
 * dates as the page writes them, a person by name, a list of people as a list.
 */
export function valueText(
  field: string,
  value: AuditValue,
  entity: AuditItem["entity"],
  words: AuditWords,
): string {
  const { t } = words;
  if (value === null || value === "") return t("audit:value.empty");
  if (typeof value === "boolean") return t(value ? "audit:value.yes" : "audit:value.no");
  if (typeof value === "number") return String(value);
  if (typeof value === "string") {
    const label = field === "status" ? statusLabel(entity, value) : VALUE_LABELS[field]?.[value];
    if (label) return t(label);
    return ISO_DAY.test(value) ? words.displayDate(value) : value;
  }
  if (Array.isArray(value)) {
    return value.length === 0
      ? t("audit:value.empty")
      : words.list(value.map((item) => valueText(field, item, entity, words)));
  }
  if (typeof value.name === "string") return value.name;
  return JSON.stringify(value);
}

/** The most changes a row of the Audit Log lists before it is opened. */
export const SHOWN_CHANGES = 3;

const FIELD_ORDER = Object.keys(FIELD_LABELS);

/**
 * An event's changed fields in one fixed order (the order of FIELD_LABELS: a task's subject
 * first), whatever order the database keeps them in (jsonb reorders keys); fields not listed
 * last, by name.
 */
function orderedChanges(event: AuditItem): [string, AuditItem["changes"][string]][] {
  const rank = (field: string) => {
    const index = FIELD_ORDER.indexOf(field);
    return index === -1 ? FIELD_ORDER.length : index;
  };
  return Object.entries(event.changes).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * "What changed" for the Audit Log: a line per field ("Due date: Nov 25, 2026 → Dec 2, 2026";
 * a created record's fields with their values, a deleted one's with its last), in a fixed
 * order; the first few unless `all`.
 */
export function changeLines(event: AuditItem, words: AuditWords, all = false): string[] {
  const { t } = words;
  const entries = orderedChanges(event);
  return (all ? entries : entries.slice(0, SHOWN_CHANGES)).map(([field, { before, after }]) => {
    const name = fieldName(field, words);
    const text = (value: AuditValue) => valueText(field, value, event.entity, words);
    if (before === null) return t("audit:change.value", { field: name, value: text(after) });
    if (after === null) return t("audit:change.value", { field: name, value: text(before) });
    return t("audit:change.changed", { field: name, before: text(before), after: text(after) });
  });
}

/** The first text among a response-file event's values: its file's name. */
function fileNameOf(event: AuditItem): string {
  for (const { before, after } of Object.values(event.changes)) {
    for (const value of [after, before]) {
      if (typeof value === "string" && value) return value;
      if (value && typeof value === "object" && !Array.isArray(value)) {
        const name = value.fileName ?? value.name;
        if (typeof name === "string") return name;
      }
    }
  }
  return "";
}

/** One changed field of a task's update, as a sentence. */
function fieldSentence(
  event: AuditItem,
  field: string,
  change: { before: AuditValue; after: AuditValue },
  words: AuditWords,
): string {
  const { t } = words;
  const actor = actorName(event, words);
  const before = valueText(field, change.before, event.entity, words);
  const after = valueText(field, change.after, event.entity, words);
  const values = { before, after, actor };
  switch (field) {
    case "subject":
      return t("audit:history.subject", values);
    case "description":
      return t("audit:history.description", { actor });
    case "assignedTo":
      return change.before === null
        ? t("audit:history.assigned", values)
        : t("audit:history.reassigned", values);
    case "assignDate":
      return t("audit:history.assignDate", values);
    case "dueDate":
      return t("audit:history.dueDate", values);
    case "taskType":
      return t("audit:history.taskType", values);
    case "status":
      // A rule's move (super overdue) happened to the task; a person's was done to it.
      return event.action === "escalated"
        ? t("audit:history.escalated", values)
        : t("audit:history.status", values);
    case "remarks":
      return t("audit:history.remarks", { actor });
    case "attachment":
      if (change.before === null) return t("audit:history.attachmentAdded", values);
      if (change.after === null) return t("audit:history.attachmentRemoved", values);
      return t("audit:history.attachmentReplaced", values);
    case "responseFile":
      return change.after === null
        ? t("audit:history.fileDeleted", { file: before, actor })
        : t("audit:history.fileUploaded", { file: after, actor });
    default:
      return t("audit:history.field", { ...values, field: fieldName(field, words) });
  }
}

/** An event of a task's history as sentences (an edit of several fields, one per field). */
function eventSentences(event: AuditItem, words: AuditWords): string[] {
  const { t } = words;
  const actor = actorName(event, words);
  if (event.entity === "response_file") {
    const file = fileNameOf(event);
    if (event.action === "deleted") return [t("audit:history.fileDeleted", { file, actor })];
    if (event.action === "uploaded" || event.action === "created")
      return [t("audit:history.fileUploaded", { file, actor })];
  }
  switch (event.action) {
    case "created":
      return [t("audit:history.created", { actor })];
    case "deleted":
      return [t("audit:history.deleted", { actor })];
    case "completed":
      return [t("audit:history.completed", { actor })];
    case "remarks_updated":
      return [t("audit:history.remarks", { actor })];
    case "replied":
      return [t("audit:history.replied", { actor })];
    case "extension_requested":
    case "extension_declined": {
      const asked = event.changes.requestedDueDate;
      if (!asked) break;
      const values = {
        actor,
        before: valueText("requestedDueDate", asked.before, event.entity, words),
        after: valueText("requestedDueDate", asked.after, event.entity, words),
      };
      return [
        event.action === "extension_requested"
          ? t("audit:history.extensionRequested", values)
          : t("audit:history.extensionDeclined", values),
      ];
    }
    case "extension_approved": {
      // The due date's move says what was approved; a late task back in progress follows.
      const { dueDate, ...others } = event.changes;
      if (!dueDate) break;
      return [
        t("audit:history.extensionApproved", {
          actor,
          before: valueText("dueDate", dueDate.before, event.entity, words),
          after: valueText("dueDate", dueDate.after, event.entity, words),
        }),
        ...Object.entries(others).map(([field, change]) =>
          fieldSentence(event, field, change, words),
        ),
      ];
    }
    case "updated":
    case "escalated": {
      const sentences = Object.entries(event.changes).map(([field, change]) =>
        fieldSentence(event, field, change, words),
      );
      if (sentences.length > 0) return sentences;
      break;
    }
  }
  return [t("audit:history.other", { action: t(AUDIT_ACTION_LABELS[event.action]), actor })];
}

/**
 * Which sentence an event's reason explains: an edit's reason is why its due date moved (an edit
 * says one sentence per changed field, in the changes' order); any other event's, the event.
 */
function reasonSentence(event: AuditItem, sentences: string[]): number {
  if (event.action !== "updated") return 0;
  const dueDate = Object.keys(event.changes).indexOf("dueDate");
  return dueDate >= 0 && dueDate < sentences.length ? dueDate : 0;
}

/**
 * A task's history event in plain words, e.g. "Due date moved from Nov 25, 2026 to Dec 2, 2026
 * by Administrator: awaiting the Finance reply". The reason, when one was given, follows the
 * sentence it explains.
 */
export function historySentences(event: AuditItem, words: AuditWords): string[] {
  const sentences = eventSentences(event, words);
  const { reason } = event;
  if (!reason) return sentences;
  const explained = reasonSentence(event, sentences);
  return sentences.map((sentence, index) =>
    index === explained ? words.t("audit:history.withReason", { sentence, reason }) : sentence,
  );
}
