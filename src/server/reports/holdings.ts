import { sql } from "drizzle-orm";
import { type OfficeSettings, workingDaysUntil } from "../../shared/calendar";
import type { MarkPurpose } from "../../shared/dak";
import type { PerformanceRow } from "../../shared/reports";
import { type Db, rowsOf } from "../db/client";
import { taskMarkings, tasks } from "../db/schema";
import { readOfficeCalendar } from "../office/settings";

/** Holdings alike for the count: one holder, one purpose, begun and ended on the same days. */
type HeldGroup = {
  to_id: string;
  purpose: MarkPurpose;
  start_day: string;
  end_day: string;
  holdings: number;
};

export type HoldingFigures = Pick<PerformanceRow, "holdings" | "avgDaysHeld" | "holdingsOverLimit">;

export const NO_HOLDINGS: HoldingFigures = { holdings: 0, avgDaysHeld: null, holdingsOverLimit: 0 };

/**
 * The holdings held at any time from `from` to `to` (today), grouped: those that ended in the
 * period, from task_markings; and the holdings now, from the tasks, which keep their own
 * (decision 034): an open task's is held to today, a task completed in the period was held to
 * its completion (the holding stays open on a closed file, but nobody holds it any more). A
 * holding pulled back before it was opened was never the holder's to act on.
 */
function heldInPeriod(from: string, to: string, timeZone: string) {
  const dayOf = (instant: unknown) => sql`(${instant} at time zone ${timeZone})::date`;
  return sql`
    select to_id, purpose, start_day::text, end_day::text, count(*)::int as holdings
    from (
      select ${taskMarkings.toId} as to_id, ${taskMarkings.purpose} as purpose,
        ${dayOf(taskMarkings.markedAt)} as start_day, ${dayOf(taskMarkings.endedAt)} as end_day
      from ${taskMarkings}
      -- A bound on the column itself, so an index on ended_at could serve it.
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
    -- Held in the period is begun by its end too (a clock set back, as in tests, meets later ones).
    where to_id is not null and start_day <= ${to}::date
    group by 1, 2, 3, 4`;
}

/**
 * Per holder, the report's holding figures for the period, against the office's time limits:
 * one grouped statement, then working days counted here from one pass over the calendar (a
 * day's count to today, less its end's).
 */
export async function holdingFiguresOf(
  db: Db,
  settings: OfficeSettings,
  period: { from: string; to: string; timeZone: string },
): Promise<Map<string, HoldingFigures>> {
  const { from, to, timeZone } = period;
  const groups = await db.execute(heldInPeriod(from, to, timeZone)).then(rowsOf<HeldGroup>);
  const earliest = groups.reduce(
    (day, group) => (group.start_day < day ? group.start_day : day),
    to,
  );
  const calendar = await readOfficeCalendar(db, settings, { from: earliest, to });
  const untilToday = workingDaysUntil(earliest, to, calendar);

  const totals = new Map<string, { holdings: number; days: number; overLimit: number }>();
  for (const group of groups) {
    const days = Math.max(0, untilToday(group.start_day) - untilToday(group.end_day));
    const limit = settings.markingLimits[group.purpose];
    const total = totals.get(group.to_id) ?? { holdings: 0, days: 0, overLimit: 0 };
    total.holdings += group.holdings;
    total.days += days * group.holdings;
    if (limit !== null && days > limit) total.overLimit += group.holdings;
    totals.set(group.to_id, total);
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
