import { z } from "zod/mini";
import type { MarkPurpose } from "./dak";
import type { MessageKey } from "./i18n/message";
import type { MarkingOutcome } from "./markings";

/**
 * A task's note sheet (issue 36): its movement and progress thread as numbered paragraphs, on
 * paper with a verification code. The code names the audit trail's row for the task at the
 * time (its position and hash) and a digest of the paragraphs as they stood then, so
 * `/verify/:code` can say whether a printout matches the trail.
 */

export const NOTE_SHEET_MESSAGES = {
  badCode: "notesheet:error.badCode",
} as const satisfies Record<string, MessageKey>;

/** Characters of the paragraphs' digest kept in the code (base64url: 96 bits). */
export const DIGEST_LENGTH = 16;

/**
 * `position-hash-digest`: the audit row's id, its SHA-256 hash (hex) and the digest. The hash
 * and digest have fixed lengths, so the digest's own `-` and `_` cannot be taken for separators.
 */
const CODE_PATTERN = new RegExp(
  `^([1-9][0-9]{0,14})-([0-9a-f]{64})-([A-Za-z0-9_-]{${DIGEST_LENGTH}})$`,
);

export type VerificationCode = { position: number; hash: string; digest: string };

export function formatVerificationCode(code: VerificationCode): string {
  return `${code.position}-${code.hash}-${code.digest}`;
}

/** The `/verify/:code` parameter, read into its parts (a code that is not one is a 400). */
export const verificationCodeParam = z.object({
  code: z.pipe(
    z.string().check(z.regex(CODE_PATTERN, NOTE_SHEET_MESSAGES.badCode)),
    z.transform((text): VerificationCode => {
      const [, position, hash, digest] = CODE_PATTERN.exec(text) ?? [];
      return { position: Number(position), hash, digest };
    }),
  ),
});

/** The paragraph's writer: the name as recorded, the designation as it is now. */
export type ParagraphAuthor = { name: string; designation: string | null };

/**
 * One numbered paragraph: a holding of the movement (assigned, marked onward, returned with an
 * answer, pulled back) or an entry of the progress thread (an update, an admin's reply).
 */
export type NoteSheetEntry = { at: string; by: ParagraphAuthor } & (
  | { kind: "assigned" | "marked"; to: string; purpose: MarkPurpose; remark: string | null }
  | { kind: "returned"; to: string; outcome: MarkingOutcome | null; remark: string | null }
  | { kind: "pulled_back"; from: string; reason: string | null }
  | { kind: "progress" | "reply"; body: string }
);
export type NoteSheetParagraph = NoteSheetEntry & { number: number };

/** A purpose inside a paragraph's sentence ("Marked to … for approval"). */
export const NOTE_PURPOSE_LABELS = {
  information: "notesheet:purpose.information",
  action: "notesheet:purpose.action",
  comments: "notesheet:purpose.comments",
  approval: "notesheet:purpose.approval",
  signature: "notesheet:purpose.signature",
} as const satisfies Record<MarkPurpose, MessageKey>;

/** An answer as done ("Approved with changes"), where the marking forms name it as an action. */
export const NOTE_OUTCOME_LABELS = {
  approved: "notesheet:outcome.approved",
  approved_with_changes: "notesheet:outcome.approved_with_changes",
  returned_with_comments: "notesheet:outcome.returned_with_comments",
  signed: "notesheet:outcome.signed",
} as const satisfies Record<MarkingOutcome, MessageKey>;

export type NoteSheetHeading = {
  taskId: string;
  subject: string;
  /** The diary number of the task's receipt, where it came as one. */
  diaryNumber: string | null;
  assignDate: string;
  dueDate: string;
};

export type NoteSheet = {
  heading: NoteSheetHeading;
  paragraphs: NoteSheetParagraph[];
  /** Null while the task has no row in the audit trail (older than the trail, never changed). */
  code: string | null;
};

/** Why a code does not match: no such row for a task, another hash, a broken trail, other paragraphs. */
export const MISMATCH_REASONS = [
  "unknown_position",
  "hash_differs",
  "trail_broken",
  "content_differs",
] as const;
export type MismatchReason = (typeof MISMATCH_REASONS)[number];

export const MISMATCH_REASON_LABELS = {
  unknown_position: "notesheet:reason.unknown_position",
  hash_differs: "notesheet:reason.hash_differs",
  trail_broken: "notesheet:reason.trail_broken",
  content_differs: "notesheet:reason.content_differs",
} as const satisfies Record<MismatchReason, MessageKey>;

/**
 * The answer of `/verify/:code`: whether the printout's code matches the trail, and (where the
 * position names a task the reader may read) the paragraphs as recorded then, to hold the paper
 * against.
 */
export type NoteSheetVerification = {
  matches: boolean;
  reason: MismatchReason | null;
  position: number;
  /** The audit row's time, when there is one for a task. */
  recordedAt: string | null;
  heading: NoteSheetHeading | null;
  paragraphs: NoteSheetParagraph[];
};
