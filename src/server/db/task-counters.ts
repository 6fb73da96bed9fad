// The counter tables the statement triggers on tasks keep (drizzle/0005, 0019, 0020), each as
// a count over the tasks themselves: what the seed writes after its bulk load with the
// triggers off, what a restore checks the archive's counters against and rebuilds them from,
// and what tests/api/task-counts.test.ts holds the triggers to. Raw SQL, for the restore's
// session as much as for Drizzle.

/**
 * The performance report's measures of a group of tasks (shared/tasks.ts isCompletedOnTime and
 * isCompletedByOriginalDueDate, in SQL: tests/api/overdue.test.ts and extensions.test.ts hold
 * them equal), as task_month_counts keeps them per person and month.
 */
export const REPORT_MEASURES = `count(*)::int as total,
  count(*) filter (where status = 'completed')::int as completed,
  count(*) filter (where status = 'in_progress')::int as in_progress,
  count(*) filter (where status in ('delayed', 'super_delayed'))::int as delayed,
  count(*) filter (where status = 'completed' and completion_date <= due_date)::int as on_time,
  count(*) filter (where status = 'completed' and completion_date <= coalesce(original_due_date, due_date))::int as on_time_original,
  coalesce(sum(completion_date - assign_date) filter (where status = 'completed'), 0)::int as completed_days,
  count(*) filter (where status = 'completed' and completion_date is not null)::int as completed_dated`;

/** A counter table: its columns, and the query over public.tasks that yields them. */
type TaskCounter = { table: string; columns: string; counting: string };

export const TASK_COUNTERS: readonly TaskCounter[] = [
  {
    table: "task_counts",
    columns: "assigned_to, status, total",
    counting: "select assigned_to, status, count(*)::int from public.tasks group by 1, 2",
  },
  {
    table: "task_status_counts",
    columns: "status, total",
    counting: "select status, count(*)::int from public.tasks group by 1",
  },
  {
    table: "task_month_counts",
    columns:
      "month, assigned_to, total, completed, in_progress, delayed, on_time, on_time_original, completed_days, completed_dated",
    counting: `select date_trunc('month', assign_date::timestamp)::date as month, assigned_to,
      ${REPORT_MEASURES}
      from public.tasks group by 1, 2`,
  },
];

/** The statements that replace a counter table's rows with the count over the tasks. */
export function recountSql({ table, columns, counting }: TaskCounter): string[] {
  return [`delete from public.${table}`, `insert into public.${table} (${columns}) ${counting}`];
}

/**
 * How many rows a counter table and the count over the tasks disagree on (as `differing`).
 * A row whose total is 0 (every task of its key gone) counts as absent.
 */
export function differingSql({ table, columns, counting }: TaskCounter): string {
  return `with counted as (${counting}),
    kept as (select ${columns} from public.${table} where total <> 0)
    select count(*)::int as differing from (
      (select * from counted except select * from kept)
      union all
      (select * from kept except select * from counted)
    ) as difference`;
}
