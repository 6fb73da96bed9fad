import { sql } from "drizzle-orm";
import { addDays, todayIn } from "../../shared/dates";
import {
  completionRate,
  type PerformanceReport,
  performanceColor,
  performanceLabel,
  type ReportRange,
} from "../../shared/reports";
import { displayNameOf, isPlaceholderEmail } from "../../shared/users";
import type { ChangeCache } from "../change-cache";
import type { Db } from "../db/client";
import type { OverdueSweeper } from "../tasks/overdue";

type Deps = {
  db: Db;
  sweeper: OverdueSweeper;
  timeZone: string;
  clock: () => Date;
  /** Keeps each day's report per range until a task or person changes (bench/report.ts has none). */
  cache?: ChangeCache<PerformanceReport>;
};

type AggregateRow = {
  user_id: string;
  name: string | null;
  email: string;
  username: string | null;
  total: number;
  completed: number;
  in_progress: number;
  delayed: number;
  avg_days: number | null;
  on_time: number;
  on_time_original: number;
  extensions_granted: number | null;
  decisions_assigned: number | null;
  decisions_done: number | null;
  previous_total: number | null;
  previous_completed: number | null;
};

export function createReportService({ db, sweeper, timeZone, clock, cache }: Deps) {
  async function compute(range: ReportRange, to: string): Promise<PerformanceReport> {
    // "Between the range start and today", both counted: a 7-day report spans 8 dates,
    // and the previous period the same number just before it.
    const from = addDays(to, -range);
    const previousFrom = addDays(from, -(range + 1));
    const previousTo = addDays(from, -1);
    const result = (await db.execute(sql`
        with current_period as (
          select assigned_to,
            count(*)::int as total,
            count(*) filter (where status = 'completed')::int as completed,
            count(*) filter (where status = 'in_progress')::int as in_progress,
            count(*) filter (where status in ('delayed', 'super_delayed'))::int as delayed,
            round(avg(completion_date - assign_date) filter (where status = 'completed' and completion_date is not null))::int as avg_days,
            -- shared/tasks.ts isCompletedOnTime, in SQL (tests/api/overdue.test.ts holds them equal)
            count(*) filter (where status = 'completed' and completion_date <= due_date)::int as on_time,
            -- shared/tasks.ts isCompletedByOriginalDueDate, in SQL (tests/api/extensions.test.ts)
            count(*) filter (where status = 'completed' and completion_date <= coalesce(original_due_date, due_date))::int as on_time_original
          from tasks
          where assign_date between ${from} and ${to}
          group by assigned_to
        ),
        granted as (
          select t.assigned_to, count(*)::int as extensions_granted
          from task_extension_requests r
          join tasks t on t.id = r.task_id
          where r.status = 'approved' and t.assign_date between ${from} and ${to}
          group by t.assigned_to
        ),
        -- Meeting decisions to act on, of meetings held in the period (the Decisions page's
        -- meeting dates), by owner; done is shared/decisions.ts decisionStatus's "done".
        decided as (
          select d.owner_id,
            count(*)::int as decisions_assigned,
            count(*) filter (where t.status = 'completed')::int as decisions_done
          from engagement_decisions d
          join engagements e on e.id = d.engagement_id
          left join tasks t on t.id = d.task_id
          where d.outcome = 'action' and e.date between ${from} and ${to}
          group by d.owner_id
        ),
        previous_period as (
          select assigned_to,
            count(*)::int as total,
            count(*) filter (where status = 'completed')::int as completed
          from tasks
          where assign_date between ${previousFrom} and ${previousTo}
          group by assigned_to
        )
        select u.id as user_id, u.name, u.email, u.username,
          c.total, c.completed, c.in_progress, c.delayed, c.avg_days, c.on_time,
          c.on_time_original, g.extensions_granted, dc.decisions_assigned, dc.decisions_done,
          p.total as previous_total, p.completed as previous_completed
        from current_period c
        join "user" u on u.id = c.assigned_to
        left join granted g on g.assigned_to = c.assigned_to
        left join decided dc on dc.owner_id = c.assigned_to
        left join previous_period p on p.assigned_to = c.assigned_to`)) as unknown as {
      rows: AggregateRow[];
    };

    const rows = result.rows.map((row) => {
      const rate = completionRate(row.completed, row.total);
      return {
        userId: row.user_id,
        name: displayNameOf(row),
        email: isPlaceholderEmail(row.email) ? null : row.email,
        totalTasks: row.total,
        completedTasks: row.completed,
        inProgressTasks: row.in_progress,
        delayedTasks: row.delayed,
        completionRate: rate,
        avgCompletionDays: row.avg_days ?? 0,
        onTimeRate: completionRate(row.on_time, row.completed),
        originalOnTimeRate: completionRate(row.on_time_original, row.completed),
        extensionsGranted: row.extensions_granted ?? 0,
        decisionsAssigned: row.decisions_assigned ?? 0,
        decisionsDone: row.decisions_done ?? 0,
        previousCompletionRate: row.previous_total
          ? completionRate(row.previous_completed ?? 0, row.previous_total)
          : null,
        label: performanceLabel(rate),
        color: performanceColor(rate),
      };
    });
    rows.sort((a, b) => b.completionRate - a.completionRate || a.name.localeCompare(b.name));
    return { range, from, to, rows };
  }

  return {
    /**
     * One row per person with tasks assigned in the range (assign date from `range` days ago
     * to today, in the office's zone), from a single aggregate query that also counts the
     * previous period of the same length for the trend.
     */
    async performance(range: ReportRange): Promise<PerformanceReport> {
      const to = todayIn(timeZone, clock());
      await sweeper.ensureSwept(to);
      return cache ? cache.get(`${range}:${to}`, () => compute(range, to)) : compute(range, to);
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
