import { type SQL, sql } from "drizzle-orm";
import type { OfficeSettings } from "../../shared/calendar";
import { addDays, monthStart, nextMonthStart, todayIn } from "../../shared/dates";
import {
  completionRate,
  type PerformanceReport,
  performanceColor,
  performanceLabel,
  type ReportRange,
} from "../../shared/reports";
import { displayNameOf, isPlaceholderEmail } from "../../shared/users";
import { type Db, rowsOf } from "../db/client";
import { REPORT_MEASURES } from "../db/counters";
import { taskMonthCounts, tasks } from "../db/schema";
import { type PreparedJson, prepareJson } from "../http/prepared-json";
import type { ChangeCache } from "../live/change-cache";
import { readOfficeSettingsItem } from "../office/settings";
import type { OverdueSweeper } from "../tasks/overdue";
import { holdingFiguresOf, NO_HOLDINGS } from "./holdings";

type Deps = {
  db: Db;
  sweeper: OverdueSweeper;
  timeZone: string;
  clock: () => Date;
  /**
   * Keeps each day's report per range, serialised, until a task or person changes
   * (bench/report.ts has none).
   */
  cache?: ChangeCache<PreparedJson<PerformanceReport>>;
};

type PersonRow = {
  user_id: string;
  name: string | null;
  email: string;
  username: string | null;
  designation: string | null;
  designation_ur: string | null;
  total: number;
  completed: number;
  in_progress: number;
  delayed: number;
  avg_days: number | null;
  on_time: number;
  on_time_original: number;
  extensions_granted: number | null;
};

type PreviousRow = { assigned_to: string; total: number; completed: number };

type DecidedRow = { owner_id: string; decisions_assigned: number; decisions_done: number };

/**
 * Where a period's tasks are counted: its whole months from task_month_counts, and the days
 * before the first whole month and after the last from the tasks (all of them when the period
 * holds no whole month).
 */
function periodParts(from: string, to: string) {
  const firstWhole = from === monthStart(from) ? from : nextMonthStart(from);
  const afterWhole = monthStart(addDays(to, 1));
  if (firstWhole >= afterWhole) return { months: null, days: [{ from, to }] };
  const days = [];
  if (from < firstWhole) days.push({ from, to: addDays(firstWhole, -1) });
  if (afterWhole <= to) days.push({ from: afterWhole, to });
  return { months: { from: firstWhole, before: afterWhole }, days };
}

/** Per person with tasks assigned from `from` to `to` (both counted), the report's measures. */
function periodMeasures(from: string, to: string): SQL {
  const { months, days } = periodParts(from, to);
  const parts = days.map(
    (span) => sql`
      select assigned_to, ${sql.raw(REPORT_MEASURES)}
      from ${tasks}
      where ${tasks.assignDate} between ${span.from} and ${span.to}
      group by assigned_to`,
  );
  if (months)
    parts.push(sql`
      select assigned_to, total, completed, in_progress, delayed, on_time, on_time_original,
        completed_days, completed_dated
      from ${taskMonthCounts}
      where ${taskMonthCounts.month} >= ${months.from} and ${taskMonthCounts.month} < ${months.before}`);
  return sql`
    select assigned_to,
      sum(total)::int as total,
      sum(completed)::int as completed,
      sum(in_progress)::int as in_progress,
      sum(delayed)::int as delayed,
      round(sum(completed_days)::numeric / nullif(sum(completed_dated), 0))::int as avg_days,
      sum(on_time)::int as on_time,
      sum(on_time_original)::int as on_time_original
    from (${sql.join(parts, sql` union all `)}) as parts
    group by assigned_to
    -- A month whose tasks have all gone keeps its row, at zero.
    having sum(total) > 0`;
}

export function createReportService({ db, sweeper, timeZone, clock, cache }: Deps) {
  async function compute(
    range: ReportRange,
    to: string,
    settings: OfficeSettings,
  ): Promise<PerformanceReport> {
    // "Between the range start and today", both counted: a 7-day report spans 8 dates,
    // and the previous period the same number just before it.
    const from = addDays(to, -range);
    const previousFrom = addDays(from, -(range + 1));
    const previousTo = addDays(from, -1);
    // Four statements side by side, each on its own connection: the people of the period,
    // the period before it, the decisions, and the files held.
    const [people, previous, decided, held] = await Promise.all([
      db
        .execute(sql`
          with current_period as (${periodMeasures(from, to)}),
          granted as (
            select t.assigned_to, count(*)::int as extensions_granted
            from task_extension_requests r
            join tasks t on t.id = r.task_id
            where r.status = 'approved' and t.assign_date between ${from} and ${to}
            group by t.assigned_to
          )
          select u.id as user_id, u.name, u.email, u.username, u.designation, u.designation_ur,
            c.total, c.completed, c.in_progress, c.delayed, c.avg_days, c.on_time,
            c.on_time_original, g.extensions_granted
          from current_period c
          join "user" u on u.id = c.assigned_to
          left join granted g on g.assigned_to = c.assigned_to`)
        .then(rowsOf<PersonRow>),
      db.execute(periodMeasures(previousFrom, previousTo)).then(rowsOf<PreviousRow>),
      // Meeting decisions to act on, of meetings held in the period (the Decisions page's
      // meeting dates), by owner; done is shared/decisions.ts decisionStatus's "done", read
      // from the status each decision keeps of its task.
      db
        .execute(sql`
          select d.owner_id,
            count(*)::int as decisions_assigned,
            count(*) filter (where d.task_status = 'completed')::int as decisions_done
          from engagement_decisions d
          join engagements e on e.id = d.engagement_id
          where d.outcome = 'action' and e.date between ${from} and ${to}
          group by d.owner_id`)
        .then(rowsOf<DecidedRow>),
      holdingFiguresOf(db, settings, { from, to, timeZone }),
    ]);
    const previousOf = new Map(previous.map((row) => [row.assigned_to, row]));
    const decidedOf = new Map(decided.map((row) => [row.owner_id, row]));

    const rows = people.map((row) => {
      const rate = completionRate(row.completed, row.total);
      const before = previousOf.get(row.user_id);
      const decisions = decidedOf.get(row.user_id);
      return {
        userId: row.user_id,
        name: displayNameOf(row),
        email: isPlaceholderEmail(row.email) ? null : row.email,
        designation: row.designation,
        designationUr: row.designation_ur,
        totalTasks: row.total,
        completedTasks: row.completed,
        inProgressTasks: row.in_progress,
        delayedTasks: row.delayed,
        completionRate: rate,
        avgCompletionDays: row.avg_days ?? 0,
        onTimeRate: completionRate(row.on_time, row.completed),
        originalOnTimeRate: completionRate(row.on_time_original, row.completed),
        extensionsGranted: row.extensions_granted ?? 0,
        decisionsAssigned: decisions?.decisions_assigned ?? 0,
        decisionsDone: decisions?.decisions_done ?? 0,
        ...(held.get(row.user_id) ?? NO_HOLDINGS),
        previousCompletionRate: before ? completionRate(before.completed, before.total) : null,
        label: performanceLabel(rate),
        color: performanceColor(rate),
      };
    });
    rows.sort((a, b) => b.completionRate - a.completionRate || a.name.localeCompare(b.name));
    return { range, from, to, rows };
  }

  /**
   * The office's today (the report's last day), after its overdue sweep, and its settings (the
   * working week and the markings' time limits).
   */
  async function reckoned() {
    const to = todayIn(timeZone, clock());
    const [settings] = await Promise.all([readOfficeSettingsItem(db), sweeper.ensureSwept(to)]);
    return { to, settings };
  }

  /**
   * One row per person with tasks assigned in the range (assign date from `range` days ago
   * to today, in the office's zone), with the previous period of the same length for the
   * trend, from aggregate queries that read whole months from task_month_counts; with its
   * JSON (prepared-json.ts), kept per range, day and version of the settings when there is a
   * cache (a save of the settings emits no change event, and the time limits count at once).
   */
  async function prepared(range: ReportRange): Promise<PreparedJson<PerformanceReport>> {
    const { to, settings } = await reckoned();
    const load = async () => prepareJson(await compute(range, to, settings));
    return cache ? cache.get(`${range}:${to}:${settings.version}`, load) : load();
  }

  return {
    prepared,
    /** The same report as a value (the Excel export; bench/report.ts times it uncached). */
    async performance(range: ReportRange): Promise<PerformanceReport> {
      if (cache) return (await prepared(range)).value;
      const { to, settings } = await reckoned();
      return compute(range, to, settings);
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
