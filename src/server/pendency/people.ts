import { ne, type SQL, sql } from "drizzle-orm";
import { AGE_BUCKETS, type AgeEdges } from "../../shared/pendency";
import { awaitingActionByHolder } from "../dak/awaiting-action";
import { type Db, rowsOf } from "../db/client";
import { engagementDecisions, taskCounts, taskExtensionRequests, tasks, user } from "../db/schema";
import { statusSql } from "../decisions/read";
import { completedFromCondition, dueInBucket } from "../tasks/counts";
import { restrictedShares, TASK_FIGURES, type TaskFigures } from "./restricted";

/** Who a person is and their oldest open task, as holders reads them. */
type PersonFields = {
  user_id: string;
  name: string | null;
  email: string;
  username: string | null;
  name_shared: boolean;
  designation: string | null;
  designation_ur: string | null;
  oldest_id: string | null;
  oldest_subject: string | null;
  oldest_due: string | null;
};

/** A person's row as the reader sees it: every figure counted. */
export type PersonRow = PersonFields &
  TaskFigures & { pending_decisions: number; receipts_awaiting_action: number };

/** A person's row of holders: their tasks' figures over every task (null: none). */
type HolderRow = PersonFields &
  Record<keyof TaskFigures, number | null> & {
    /** An active user (users/policy.ts: they take tasks): listed with nothing to count too. */
    takes_tasks: boolean;
  };

/**
 * Per person, in one aggregate statement (pending decisions aside: pendingDecisions). Every
 * user is read, so an active user with nothing open shows as such (people() lists them);
 * admins, and anyone who has since changed role or been suspended, are listed when they hold
 * something. Bucket counts reuse the task list's age condition (its due-date half: the rows
 * are open), so each figure and the list it links to agree.
 *
 * At 1,000,000 tasks most open work is over 30 working days late (200,000 of 230,000 tasks),
 * and counting every open task took half the statement. So each person's open total comes
 * from the counters (task_counts, kept by triggers, as the task list's totals do), the
 * buckets short of "over30" from one range of tasks_open_holder_idx per person (their due
 * dates after over30's last), and "over30" is what remains of the total.
 */
async function holders(db: Db, weekStart: string, edges: AgeEdges) {
  // Every bucket but "over30", which holds each due date up to edges.over30 (bucketDueDates).
  const recentBuckets = AGE_BUCKETS.filter((bucket) => bucket !== "over30");
  const recentCounts = sql.join(
    recentBuckets.map(
      (bucket) =>
        sql`count(*) filter (where ${dueInBucket(bucket, edges)})::int as ${sql.identifier(bucket)}`,
    ),
    sql`, `,
  );
  const open = ne(tasks.status, "completed");
  // Open work and this week's completions are counted apart, each from the counters or its
  // own partial index (tasks_open_holder_idx, tasks_completed_on_idx), not from every task.
  const result = await db.execute(sql`
    with held as (
      select ${taskCounts.assignedTo} as person_id, sum(${taskCounts.total})::int as open
      from ${taskCounts}
      where ${ne(taskCounts.status, "completed")}
      group by ${taskCounts.assignedTo}
      having sum(${taskCounts.total}) > 0
    ),
    completed as (
      select ${tasks.assignedTo} as person_id, count(*)::int as completed_this_week
      from ${tasks}
      where ${completedFromCondition(weekStart)}
      group by ${tasks.assignedTo}
    ),
    extensions as (
      select ${tasks.assignedTo} as person_id, count(*)::int as pending_extensions
      from ${taskExtensionRequests}
      join ${tasks} on ${tasks.id} = ${taskExtensionRequests.taskId}
      where ${taskExtensionRequests.status} = 'pending'
      group by ${tasks.assignedTo}
    )
    select u.id as user_id, u.name, u.email, u.username, u.name_shared, u.designation,
      u.designation_ur,
      ${sql.join(
        recentBuckets.map((bucket) => sql`r.${sql.identifier(bucket)}`),
        sql`, `,
      )},
      h.open - r.recent as ${sql.identifier("over30")},
      h.open, w.completed_this_week, e.pending_extensions,
      o.id as oldest_id, o.subject as oldest_subject, o.due_date as oldest_due,
      (u.role = 'user' and not u.pending_approval and not coalesce(u.banned, false))
        as takes_tasks
    from ${user} u
    left join held h on h.person_id = u.id
    left join completed w on w.person_id = u.id
    left join extensions e on e.person_id = u.id
    left join lateral (
      select ${recentCounts}, count(*)::int as recent
      from ${tasks}
      where ${tasks.assignedTo} = h.person_id and ${open} and ${tasks.dueDate} > ${edges.over30}
    ) r on true
    -- Each person's oldest open task: one step into tasks_open_holder_idx per person, where
    -- a distinct on over every open task sorted them all.
    left join lateral (
      select ${tasks.id} as id, ${tasks.subject} as subject, ${tasks.dueDate}::text as due_date
      from ${tasks}
      -- Heads read the Pendency page: a restricted task's subject is never its "oldest".
      where ${tasks.assignedTo} = h.person_id and ${open} and not ${tasks.restricted}
      order by ${tasks.dueDate}, ${tasks.createdAt}, ${tasks.id}
      limit 1
    ) o on true
    -- A fixed order, so that ties (the department's oldest task among several due the same
    -- day, people sorted alike) come out the same whatever the plan.
    order by u.id`);
  return rowsOf<HolderRow>(result);
}

/**
 * Pending meeting decisions per owner. The Decisions page's "pending" (decisions/read.ts
 * statusSql): actions whose task is neither completed nor late; the figure links to that
 * page so filtered. Only an action with an in-progress task, or with none, can be pending:
 * the status each decision keeps of its task (drizzle/0021) names those, a thousand at
 * 1,000,000 tasks, from a partial index, and the due date it keeps (0024) settles them.
 */
async function pendingDecisions(db: Db, today: string) {
  const result = await db.execute(sql`
    select ${engagementDecisions.ownerId} as person_id, count(*)::int as pending_decisions
    from ${engagementDecisions}
    where ${engagementDecisions.ownerId} is not null
      -- Only an action can be pending (statusSql: any other outcome is its own status).
      and ${engagementDecisions.outcome} = 'action'
      and (${engagementDecisions.taskId} is null or ${engagementDecisions.taskStatus} = 'in_progress')
      and ${statusSql(today)} = 'pending'
    group by ${engagementDecisions.ownerId}`);
  return new Map(
    rowsOf<{ person_id: string; pending_decisions: number }>(result).map((row) => [
      row.person_id,
      row.pending_decisions,
    ]),
  );
}

/** What a reader of the page may see of the tasks and receipts it counts. */
export type PendencyReader = {
  /** Leave out restricted tasks (tasks/policy.ts hidesRestricted). */
  hidesRestricted: boolean;
  /** The receipts they may read (dak/policy.ts receiptsReadableBy; none: every one). */
  readableReceipts: SQL | undefined;
};

/**
 * Every person's row as `reader` may see it: the holders' statement, the decisions', the
 * receipts awaiting action and (for a reader who may not read them) the restricted tasks'
 * share side by side, each on one of the pool's connections (at 1,000,000 tasks on two cores
 * the dashboard took 63 ms at the median against 72 ms one after the other). An active user is
 * always listed; anyone else when they hold something the reader sees.
 */
export async function people(
  db: Db,
  today: string,
  weekStart: string,
  edges: AgeEdges,
  reader: PendencyReader,
): Promise<PersonRow[]> {
  const [rows, pending, receipts, hidden] = await Promise.all([
    holders(db, weekStart, edges),
    pendingDecisions(db, today),
    awaitingActionByHolder(db, reader.readableReceipts),
    reader.hidesRestricted ? restrictedShares(db, weekStart, edges) : null,
  ]);
  return rows.flatMap(({ takes_tasks, ...row }) => {
    const share = hidden?.get(row.user_id);
    const figures = Object.fromEntries(
      TASK_FIGURES.map((figure) => [figure, (row[figure] ?? 0) - (share?.[figure] ?? 0)]),
    ) as TaskFigures;
    const person: PersonRow = {
      ...row,
      ...figures,
      pending_decisions: pending.get(row.user_id) ?? 0,
      receipts_awaiting_action: receipts.get(row.user_id) ?? 0,
    };
    const holdsSomething =
      TASK_FIGURES.some((figure) => person[figure] > 0) ||
      person.pending_decisions > 0 ||
      person.receipts_awaiting_action > 0;
    return takes_tasks || holdsSomething ? [person] : [];
  });
}
