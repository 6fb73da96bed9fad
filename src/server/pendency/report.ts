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
import type { PersonRow } from "./people";

/** Each person's figures from their row, the oldest task's lateness in working days. */
export function personsOf(
  rows: readonly PersonRow[],
  today: string,
  calendar: OfficeCalendar,
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
  }));
}

function emptyFigures(): PendencyFigures {
  const figures = Object.fromEntries(PENDENCY_FIGURES.map((figure) => [figure, 0]));
  return { ...(figures as Record<(typeof PENDENCY_FIGURES)[number], number>), oldest: null };
}

/** The department's row: every figure summed, and the oldest of the people's oldest tasks. */
export function departmentOf(people: readonly PendencyPerson[]): PendencyFigures {
  const department = emptyFigures();
  for (const person of people) {
    for (const figure of PENDENCY_FIGURES) department[figure] += person[figure];
    if (person.oldest && (!department.oldest || person.oldest.dueDate < department.oldest.dueDate))
      department.oldest = person.oldest;
  }
  return department;
}

/** The people in the order asked for; ties (and the name column) by name. */
export function sortPeople(people: PendencyPerson[], { sort, dir }: PendencyOrder, today: string) {
  const byName = (a: PendencyPerson, b: PendencyPerson) => a.name.localeCompare(b.name);
  const figureOf = (person: PendencyPerson, column: Exclude<PendencySort, "name">): number =>
    // The oldest task's calendar days since due: the earlier it was due, the older; no open
    // task at all is younger than any (a finite floor, so a difference of two is no NaN).
    column === "oldest"
      ? person.oldest
        ? daysBetween(person.oldest.dueDate, today)
        : Number.MIN_SAFE_INTEGER
      : person[column];
  const sign = dir === "asc" ? 1 : -1;
  return people.sort((a, b) => {
    const difference = sort === "name" ? byName(a, b) : figureOf(a, sort) - figureOf(b, sort);
    return difference !== 0 ? sign * difference : byName(a, b);
  });
}
