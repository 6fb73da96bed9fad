import { sql } from "drizzle-orm";
import { addDays } from "../../shared/dates";
import { type PendencyWeek, TREND_WEEKS } from "../../shared/pendency";
import { type Db, rowsOf } from "../db/client";
import { taskDayCounts, tasks } from "../db/schema";

type WeekRow = { week_start: string; opened: number; completed: number; overdue: number };

/**
 * The last TREND_WEEKS office weeks (Monday to Sunday): tasks assigned in the week, completed
 * in it, and open and past due at its end (today, for the current week). Due dates are
 * today's: a due date moved since counts as it stands now. A task is overdue from the day
 * after its due date (not before its assign date) until its completion date.
 *
 * All three come from the department's day counters (task_day_counts, kept by triggers),
 * a few hundred rows, where reading the tasks of the window through three indexes took
 * some 90 ms at 1,000,000 tasks. "Overdue at the end of a week" is every change in the
 * number overdue up to that day.
 *
 * The counters hold every task. For a reader who may not read restricted tasks (`hidesRestricted`)
 * each week's figures lose the restricted tasks' share, counted from those tasks themselves
 * (few, through their partial index tasks_restricted_idx) by the same definitions.
 */
export async function trend(
  db: Db,
  today: string,
  weekStart: string,
  hidesRestricted: boolean,
): Promise<PendencyWeek[]> {
  const first = addDays(weekStart, -7 * (TREND_WEEKS - 1));
  const result = await db.execute(sql`
    with weeks as (
      select ${first}::date + 7 * n as week_start,
        ${first}::date + 7 * n + 6 as week_end,
        least(${first}::date + 7 * n + 6, ${today}::date) as reckoned
      from generate_series(0, ${TREND_WEEKS - 1}::int) as n
    ),
    overdue_before as (
      select coalesce(sum(${taskDayCounts.overdueChange}), 0) as n
      from ${taskDayCounts}
      where ${taskDayCounts.day} < ${first}
    ),
    days as materialized (
      select ${taskDayCounts.day} as day, ${taskDayCounts.opened} as opened,
        ${taskDayCounts.completed} as completed, ${taskDayCounts.overdueChange} as overdue_change
      from ${taskDayCounts}
      where ${taskDayCounts.day} >= ${first}
    ),
    -- The tasks whose share the reader does not see, read once (none when they see every one).
    hidden as materialized (
      select ${tasks.assignDate} as assigned_on,
        ${tasks.status} = 'completed' as is_completed, ${tasks.completionDate} as completed_on,
        greatest(${tasks.assignDate}, ${tasks.dueDate} + 1) as overdue_from
      from ${tasks}
      where ${hidesRestricted ? sql`${tasks.restricted}` : sql`false`}
    )
    select w.week_start::text as week_start,
      (coalesce((select sum(opened) from days where day between w.week_start and w.week_end), 0)
        - h.opened)::int as opened,
      (coalesce((select sum(completed) from days where day between w.week_start and w.week_end), 0)
        - h.completed)::int as completed,
      ((select n from overdue_before)
        + coalesce((select sum(overdue_change) from days where day <= w.reckoned), 0)
        - h.overdue)::int as overdue
    from weeks w
    cross join lateral (
      select
        count(*) filter (where assigned_on between w.week_start and w.week_end) as opened,
        count(*) filter (where is_completed
          and completed_on between w.week_start and w.week_end) as completed,
        count(*) filter (where overdue_from <= w.reckoned
          and (not is_completed or completed_on > w.reckoned)) as overdue
      from hidden
    ) as h
    order by w.week_start`);
  return rowsOf<WeekRow>(result).map((row) => ({
    weekStart: row.week_start,
    opened: row.opened,
    completed: row.completed,
    overdue: row.overdue,
  }));
}
