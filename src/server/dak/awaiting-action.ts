import { and, count, eq, isNotNull, ne, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { receipts, tasks } from "../db/schema";

/**
 * Receipts marked to an officer and not yet acted on, per holder of their task, within
 * `readable` (a reader's condition on receipts; none: every one). A receipt is marked (Diarise
 * and Mark, Mark, Link) when a task carries it, and acted on when that task is completed: the
 * task is the officer's work on the letter, whatever its purpose. It counts for whoever holds
 * the task now, the officer it was marked to unless the task has been handed on (the work went
 * with it). One definition for the Daily Brief's "marked but not disposed of" and Pendency's
 * column (decision 033).
 */
export async function awaitingActionByHolder(
  db: Db,
  readable: SQL | undefined,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ holder: tasks.assignedTo, count: count() })
    .from(receipts)
    .innerJoin(tasks, eq(tasks.id, receipts.taskId))
    .where(
      and(
        // Said apart from the join, so the receipts carried by a task are read from their
        // index (receipts_task_key) instead of every receipt: at 1,000,000 receipts with none
        // carried, 13 ms against 250.
        isNotNull(receipts.taskId),
        eq(receipts.status, "marked"),
        ne(tasks.status, "completed"),
        readable,
      ),
    )
    .groupBy(tasks.assignedTo);
  return new Map(rows.map((row) => [row.holder, row.count]));
}
