import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { SearchHit } from "../../shared/dak";
import type { CurrentUser } from "../../shared/users";
import { containing, startingWith } from "../db/like";
import { dispatches, receipts, tasks } from "../db/schema";
import { tasksReadableBy } from "../tasks/readable";
import type { DakDeps } from "./deps";
import { dakActor, dispatchesReadableBy, receiptsReadableBy } from "./policy";

/** Hits of each kind the header's search shows at most. */
export const HITS_PER_KIND = 5;

/** A word with a digit and no space: a number, or a number's start or end. */
const NUMBER_LIKE = /^(?=.*\d)\S+$/;

/**
 * `column` (a register number) starting or ending with `text`, in any letter case: each half
 * reads an index (the number's, and its reversal's), where containment would read every entry.
 */
function numberMatches(column: SQL | AnyPgColumn, text: string): SQL {
  const upper = text.toUpperCase();
  return or(
    sql`upper(${column}) like ${startingWith(upper)}`,
    sql`reverse(upper(${column})) like ${startingWith([...upper].reverse().join(""))}`,
  ) as SQL;
}

/**
 * The header's search, within what `viewer` may read, the newest first. A number ("HED-2026-
 * 01432", its start, or its running number "1432") finds receipts by diary or letter number,
 * dispatches by number and tasks by their receipt's number; words find subjects.
 */
export async function search(
  { db }: Pick<DakDeps, "db">,
  viewer: CurrentUser,
  text: string,
): Promise<SearchHit[]> {
  const like = containing(text);
  const byNumber = NUMBER_LIKE.test(text);
  const actor = dakActor(viewer);
  const [receiptRows, dispatchRows, taskRows] = await Promise.all([
    db
      .select({
        id: receipts.id,
        number: receipts.diaryNumber,
        subject: receipts.subject,
        date: receipts.receivedOn,
      })
      .from(receipts)
      .where(
        and(
          receiptsReadableBy(actor),
          byNumber
            ? or(
                numberMatches(receipts.diaryNumber, text),
                numberMatches(receipts.letterNumber, text),
              )
            : ilike(receipts.subject, like),
        ),
      )
      .orderBy(desc(receipts.seq))
      .limit(HITS_PER_KIND),
    db
      .select({
        id: dispatches.id,
        number: dispatches.dispatchNumber,
        subject: dispatches.subject,
        date: dispatches.dispatchedOn,
      })
      .from(dispatches)
      .where(
        and(
          dispatchesReadableBy(actor),
          byNumber
            ? numberMatches(dispatches.dispatchNumber, text)
            : ilike(dispatches.subject, like),
        ),
      )
      .orderBy(desc(dispatches.seq))
      .limit(HITS_PER_KIND),
    db
      .select({
        id: tasks.id,
        number: receipts.diaryNumber,
        subject: tasks.subject,
        date: tasks.assignDate,
      })
      .from(tasks)
      .leftJoin(receipts, eq(receipts.taskId, tasks.id))
      .where(
        and(
          tasksReadableBy(viewer),
          byNumber ? numberMatches(receipts.diaryNumber, text) : ilike(tasks.subject, like),
        ),
      )
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(HITS_PER_KIND),
  ]);
  return [
    ...receiptRows.map((row) => ({ kind: "receipt" as const, ...row })),
    ...dispatchRows.map((row) => ({ kind: "dispatch" as const, ...row })),
    ...taskRows.map((row) => ({ kind: "task" as const, ...row })),
  ];
}
