import { and, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { SearchHit } from "../../shared/dak";
import type { CurrentUser } from "../../shared/users";
import { containing } from "../db/like";
import { dispatches, receipts, tasks } from "../db/schema";
import { taskPolicy } from "../tasks/policy";
import type { DakDeps } from "./deps";
import { dakActor, dispatchesReadableBy, receiptsReadableBy } from "./policy";

/** Hits of each kind the header's search shows at most. */
export const HITS_PER_KIND = 5;

/** The tasks `viewer` may read: every one, but a restricted one only for admins and its holder. */
function tasksReadableBy(viewer: CurrentUser): SQL | undefined {
  if (viewer.role === "admin") return undefined;
  if (taskPolicy.seesAllTasks(viewer))
    return or(eq(tasks.restricted, false), eq(tasks.assignedTo, viewer.id));
  return eq(tasks.assignedTo, viewer.id);
}

/**
 * The header's search: receipts by diary number, the sender's letter number or subject;
 * dispatches by number or subject; tasks by subject or their receipt's diary number; within
 * what `viewer` may read, the newest first.
 */
export async function search(
  { db }: Pick<DakDeps, "db">,
  viewer: CurrentUser,
  text: string,
): Promise<SearchHit[]> {
  const like = containing(text);
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
          or(
            ilike(receipts.diaryNumber, like),
            ilike(receipts.letterNumber, like),
            ilike(receipts.subject, like),
          ),
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
          or(ilike(dispatches.dispatchNumber, like), ilike(dispatches.subject, like)),
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
          or(ilike(tasks.subject, like), ilike(receipts.diaryNumber, like)),
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
