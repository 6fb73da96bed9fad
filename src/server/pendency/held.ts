import { ne, type SQL, sql } from "drizzle-orm";
import { type OfficeCalendar, workingDaysUntil } from "../../shared/calendar";
import { addDays } from "../../shared/dates";
import { type Db, rowsOf } from "../db/client";
import { tasks } from "../db/schema";

/** A holder's open items and the working days they have been held, summed over the items. */
export type Held = { items: number; days: number };

/** A holder with no open item (the reader sees). */
export const NOTHING_HELD: Readonly<Held> = { items: 0, days: 0 };

/** A holder's sums over the days read, and the office day of their longest-held item. */
type HeldRow = Held & { person_id: string; earliest: string };

/**
 * How far back the first read counts each office day: an item held longer makes a second read
 * from its day (held_since is not known before the read, and finding its least first would
 * read every open task once more).
 */
const FIRST_READ_DAYS = 731;

/**
 * Per holder of the open tasks `only` picks (every open one without it): how many, and their
 * working days held, for the items held since `from` or later. Each task's office day is
 * looked up among the days' first instants (width_bucket, a binary search) and its working
 * days read from TypeScript's count per day, so no per-task time-zone conversion and one row
 * per person: grouped by person and day instead, 230,000 open tasks at 1,000,000 made nearly
 * a row each, and the conversion and grouping cost four times the lookup.
 */
async function heldSince(
  db: Db,
  timeZone: string,
  days: readonly string[],
  daysHeld: (day: string) => number,
  only?: SQL,
): Promise<HeldRow[]> {
  // Our own dates and counts, as array literals: one parameter each, whatever the days.
  const dayList = `{${days.join(",")}}`;
  const heldList = `{${days.map(daysHeld).join(",")}}`;
  const result = await db.execute(sql`
    select ${tasks.assignedTo} as person_id, count(*)::int as items,
      -- Before the first day: no bucket (0), no element, left to the caller (earliest).
      coalesce(sum((${heldList}::int[])[width_bucket(${tasks.heldSince}, (
        select array_agg((day::timestamp at time zone ${timeZone}) order by day)
        from unnest(${dayList}::date[]) as day
      ))]), 0)::int as days,
      (min(${tasks.heldSince}) at time zone ${timeZone})::date::text as earliest
    from ${tasks}
    where ${ne(tasks.status, "completed")} ${only ? sql`and ${only}` : sql``}
    group by ${tasks.assignedTo}`);
  return rowsOf<HeldRow>(result);
}

/**
 * Each holder's open items and the working days (shared/calendar.ts, as a marking's days held
 * count them: after the day the holding began, up to today) they have held them, since
 * tasks.held_since, every purpose alike (an item held for information is held too). For a
 * reader who may not read restricted tasks (`hidesRestricted`) the restricted ones' share is
 * taken away, counted from those few tasks through their partial index (tasks_restricted_idx),
 * as restricted.ts does for the counts.
 */
export async function heldByHolder(
  db: Db,
  timeZone: string,
  today: string,
  calendar: OfficeCalendar,
  hidesRestricted: boolean,
): Promise<Map<string, Held>> {
  const readFrom = async (from: string) => {
    const days: string[] = [];
    for (let day = from; day <= today; day = addDays(day, 1)) days.push(day);
    const daysHeld = workingDaysUntil(from, today, calendar);
    const [rows, hidden] = await Promise.all([
      heldSince(db, timeZone, days, daysHeld),
      hidesRestricted ? heldSince(db, timeZone, days, daysHeld, sql`${tasks.restricted}`) : [],
    ]);
    return { rows, hidden };
  };
  const firstFrom = addDays(today, -FIRST_READ_DAYS);
  let read = await readFrom(firstFrom);
  const earliest = read.rows.reduce((day, row) => (row.earliest < day ? row.earliest : day), today);
  if (earliest < firstFrom) read = await readFrom(earliest);

  const held = new Map<string, Held>();
  const add = (row: HeldRow, sign: 1 | -1) => {
    const sums = held.get(row.person_id) ?? { ...NOTHING_HELD };
    sums.items += sign * row.items;
    sums.days += sign * row.days;
    held.set(row.person_id, sums);
  };
  for (const row of read.rows) add(row, 1);
  for (const row of read.hidden) add(row, -1);
  return held;
}

/** The average working days an item has been held, to one decimal; null with nothing held. */
export function averageDaysHeld({ items, days }: Held): number | null {
  return items > 0 ? Math.round((days / items) * 10) / 10 : null;
}
