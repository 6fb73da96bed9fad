import { sql } from "drizzle-orm";
import { addDays } from "../../shared/dates";
import { type PendencyWeek, TREND_WEEKS } from "../../shared/pendency";
import { type Db, rowsOf } from "../db/client";
import { taskDayCounts } from "../db/schema";

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
 */
export async function trend(db: Db, today: string, weekStart: string): Promise<PendencyWeek[]> {
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
    )
    select w.week_start::text as week_start,
      coalesce((select sum(opened) from days where day between w.week_start and w.week_end), 0)::int as opened,
      coalesce((select sum(completed) from days where day between w.week_start and w.week_end), 0)::int as completed,
      ((select n from overdue_before)
        + coalesce((select sum(overdue_change) from days where day <= w.reckoned), 0))::int as overdue
    from weeks w
    order by w.week_start`);
  return rowsOf<WeekRow>(result).map((row) => ({
    weekStart: row.week_start,
    opened: row.opened,
    completed: row.completed,
    overdue: row.overdue,
  }));
}
