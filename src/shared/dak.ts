import { z } from "zod/mini";
import { dateSchema } from "./dates";
import type { MessageKey } from "./i18n/message";
import { withFallbacks } from "./list-state";
import type { Role } from "./roles";
import { plainText } from "./text";
import { accountId } from "./users";
import { openedVersion } from "./versions";

// Dak (OFFICE-PROCEDURE.md): letters received are diarised into the diary register, each with
// a diary number; letters sent go out through the dispatch register, each with a dispatch
// number. Both registers are kept by administrators and by those given the Receipt and Issue
// duty (the R&I clerk).

export const RECEIPT_MODES = ["by_hand", "post", "courier", "fax", "email", "eoffice"] as const;
export type ReceiptMode = (typeof RECEIPT_MODES)[number];

export const DISPATCH_MODES = [
  "post",
  "registered_post",
  "courier",
  "by_hand",
  "email",
  "eoffice",
] as const;
export type DispatchMode = (typeof DISPATCH_MODES)[number];

export const CLASSIFICATIONS = ["normal", "confidential", "secret"] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];

/** Pending: diarised, not yet marked; marked: a task carries it; closed: filed with a reason. */
export const RECEIPT_STATUSES = ["pending", "marked", "closed"] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** Why a receipt goes to an officer (OFFICE-PROCEDURE.md, "Marking"). */
export const MARK_PURPOSES = [
  "information",
  "action",
  "comments",
  "approval",
  "signature",
] as const;
export type MarkPurpose = (typeof MARK_PURPOSES)[number];

export const MODE_LABELS = {
  by_hand: "dak:mode.by_hand",
  post: "dak:mode.post",
  registered_post: "dak:mode.registered_post",
  courier: "dak:mode.courier",
  fax: "dak:mode.fax",
  email: "dak:mode.email",
  eoffice: "dak:mode.eoffice",
} as const satisfies Record<ReceiptMode | DispatchMode, MessageKey>;

export const CLASSIFICATION_LABELS = {
  normal: "dak:classification.normal",
  confidential: "dak:classification.confidential",
  secret: "dak:classification.secret",
} as const satisfies Record<Classification, MessageKey>;

export const RECEIPT_STATUS_LABELS = {
  pending: "dak:status.pending",
  marked: "dak:status.marked",
  closed: "dak:status.closed",
} as const satisfies Record<ReceiptStatus, MessageKey>;

export const RECEIPT_STATUS_COLORS: Record<ReceiptStatus, string> = {
  pending: "orange",
  marked: "blue",
  closed: "gray",
};

export const PURPOSE_LABELS = {
  information: "dak:purpose.information",
  action: "dak:purpose.action",
  comments: "dak:purpose.comments",
  approval: "dak:purpose.approval",
  signature: "dak:purpose.signature",
} as const satisfies Record<MarkPurpose, MessageKey>;

export const DAK_MESSAGES = {
  invalidDate: "common:error.invalidDate",
  subjectRequired: "dak:error.subjectRequired",
  senderRequired: "dak:error.senderRequired",
  addresseeRequired: "dak:error.addresseeRequired",
  tooManyAddressees: "dak:error.tooManyAddressees",
  invalidMode: "dak:error.invalidMode",
  invalidClassification: "dak:error.invalidClassification",
  invalidStatus: "dak:error.invalidStatus",
  categoryRequired: "dak:error.categoryRequired",
  unknownCategory: "dak:error.unknownCategory",
  sectionRequired: "dak:error.sectionRequired",
  unknownSection: "dak:error.unknownSection",
  receivedInFuture: "dak:error.receivedInFuture",
  dispatchedInFuture: "dak:error.dispatchedInFuture",
  letterAfterReceipt: "dak:error.letterAfterReceipt",
  tooLong: "dak:error.tooLong",
  invalidPurpose: "dak:error.invalidPurpose",
  markToRequired: "dak:error.markToRequired",
  invalidMarkTo: "dak:error.invalidMarkTo",
  dueDateRequired: "dak:error.dueDateRequired",
  dueBeforeToday: "dak:error.dueBeforeToday",
  reasonRequired: "dak:error.reasonRequired",
  receiptNotFound: "dak:error.receiptNotFound",
  dispatchNotFound: "dak:error.dispatchNotFound",
  taskNotFound: "dak:error.taskNotFound",
  alreadyMarked: "dak:error.alreadyMarked",
  alreadyClosed: "dak:error.alreadyClosed",
  taskHasReceipt: "dak:error.taskHasReceipt",
  receiptNotOfTask: "dak:error.receiptNotOfTask",
  tooManyScans: "dak:error.tooManyScans",
  letterNotPdf: "dak:error.letterNotPdf",
  noResponseFile: "dak:error.noResponseFile",
  rangeReversed: "dak:error.rangeReversed",
  invalidPage: "dak:error.invalidPage",
  queryTooShort: "dak:error.queryTooShort",
  templateSeq: "dak:error.templateSeq",
  templateYear: "dak:error.templateYear",
  templateToken: "dak:error.templateToken",
  templateCharacters: "dak:error.templateCharacters",
  sectionCode: "dak:error.sectionCode",
  categoryName: "dak:error.categoryName",
  duplicateEntry: "dak:error.duplicateEntry",
  diarised: "dak:toast.diarised",
  diarisedAndMarked: "dak:toast.diarisedAndMarked",
  marked: "dak:toast.marked",
  linked: "dak:toast.linked",
  closed: "dak:toast.closed",
  amended: "dak:toast.amended",
  dispatched: "dak:toast.dispatched",
  changedBy: "dak:conflict.changedBy",
  changedAutomatically: "dak:conflict.changedAutomatically",
  changedLive: "dak:conflict.live",
} as const satisfies Record<string, MessageKey>;

/** At most this many scanned pages (files) with one receipt. */
export const MAX_SCANS = 5;
export const MAX_ADDRESSEES = 50;

// ---------------------------------------------------------------------------------------------
// Numbering templates

/**
 * A register's numbering template: literal text and tokens: `{yyyy}` or `{yy}` (the year of
 * diarisation, required: the running number restarts each year), `{section}` (the receipt's
 * section; the running number then restarts per section too) and `{seq}` or `{seq:N}` (the
 * running number, zero-padded to N digits, required once).
 */
export const TEMPLATE_TOKEN = /\{(yyyy|yy|section|seq(?::([1-9]))?)\}/g;

/** The problem with `template`, or null when numbers can be made from it. */
export function templateProblem(template: string): MessageKey | null {
  const tokens = [...template.matchAll(TEMPLATE_TOKEN)].map((match) => match[1]);
  const rest = template.replace(TEMPLATE_TOKEN, "");
  if (/[{}]/.test(rest)) return DAK_MESSAGES.templateToken;
  if (!/^[A-Za-z0-9/._\- ]*$/.test(rest)) return DAK_MESSAGES.templateCharacters;
  if (tokens.filter((token) => token.startsWith("seq")).length !== 1)
    return DAK_MESSAGES.templateSeq;
  if (!tokens.some((token) => token === "yyyy" || token === "yy")) return DAK_MESSAGES.templateYear;
  return null;
}

/** Whether the running number restarts per section (the template names `{section}`). */
export function templateNamesSection(template: string): boolean {
  return template.includes("{section}");
}

/** The number `template` makes for running number `seq` of `year` (and `section`). */
export function formatRegisterNumber(
  template: string,
  parts: { year: number; seq: number; section: string | null },
): string {
  return template.replace(TEMPLATE_TOKEN, (_whole, token: string, width?: string) => {
    if (token === "yyyy") return String(parts.year);
    if (token === "yy") return String(parts.year % 100).padStart(2, "0");
    if (token === "section") return parts.section ?? "";
    return String(parts.seq).padStart(width ? Number(width) : 1, "0");
  });
}

const templateSchema = z.string().check(
  z.trim(),
  z.minLength(1, DAK_MESSAGES.templateSeq),
  z.maxLength(60, DAK_MESSAGES.tooLong),
  z.superRefine((value, ctx) => {
    const problem = templateProblem(value);
    if (problem) ctx.issues.push({ code: "custom", message: problem, input: value });
  }),
);

const sectionCode = z
  .string()
  .check(z.trim(), z.regex(/^[A-Za-z0-9]{1,12}$/, DAK_MESSAGES.sectionCode));

const categoryName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, DAK_MESSAGES.categoryName),
    z.maxLength(60, DAK_MESSAGES.categoryName),
    plainText("dak:field.category"),
  );

const distinct = <T extends z.ZodMiniType<string>>(item: T, max: number) =>
  z.array(item).check(
    z.maxLength(max, DAK_MESSAGES.tooLong),
    z.refine(
      (list) => new Set(list.map((one) => one.toLowerCase())).size === list.length,
      DAK_MESSAGES.duplicateEntry,
    ),
  );

/** The office's settings for its registers (part of the Settings page). */
export const dakSettingsSchema = z.object({
  diaryTemplate: templateSchema,
  dispatchTemplate: templateSchema,
  /** Receipt categories offered when diarising (CM Directive, Court Case, ...). */
  categories: z.array(categoryName).check(
    z.minLength(1, DAK_MESSAGES.categoryName),
    z.maxLength(50, DAK_MESSAGES.tooLong),
    z.refine(
      (list) => new Set(list.map((one) => one.toLowerCase())).size === list.length,
      DAK_MESSAGES.duplicateEntry,
    ),
  ),
  /** Section codes a template's `{section}` takes (Acad, Admin, ...). */
  sections: distinct(sectionCode, 50),
});
export type DakSettings = z.infer<typeof dakSettingsSchema>;

export const DEFAULT_DAK_SETTINGS: DakSettings = {
  diaryTemplate: "HED-{yyyy}-{seq:5}",
  dispatchTemplate: "HED-OUT-{yyyy}-{seq:5}",
  categories: [
    "CM Directive",
    "Chief Secretary",
    "Court Case",
    "Assembly Question",
    "Audit Para",
    "RTI",
    "General",
  ],
  sections: [],
};

// ---------------------------------------------------------------------------------------------
// Who keeps the registers

/** The account facts the registers' rules read. */
export type DakActor = { id: string; role: Role; receiptIssueDuty: boolean };

/** Diarising and dispatching: administrators, and users given the Receipt and Issue duty. */
export function keepsRegisters(actor: Pick<DakActor, "role" | "receiptIssueDuty">): boolean {
  return actor.role === "admin" || (actor.role === "user" && actor.receiptIssueDuty);
}

/**
 * Who reads a register's every Normal entry: its keepers and organization heads (who watch
 * everything, read-only). Anyone else reads the receipts marked to them, and the dispatches
 * answering their tasks.
 */
export function readsWholeRegister(actor: Pick<DakActor, "role" | "receiptIssueDuty">): boolean {
  return keepsRegisters(actor) || actor.role === "organization_head";
}

/** Confidential and Secret entries: admins and the people they are marked to, nobody else. */
export function isRestricted(classification: Classification): boolean {
  return classification !== "normal";
}

// ---------------------------------------------------------------------------------------------
// Inputs

const isoDate = dateSchema(DAK_MESSAGES.invalidDate);

const blank = z.pipe(
  z.literal(""),
  z.transform(() => undefined),
);

/** A free text field, trimmed; empty is null. */
export const optionalText = (field: MessageKey, max: number, kind: "line" | "multiline" = "line") =>
  z.pipe(
    z._default(
      z.optional(
        z.string().check(z.trim(), z.maxLength(max, DAK_MESSAGES.tooLong), plainText(field, kind)),
      ),
      "",
    ),
    z.transform((value) => value || null),
  );

export const requiredText = (field: MessageKey, required: MessageKey, max: number) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, required),
      z.maxLength(max, DAK_MESSAGES.tooLong),
      plainText(field),
    );

const optionalDate = z.pipe(
  z.union([z.optional(isoDate), blank]),
  z.transform((value) => value ?? null),
);

/** A receipt's fields, as Diarise sends them (the scans beside them) and an amendment does. */
export const receiptFieldsInput = z.object({
  receivedOn: isoDate,
  mode: z.enum(RECEIPT_MODES, DAK_MESSAGES.invalidMode),
  section: z.pipe(
    z.union([z.optional(sectionCode), blank]),
    z.transform((value) => value ?? null),
  ),
  senderName: requiredText("dak:field.senderName", DAK_MESSAGES.senderRequired, 200),
  senderDesignation: optionalText("dak:field.senderDesignation", 200),
  senderOrganisation: optionalText("dak:field.senderOrganisation", 200),
  senderAddress: optionalText("dak:field.senderAddress", 500, "multiline"),
  letterNumber: optionalText("dak:field.letterNumber", 100),
  letterDate: optionalDate,
  subject: requiredText("dak:field.subject", DAK_MESSAGES.subjectRequired, 500),
  category: requiredText("dak:field.category", DAK_MESSAGES.categoryRequired, 60),
  classification: z._default(z.enum(CLASSIFICATIONS, DAK_MESSAGES.invalidClassification), "normal"),
  enclosures: optionalText("dak:field.enclosures", 500, "multiline"),
  remarks: optionalText("dak:field.remarks", 2000, "multiline"),
});
export type ReceiptFields = z.output<typeof receiptFieldsInput>;

/** Marking a receipt to an officer: a task for them, its subject the receipt's. */
export const markInput = z.object({
  to: accountId(DAK_MESSAGES.invalidMarkTo),
  purpose: z.enum(MARK_PURPOSES, DAK_MESSAGES.invalidPurpose),
  remark: optionalText("dak:field.remark", 2000, "multiline"),
  dueDate: isoDate,
});
export type MarkFields = z.output<typeof markInput>;

const optionalFiles = z.pipe(
  z.optional(z.union([z.instanceof(File), z.array(z.instanceof(File)), z.literal("")])),
  z.transform((value) =>
    value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value],
  ),
);

/**
 * POST /api/receipts as multipart form data: the receipt's fields, its scans (`scans`, one
 * field per file) and, for Diarise and Mark, the marking's fields prefixed `mark`.
 */
export const diariseForm = z
  .extend(receiptFieldsInput, {
    scans: optionalFiles,
    markTo: z.union([z.optional(accountId(DAK_MESSAGES.invalidMarkTo)), blank]),
    markPurpose: z.union([z.optional(z.enum(MARK_PURPOSES, DAK_MESSAGES.invalidPurpose)), blank]),
    markRemark: optionalText("dak:field.remark", 2000, "multiline"),
    markDueDate: z.union([z.optional(isoDate), blank]),
  })
  .check(
    z.refine((form) => form.scans.length <= MAX_SCANS, {
      message: DAK_MESSAGES.tooManyScans,
      path: ["scans"],
    }),
    z.refine((form) => !form.markTo || !!form.markPurpose, {
      message: DAK_MESSAGES.invalidPurpose,
      path: ["markPurpose"],
    }),
    z.refine((form) => !form.markTo || !!form.markDueDate, {
      message: DAK_MESSAGES.dueDateRequired,
      path: ["markDueDate"],
    }),
    z.refine((form) => !form.letterDate || form.letterDate <= form.receivedOn, {
      message: DAK_MESSAGES.letterAfterReceipt,
      path: ["letterDate"],
    }),
  );
export type DiariseFields = z.output<typeof diariseForm>;

/** The marking a Diarise and Mark form carries, or null for Diarise alone. */
export function markingOf(form: DiariseFields): MarkFields | null {
  if (!form.markTo || !form.markPurpose || !form.markDueDate) return null;
  return {
    to: form.markTo,
    purpose: form.markPurpose,
    remark: form.markRemark,
    dueDate: form.markDueDate,
  };
}

const reasonText = z
  .string({ error: DAK_MESSAGES.reasonRequired })
  .check(
    z.trim(),
    z.minLength(1, DAK_MESSAGES.reasonRequired),
    z.maxLength(2000, DAK_MESSAGES.tooLong),
    plainText("dak:field.reason", "multiline"),
  );

/** PATCH /api/receipts/:id: a correction of what was diarised (never the number), with why. */
export const amendReceiptInput = z
  .extend(receiptFieldsInput, { reason: reasonText, version: openedVersion })
  .check(
    z.refine((form) => !form.letterDate || form.letterDate <= form.receivedOn, {
      message: DAK_MESSAGES.letterAfterReceipt,
      path: ["letterDate"],
    }),
  );
export type AmendReceiptFields = z.output<typeof amendReceiptInput>;

export const linkReceiptInput = z.object({ taskId: z.guid(DAK_MESSAGES.taskNotFound) });
export const closeReceiptInput = z.object({ reason: reasonText });

export const receiptIdParam = z.object({ id: z.guid(DAK_MESSAGES.receiptNotFound) });
export const dispatchIdParam = z.object({ id: z.guid(DAK_MESSAGES.dispatchNotFound) });

const pageNumber = z._default(
  z.coerce
    .number(DAK_MESSAGES.invalidPage)
    .check(z.int(DAK_MESSAGES.invalidPage), z.gte(1, DAK_MESSAGES.invalidPage)),
  1,
);

/** An optional enum filter: empty is none; anything else must be one of `values`. */
const optionalChoice = <const T extends readonly [string, ...string[]]>(
  values: T,
  refusal: MessageKey,
) =>
  z.pipe(
    z.pipe(
      z.optional(z.string()),
      z.transform((value) => value || undefined),
    ),
    z.optional(z.enum(values, refusal)),
  );

const searchWords = z.pipe(
  z.optional(
    z.string().check(z.maxLength(200, DAK_MESSAGES.tooLong), plainText("dak:field.search")),
  ),
  z.transform((value) => value?.trim() || undefined),
);

const rangeInOrder = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || query.from <= query.to;

/** GET /api/receipts: the Diary Register's filters (received-on range inclusive) and page. */
export const receiptListQuery = z
  .object({
    q: searchWords,
    from: z.union([z.optional(isoDate), blank]),
    to: z.union([z.optional(isoDate), blank]),
    category: z.pipe(
      z.optional(
        z.string().check(z.maxLength(60, DAK_MESSAGES.tooLong), plainText("dak:field.category")),
      ),
      z.transform((value) => value?.trim() || undefined),
    ),
    mode: optionalChoice(RECEIPT_MODES, DAK_MESSAGES.invalidMode),
    classification: optionalChoice(CLASSIFICATIONS, DAK_MESSAGES.invalidClassification),
    status: optionalChoice(RECEIPT_STATUSES, DAK_MESSAGES.invalidStatus),
    page: pageNumber,
  })
  .check(z.refine(rangeInOrder, { message: DAK_MESSAGES.rangeReversed, path: ["to"] }));
export type ReceiptListQuery = z.input<typeof receiptListQuery>;
export type ReceiptFilters = z.output<typeof receiptListQuery>;
export const receiptListState = withFallbacks(receiptListQuery);

/** GET /api/dispatches: the Dispatch Register's filters (dispatch date range) and page. */
export const dispatchListQuery = z
  .object({
    q: searchWords,
    from: z.union([z.optional(isoDate), blank]),
    to: z.union([z.optional(isoDate), blank]),
    mode: optionalChoice(DISPATCH_MODES, DAK_MESSAGES.invalidMode),
    page: pageNumber,
  })
  .check(z.refine(rangeInOrder, { message: DAK_MESSAGES.rangeReversed, path: ["to"] }));
export type DispatchListQuery = z.input<typeof dispatchListQuery>;
export type DispatchFilters = z.output<typeof dispatchListQuery>;
export const dispatchListState = withFallbacks(dispatchListQuery);

export const REGISTER_PAGE_SIZE = 50;

/** Addressees as the form sends them: one per line. */
const addresseeLines = z.pipe(
  z.string({ error: DAK_MESSAGES.addresseeRequired }).check(z.maxLength(20_000)),
  z.pipe(
    z.transform((text: string) =>
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
    z
      .array(
        z.string().check(z.maxLength(300, DAK_MESSAGES.tooLong), plainText("dak:field.addressees")),
      )
      .check(
        z.minLength(1, DAK_MESSAGES.addresseeRequired),
        z.maxLength(MAX_ADDRESSEES, DAK_MESSAGES.tooManyAddressees),
      ),
  ),
);

/**
 * POST /api/dispatches as multipart form data: the dispatch's fields and the letter's copy
 * (`letter`, a PDF) or, for Dispatch Reply, `useResponseFile=true` to take the task's latest
 * response file as the copy.
 */
export const dispatchForm = z.object({
  dispatchedOn: isoDate,
  section: z.pipe(
    z.union([z.optional(sectionCode), blank]),
    z.transform((value) => value ?? null),
  ),
  addressees: addresseeLines,
  subject: requiredText("dak:field.subject", DAK_MESSAGES.subjectRequired, 500),
  mode: z.enum(DISPATCH_MODES, DAK_MESSAGES.invalidMode),
  signedBy: optionalText("dak:field.signedBy", 200),
  enclosures: optionalText("dak:field.enclosures", 500, "multiline"),
  receiptId: z.union([z.optional(z.guid(DAK_MESSAGES.receiptNotFound)), blank]),
  taskId: z.union([z.optional(z.guid(DAK_MESSAGES.taskNotFound)), blank]),
  letter: z.union([z.optional(z.instanceof(File)), blank]),
  useResponseFile: z.pipe(
    z.optional(z.enum(["true", "false"])),
    z.transform((value) => value === "true"),
  ),
});
export type DispatchFields = z.output<typeof dispatchForm>;

/** GET /api/search: one box in the header, over numbers, letter numbers and subjects. */
export const searchQuery = z.object({
  q: z
    .string({ error: DAK_MESSAGES.queryTooShort })
    .check(
      z.trim(),
      z.minLength(2, DAK_MESSAGES.queryTooShort),
      z.maxLength(200, DAK_MESSAGES.tooLong),
      plainText("dak:field.search"),
    ),
});

// ---------------------------------------------------------------------------------------------
// What the API sends

export type DakFileLink = { fileName: string; url: string };
export type PersonName = { id: string; name: string };

export type ReceiptAbilities = {
  amend: boolean;
  mark: boolean;
  link: boolean;
  close: boolean;
  dispatch: boolean;
};

export type ReceiptItem = {
  id: string;
  diaryNumber: string;
  section: string | null;
  receivedOn: string;
  mode: ReceiptMode;
  senderName: string;
  senderDesignation: string | null;
  senderOrganisation: string | null;
  senderAddress: string | null;
  letterNumber: string | null;
  letterDate: string | null;
  subject: string;
  category: string;
  classification: Classification;
  enclosures: string | null;
  remarks: string | null;
  status: ReceiptStatus;
  /** Who it is marked to (the task's assignee), why, and the remark. */
  markedTo: PersonName | null;
  markPurpose: MarkPurpose | null;
  markRemark: string | null;
  task: { id: string; subject: string; status: string } | null;
  closeReason: string | null;
  scans: DakFileLink[];
  diarisedBy: PersonName | null;
  createdAt: string;
  version: number;
  can: ReceiptAbilities;
};

export type ReceiptPage = {
  receipts: ReceiptItem[];
  total: number;
  page: number;
  pageSize: number;
};

export type DispatchItem = {
  id: string;
  dispatchNumber: string;
  section: string | null;
  dispatchedOn: string;
  addressees: string[];
  subject: string;
  mode: DispatchMode;
  signedBy: string | null;
  enclosures: string | null;
  receipt: { id: string; diaryNumber: string } | null;
  task: { id: string; subject: string } | null;
  letter: DakFileLink | null;
  dispatchedBy: PersonName | null;
  createdAt: string;
};

export type DispatchPage = {
  dispatches: DispatchItem[];
  total: number;
  page: number;
  pageSize: number;
};

/** A task's letters: the receipt it was made from or linked to, and its dispatches. */
export type TaskLetters = {
  receipt: ReceiptItem | null;
  dispatches: DispatchItem[];
};

export type SearchHit =
  | { kind: "receipt"; id: string; number: string; subject: string; date: string }
  | { kind: "dispatch"; id: string; number: string; subject: string; date: string }
  | { kind: "task"; id: string; number: string | null; subject: string; date: string };

export type SearchResult = { hits: SearchHit[] };
