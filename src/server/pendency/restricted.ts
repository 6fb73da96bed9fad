import { ne, sql } from "drizzle-orm";
import { AGE_BUCKETS, type AgeEdges } from "../../shared/pendency";
import { type Db, rowsOf } from "../db/client";
import { taskExtensionRequests, tasks } from "../db/schema";
import { ageCondition, completedFromCondition } from "../tasks/counts";

/** The figures of a person's row that count their tasks (pending decisions count decisions). */
export const TASK_FIGURES = [
  ...AGE_BUCKETS,
  "open",
  "completed_this_week",
  "pending_extensions",
] as const;
export type TaskFigure = (typeof TASK_FIGURES)[number];
export type TaskFigures = Record<TaskFigure, number>;

/**
 * Each holder's restricted tasks (made from Confidential or Secret receipts) as their row of
 * people.ts counts them: the share a reader who may not read those tasks (an organization head)
 * must not see. The rows themselves come from the counters and indexes over every task; the
 * restricted tasks are few, read whole through their partial index (tasks_restricted_idx), so
 * taking them away keeps the counters' speed. Each figure is the row's own condition: a bucket
 * is ageCondition, this week's completions completedFromCondition, and the pending extensions
 * are requests as the row counts them.
 */
export async function restrictedShares(
  db: Db,
  weekStart: string,
  edges: AgeEdges,
): Promise<Map<string, TaskFigures>> {
  const buckets = sql.join(
    AGE_BUCKETS.map(
      (bucket) =>
        sql`count(*) filter (where ${ageCondition(bucket, edges)})::int as ${sql.identifier(bucket)}`,
    ),
    sql`, `,
  );
  const result = await db.execute(sql`
    select ${tasks.assignedTo} as person_id, ${buckets},
      count(*) filter (where ${ne(tasks.status, "completed")})::int as open,
      count(*) filter (where ${completedFromCondition(weekStart)})::int as completed_this_week,
      coalesce(sum((
        select count(*) from ${taskExtensionRequests}
        where ${taskExtensionRequests.taskId} = ${tasks.id}
          and ${taskExtensionRequests.status} = 'pending'
      )), 0)::int as pending_extensions
    from ${tasks}
    where ${tasks.restricted}
    group by ${tasks.assignedTo}`);
  return new Map(
    rowsOf<TaskFigures & { person_id: string }>(result).map(({ person_id, ...figures }) => [
      person_id,
      figures,
    ]),
  );
}
