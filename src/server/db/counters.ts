// The counter tables statement triggers keep (on tasks: drizzle/0005, 0019, 0020, 0023; on the
// registers: 0030), each as a count over the rows they count: what the seed writes after its
// bulk load with the triggers off, what a restore checks the archive's counters against and
// rebuilds them from, and what tests/api/task-counts.test.ts and dak-counts.test.ts hold the
// triggers to. Raw SQL, for the restore's
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

/**
 * A counter table: its columns, the query over the counted table that yields them, and the
 * condition of a row that still counts something (a row every counted row has left keeps its
 * zeros).
 */
export type Counter = { table: string; columns: string; counting: string; counts: string };

export const COUNTERS: readonly Counter[] = [
  {
    table: "task_counts",
    columns: "assigned_to, status, total",
    counting: "select assigned_to, status, count(*)::int from public.tasks group by 1, 2",
    counts: "total <> 0",
  },
  {
    table: "task_status_counts",
    columns: "status, total",
    counting: "select status, count(*)::int from public.tasks group by 1",
    counts: "total <> 0",
  },
  {
    table: "task_month_counts",
    columns:
      "month, assigned_to, total, completed, in_progress, delayed, on_time, on_time_original, completed_days, completed_dated",
    counting: `select date_trunc('month', assign_date::timestamp)::date as month, assigned_to,
      ${REPORT_MEASURES}
      from public.tasks group by 1, 2`,
    counts: "total <> 0",
  },
  {
    table: "task_day_counts",
    columns: "day, opened, completed, overdue_change",
    // Each task's days, as the Pendency page's trend counts them (pendency/service.ts trend).
    counting: `select d.day, sum(d.opened)::int, sum(d.completed)::int, sum(d.overdue_change)::int
      from public.tasks
      cross join lateral (
        select greatest(assign_date, due_date + 1) as overdue_from,
          case when status = 'completed' then completion_date end as completed_on
      ) as t
      cross join lateral (values
        (assign_date, 1, 0, 0),
        (t.completed_on, 0, 1, 0),
        (case when status <> 'completed' or t.completed_on > t.overdue_from
          then t.overdue_from end, 0, 0, 1),
        (case when t.completed_on > t.overdue_from then t.completed_on end, 0, 0, -1)
      ) as d (day, opened, completed, overdue_change)
      where d.day is not null
      group by 1`,
    counts: "(opened, completed, overdue_change) <> (0, 0, 0)",
  },
  {
    table: "receipt_counts",
    columns: "classification, status, marked_to, total",
    counting: `select classification, status, coalesce(marked_to, ''), count(*)::int
      from public.receipts group by 1, 2, 3`,
    counts: "total <> 0",
  },
  {
    table: "dispatch_counts",
    columns: "classification, total",
    counting: "select classification, count(*)::int from public.dispatches group by 1",
    counts: "total <> 0",
  },
];

/** The statements that replace a counter table's rows with the count over what it counts. */
export function recountSql({ table, columns, counting }: Counter): string[] {
  return [`delete from public.${table}`, `insert into public.${table} (${columns}) ${counting}`];
}

/**
 * How many rows a counter table and the count over what it counts disagree on (as
 * `differing`). A row that counts nothing (every counted row of its key gone) counts as absent.
 */
export function differingSql({ table, columns, counting, counts }: Counter): string {
  return `with counted as (${counting}),
    kept as (select ${columns} from public.${table} where ${counts})
    select count(*)::int as differing from (
      (select * from counted except select * from kept)
      union all
      (select * from kept except select * from counted)
    ) as difference`;
}
