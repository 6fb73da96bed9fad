import { type OfficeCalendar, workingDaysUntil } from "../../shared/calendar";
import { daysBetween } from "../../shared/dates";
import {
  AGE_BUCKETS,
  type OldestTask,
  PENDENCY_FIGURES,
  type PendencyFigures,
  type PendencyOrder,
  type PendencyPerson,
  type PendencySort,
} from "../../shared/pendency";
import { displayNameOf } from "../../shared/users";
import { averageDaysHeld, type Held, NOTHING_HELD } from "./held";
import type { PersonRow } from "./people";

/**
 * Each person's figures from their row, the oldest task's lateness in working days, and the
 * average days their open items have been held (`held`: heldByHolder).
 */
export function personsOf(
  rows: readonly PersonRow[],
  today: string,
  calendar: OfficeCalendar,
  held: ReadonlyMap<string, Held>,
): PendencyPerson[] {
  const earliestDue = rows.reduce<string>(
    (earliest, row) => (row.oldest_due && row.oldest_due < earliest ? row.oldest_due : earliest),
    today,
  );
  const workingDaysLate = workingDaysUntil(earliestDue, today, calendar);
  const oldestOf = (row: PersonRow): OldestTask | null =>
    row.oldest_id && row.oldest_subject !== null && row.oldest_due
      ? {
          id: row.oldest_id,
          subject: row.oldest_subject,
          dueDate: row.oldest_due,
          daysPastDue: workingDaysLate(row.oldest_due),
        }
      : null;
  return rows.map((row) => ({
    userId: row.user_id,
    name: displayNameOf({ ...row, nameShared: row.name_shared }),
    designation: row.designation,
    designationUr: row.designation_ur,
    ...(Object.fromEntries(AGE_BUCKETS.map((bucket) => [bucket, row[bucket]])) as Record<
      (typeof AGE_BUCKETS)[number],
      number
    >),
    open: row.open,
    completedThisWeek: row.completed_this_week,
    pendingExtensions: row.pending_extensions,
    pendingDecisions: row.pending_decisions,
    receiptsAwaitingAction: row.receipts_awaiting_action,
    oldest: oldestOf(row),
    averageDaysHeld: averageDaysHeld(held.get(row.user_id) ?? NOTHING_HELD),
  }));
}

function emptyFigures(): PendencyFigures {
  const figures = Object.fromEntries(PENDENCY_FIGURES.map((figure) => [figure, 0]));
  return {
    ...(figures as Record<(typeof PENDENCY_FIGURES)[number], number>),
    oldest: null,
    averageDaysHeld: null,
  };
}

/**
 * The department's row: every figure summed, the oldest of the people's oldest tasks, and the
 * average days held over all their open items (not an average of the people's averages).
 */
export function departmentOf(
  people: readonly PendencyPerson[],
  held: ReadonlyMap<string, Held>,
): PendencyFigures {
  const department = emptyFigures();
  const heldByAll = { ...NOTHING_HELD };
  for (const person of people) {
    const sums = held.get(person.userId) ?? NOTHING_HELD;
    heldByAll.items += sums.items;
    heldByAll.days += sums.days;
    for (const figure of PENDENCY_FIGURES) department[figure] += person[figure];
    if (person.oldest && (!department.oldest || person.oldest.dueDate < department.oldest.dueDate))
      department.oldest = person.oldest;
  }
  department.averageDaysHeld = averageDaysHeld(heldByAll);
  return department;
}

/** The people in the order asked for; ties (and the name column) by name. */
export function sortPeople(people: PendencyPerson[], { sort, dir }: PendencyOrder, today: string) {
  const byName = (a: PendencyPerson, b: PendencyPerson) => a.name.localeCompare(b.name);
  // No open task at all is younger, and held for less, than any (a finite floor, so a
  // difference of two is no NaN).
  const figureOf = (person: PendencyPerson, column: Exclude<PendencySort, "name">): number => {
    switch (column) {
      // The oldest task's calendar days since due: the earlier it was due, the older.
      case "oldest":
        return person.oldest ? daysBetween(person.oldest.dueDate, today) : Number.MIN_SAFE_INTEGER;
      case "averageDaysHeld":
        return person.averageDaysHeld ?? Number.MIN_SAFE_INTEGER;
      default:
        return person[column];
    }
  };
  const sign = dir === "asc" ? 1 : -1;
  return people.sort((a, b) => {
    const difference = sort === "name" ? byName(a, b) : figureOf(a, sort) - figureOf(b, sort);
    return difference !== 0 ? sign * difference : byName(a, b);
  });
}
