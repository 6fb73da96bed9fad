import { and, desc, eq, inArray } from "drizzle-orm";
import type { Language } from "../../shared/i18n/languages";
import {
  formatVerificationCode,
  type MismatchReason,
  type NoteSheet,
  type NoteSheetHeading,
  type NoteSheetVerification,
  type VerificationCode,
} from "../../shared/notesheet";
import type { CurrentUser } from "../../shared/users";
import { auditHash } from "../audit/chain";
import { createChainVerifier } from "../audit/verify";
import type { Db } from "../db/client";
import { auditEvents } from "../db/schema";
import { carriedReceiptFor } from "../tasks/carried-receipt";
import type { TaskRow } from "../tasks/present";
import { taskRows } from "../tasks/rows";
import { paragraphsAsOf } from "./paragraphs";

/** The audit trail's entities that are a task's own history (a response file's carry the task's id). */
const TASK_ENTITIES = ["task", "response_file"] as const;

function headingOf(reader: CurrentUser, { task, receipt }: TaskRow): NoteSheetHeading {
  return {
    taskId: task.id,
    subject: task.subject,
    // The number only where the reader may read the receipt, as the task's page shows it.
    diaryNumber: carriedReceiptFor(reader, task, receipt)?.diaryNumber ?? null,
    assignDate: task.assignDate,
    dueDate: task.dueDate,
  };
}

/**
 * A task's note sheet and the check of a printout's code. Both read the task under the task's
 * own rule (taskRows.findReadable): a task the reader may not read is 404 here too.
 */
export function createNoteSheetService({ db }: { db: Db }) {
  const { findReadable } = taskRows(db);
  const verifyChain = createChainVerifier(db);

  return {
    /**
     * The sheet as of the task's latest row in the audit trail: its code names that row, and
     * the paragraphs are the ones it saw, so a change committed meanwhile waits for the next
     * printout instead of making this one fail its check.
     */
    async noteSheet(reader: CurrentUser, id: string, language: Language): Promise<NoteSheet> {
      const row = await findReadable(reader, id);
      const [latest] = await db
        .select({ id: auditEvents.id, hash: auditEvents.hash, at: auditEvents.at })
        .from(auditEvents)
        .where(and(inArray(auditEvents.entity, TASK_ENTITIES), eq(auditEvents.entityId, id)))
        .orderBy(desc(auditEvents.id))
        .limit(1);
      const { paragraphs, digest } = await paragraphsAsOf(db, id, latest?.at, language);
      return {
        heading: headingOf(reader, row),
        paragraphs,
        code: latest
          ? formatVerificationCode({ position: latest.id, hash: latest.hash, digest })
          : null,
      };
    },

    /**
     * Whether a printout's code matches the trail: the row at its position is its task's, with
     * that hash, which the row's content gives and the chain holds up to; and the paragraphs
     * as they stood at the row's time digest to the code's digest. The first that fails is
     * the reason; the paragraphs as recorded come with every answer about a readable task.
     */
    async verify(
      reader: CurrentUser,
      code: VerificationCode,
      language: Language,
    ): Promise<NoteSheetVerification> {
      const [event] = await db.select().from(auditEvents).where(eq(auditEvents.id, code.position));
      if (!event || !(TASK_ENTITIES as readonly string[]).includes(event.entity))
        return {
          matches: false,
          reason: "unknown_position",
          position: code.position,
          recordedAt: null,
          heading: null,
          paragraphs: [],
        };
      const row = await findReadable(reader, event.entityId);
      const { paragraphs, digest } = await paragraphsAsOf(db, event.entityId, event.at, language);
      const answer = (reason: MismatchReason | null): NoteSheetVerification => ({
        matches: reason === null,
        reason,
        position: code.position,
        recordedAt: event.at.toISOString(),
        heading: headingOf(reader, row),
        paragraphs,
      });
      if (event.hash !== code.hash) return answer("hash_differs");
      const { hash, ...content } = event;
      if (auditHash(content) !== hash) return answer("trail_broken");
      const chain = await verifyChain();
      if (!chain.ok && chain.brokenAt <= code.position) return answer("trail_broken");
      return answer(digest === code.digest ? null : "content_differs");
    },
  };
}

export type NoteSheetService = ReturnType<typeof createNoteSheetService>;
