import { type SQL, sql } from "drizzle-orm";
import { type OfficeSettings, workingDaysUntil } from "../../shared/calendar";
import type { MarkPurpose } from "../../shared/dak";
import { addDays } from "../../shared/dates";
import type { PerformanceRow } from "../../shared/reports";
import { type Db, rowsOf } from "../db/client";
import { taskMarkings, tasks } from "../db/schema";
import { readOfficeCalendar } from "../office/settings";

/** A holder's holdings of one purpose in the period: how many, their working days, over limit. */
type HeldByPurpose = {
  to_id: string;
  purpose: MarkPurpose;
  holdings: number;
  days: number;
  over_limit: number;
};

export type HoldingFigures = Pick<PerformanceRow, "holdings" | "avgDaysHeld" | "holdingsOverLimit">;

export const NO_HOLDINGS: HoldingFigures = { holdings: 0, avgDaysHeld: null, holdingsOverLimit: 0 };

/**
 * How far back a holding's first day is counted: one begun earlier counts from here (a file
 * held over ten years is held over ten years either way).
 */
const YEARS_COUNTED = 10;

/**
 * The holdings held at any time from `from` to `to` (today), per holder and purpose: those
 * that ended in the period, from task_markings; and the holdings now, from the tasks, which
 * keep their own (decision 034): an open task's is held to today, a task completed in the
 * period was held to its completion (the holding stays open on a closed file, but nobody holds
 * it any more). A holding pulled back before it was opened was never the holder's to act on.
 *
 * Working days are looked up in `untilToday` (an array: for each day from `origin`, the working
 * days after it up to today, counted by the office's calendar in TS), so the statement sums
 * them per holder and purpose: at 5,000,000 markings a year's 2,400,000 holdings come back as
 * a few hundred rows, where grouping them by their days returned a million.
 */
function heldInPeriod(
  period: { from: string; to: string; timeZone: string },
  origin: string,
  untilToday: number[],
  limits: OfficeSettings["markingLimits"],
) {
  const { from, to, timeZone } = period;
  const dayOf = (instant: unknown) => sql`(${instant} at time zone ${timeZone})::date`;
  const last = untilToday.length;
  // One parameter, an array literal: drizzle would make a parameter of each element.
  const days = `{${untilToday.join(",")}}`;
  const lookup = (day: SQL) =>
    sql`(${days}::int[])[least(greatest(${day} - ${origin}::date, 0), ${last - 1}) + 1]`;
  const limitOf = sql`(${JSON.stringify(limits)}::jsonb ->> purpose)::int`;
  return sql`
    select to_id, purpose, count(*)::int as holdings, coalesce(sum(days), 0)::int as days,
      (count(*) filter (where days > ${limitOf}))::int as over_limit
    from (
      select to_id, purpose, greatest(${lookup(sql`start_day`)} - ${lookup(sql`end_day`)}, 0) as days
      from (
        select ${taskMarkings.toId} as to_id, ${taskMarkings.purpose} as purpose,
          ${dayOf(taskMarkings.markedAt)} as start_day, ${dayOf(taskMarkings.endedAt)} as end_day
        from ${taskMarkings}
        -- A bound on the column itself, so task_markings_ended_idx serves it.
        where ${taskMarkings.endedAt} >= (${from}::timestamp at time zone ${timeZone})
          and ${taskMarkings.pullBackReason} is null
        union all
        select ${tasks.assignedTo}, ${tasks.purpose}, ${dayOf(tasks.heldSince)}, ${to}::date
        from ${tasks}
        where ${tasks.status} <> 'completed'
        union all
        select ${tasks.assignedTo}, ${tasks.purpose}, ${dayOf(tasks.heldSince)},
          ${tasks.completionDate}
        from ${tasks}
        where ${tasks.status} = 'completed' and ${tasks.completionDate} >= ${from}
      ) as held
      -- Held in the period is begun by its end too (a clock set back, as in tests, meets later
      -- ones).
      where to_id is not null and start_day <= ${to}::date
    ) as counted
    group by 1, 2`;
}

/**
 * Per holder, the report's holding figures for the period, against the office's time limits,
 * from one statement summing per holder and purpose.
 */
export async function holdingFiguresOf(
  db: Db,
  settings: OfficeSettings,
  period: { from: string; to: string; timeZone: string },
): Promise<Map<string, HoldingFigures>> {
  const { to } = period;
  const origin = addDays(to, -366 * YEARS_COUNTED);
  const calendar = await readOfficeCalendar(db, settings, { from: origin, to });
  const until = workingDaysUntil(origin, to, calendar);
  const untilToday: number[] = [];
  for (let day = origin; day <= to; day = addDays(day, 1)) untilToday.push(until(day));
  const rows = await db
    .execute(heldInPeriod(period, origin, untilToday, settings.markingLimits))
    .then(rowsOf<HeldByPurpose>);

  const totals = new Map<string, { holdings: number; days: number; overLimit: number }>();
  for (const row of rows) {
    const total = totals.get(row.to_id) ?? { holdings: 0, days: 0, overLimit: 0 };
    total.holdings += row.holdings;
    total.days += row.days;
    total.overLimit += row.over_limit;
    totals.set(row.to_id, total);
  }
  return new Map(
    [...totals].map(([holder, total]) => [
      holder,
      {
        holdings: total.holdings,
        avgDaysHeld: Math.round((total.days / total.holdings) * 10) / 10,
        holdingsOverLimit: total.overLimit,
      },
    ]),
  );
}
