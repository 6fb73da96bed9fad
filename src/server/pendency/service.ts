import { ne, sql } from "drizzle-orm";
import { workingDaysUntil } from "../../shared/calendar";
import { addDays, daysBetween, todayIn, weekOf } from "../../shared/dates";
import {
  AGE_BUCKETS,
  type AgeEdges,
  ageEdges,
  type OldestTask,
  PENDENCY_FIGURES,
  type PendencyDashboard,
  type PendencyFigures,
  type PendencyOrder,
  type PendencyPerson,
  type PendencySort,
  type PendencyWeek,
  TREND_WEEKS,
} from "../../shared/pendency";
import { seesAllTasks } from "../../shared/roles";
import { type CurrentUser, displayNameOf } from "../../shared/users";
import type { Db } from "../db/client";
import {
  engagementDecisions,
  taskExtensionRequests,
  taskStatusCounts,
  tasks,
  user,
} from "../db/schema";
import { statusSql } from "../decisions/read";
import { AppError } from "../errors";
import { readOfficeCalendar } from "../office/settings";
import { completedFromCondition, dueInBucket } from "../tasks/counts";
import type { OverdueSweeper } from "../tasks/overdue";

type Deps = { db: Db; sweeper: OverdueSweeper; timeZone: string; clock: () => Date };

type PersonRow = Record<(typeof AGE_BUCKETS)[number], number | null> & {
  user_id: string;
  name: string | null;
  email: string;
  username: string | null;
  open: number | null;
  completed_this_week: number | null;
  pending_extensions: number | null;
  pending_decisions: number | null;
  oldest_id: string | null;
  oldest_subject: string | null;
  oldest_due: string | null;
};

type WeekRow = { week_start: string; opened: number; completed: number; overdue: number };

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

function emptyFigures(): PendencyFigures {
  const figures = Object.fromEntries(PENDENCY_FIGURES.map((figure) => [figure, 0]));
  return { ...(figures as Record<(typeof PENDENCY_FIGURES)[number], number>), oldest: null };
}

/** The department's row: every figure summed, and the oldest of the people's oldest tasks. */
function departmentOf(people: readonly PendencyPerson[]): PendencyFigures {
  const department = emptyFigures();
  for (const person of people) {
    for (const figure of PENDENCY_FIGURES) department[figure] += person[figure];
    if (person.oldest && (!department.oldest || person.oldest.dueDate < department.oldest.dueDate))
      department.oldest = person.oldest;
  }
  return department;
}

/** The people in the order asked for; ties (and the name column) by name. */
function sortPeople(people: PendencyPerson[], { sort, dir }: PendencyOrder, today: string) {
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

/**
 * The Pendency page (and its Excel export): per person who holds tasks, open work by ageing
 * bucket, the oldest open task, this week's completions, and what waits on an answer.
 */
export function createPendencyService({ db, sweeper, timeZone, clock }: Deps) {
  /**
   * Per person, in one aggregate statement. Every active user (users/policy.ts: they take
   * tasks) has a row, so a person with nothing open shows as such; admins, and anyone who has
   * since changed role or been suspended, appear when they hold something. Bucket counts reuse
   * the task list's age condition (its due-date half: the rows are open), so each figure and
   * the list it links to agree.
   */
  async function people(today: string, weekStart: string, edges: AgeEdges) {
    const bucketCounts = sql.join(
      AGE_BUCKETS.map(
        (bucket) =>
          sql`count(*) filter (where ${dueInBucket(bucket, edges)})::int as ${sql.identifier(bucket)}`,
      ),
      sql`, `,
    );
    const open = ne(tasks.status, "completed");
    const hasOwnerPending = sql`${engagementDecisions.ownerId} is not null and ${statusSql(today)} = 'pending'`;
    // Open work and this week's completions are counted apart, each from its own partial
    // index (tasks_open_holder_idx, tasks_completed_on_idx) rather than from every task.
    const result = await db.execute(sql`
      with counted as (
        select ${tasks.assignedTo} as person_id, ${bucketCounts}, count(*)::int as open
        from ${tasks}
        where ${open}
        group by ${tasks.assignedTo}
      ),
      completed as (
        select ${tasks.assignedTo} as person_id, count(*)::int as completed_this_week
        from ${tasks}
        where ${completedFromCondition(weekStart)}
        group by ${tasks.assignedTo}
      ),
      extensions as (
        select ${tasks.assignedTo} as person_id, count(*)::int as pending_extensions
        from ${taskExtensionRequests}
        join ${tasks} on ${tasks.id} = ${taskExtensionRequests.taskId}
        where ${taskExtensionRequests.status} = 'pending'
        group by ${tasks.assignedTo}
      ),
      -- The Decisions page's "pending" (decisions/read.ts statusSql): actions whose task is
      -- neither completed nor late; the figure links to that page so filtered. Only an action
      -- with an in-progress task, or with none, can be pending: read as those two, the first
      -- from the in-progress tasks, where joining every decision to its task read them all.
      decided as (
        select owner_id as person_id, count(*)::int as pending_decisions
        from (
          select ${engagementDecisions.ownerId} as owner_id
          from ${engagementDecisions}
          join ${tasks} on ${tasks.id} = ${engagementDecisions.taskId}
          where ${tasks.status} = 'in_progress' and ${hasOwnerPending}
          union all
          select ${engagementDecisions.ownerId}
          from ${engagementDecisions}
          left join ${tasks} on ${tasks.id} = ${engagementDecisions.taskId}
          where ${engagementDecisions.taskId} is null and ${hasOwnerPending}
        ) as pending
        group by owner_id
      )
      select u.id as user_id, u.name, u.email, u.username,
        ${sql.join(
          AGE_BUCKETS.map((bucket) => sql`c.${sql.identifier(bucket)}`),
          sql`, `,
        )},
        c.open, w.completed_this_week, e.pending_extensions, dc.pending_decisions,
        o.id as oldest_id, o.subject as oldest_subject, o.due_date as oldest_due
      from ${user} u
      left join counted c on c.person_id = u.id
      left join completed w on w.person_id = u.id
      left join extensions e on e.person_id = u.id
      left join decided dc on dc.person_id = u.id
      -- Each person's oldest open task: one step into tasks_open_holder_idx per person, where
      -- a distinct on over every open task sorted them all.
      left join lateral (
        select ${tasks.id} as id, ${tasks.subject} as subject, ${tasks.dueDate}::text as due_date
        from ${tasks}
        where ${tasks.assignedTo} = u.id and ${open}
        order by ${tasks.dueDate}, ${tasks.createdAt}, ${tasks.id}
        limit 1
      ) o on true
      where (u.role = 'user' and not u.pending_approval and not coalesce(u.banned, false))
        or c.person_id is not null or w.person_id is not null or e.person_id is not null
        or dc.person_id is not null`);
    return rowsOf<PersonRow>(result);
  }

  /**
   * The last TREND_WEEKS office weeks (Monday to Sunday), in one statement: tasks assigned in
   * the week, completed in it, and open and past due at its end (today, for the current week).
   * Due dates are today's: a due date moved since counts as it stands now.
   *
   * A task is overdue from the day after its due date (not before its assign date) until its
   * completion date. Each read below keeps to an index (tasks_assign_date_idx,
   * tasks_open_due_idx, tasks_completed_on_idx): at 1,000,000 tasks one pass over every
   * relevant task row took half a second.
   * - Tasks completed in the window are overdue over a span: +1 on its first day, -1 on the
   *   day after its last, so "overdue on day r" is a running sum.
   * - Open tasks are overdue from their first day on: all of them (task_status_counts), less
   *   those whose first day is still to come on day r. Those start in the window or after it:
   *   they fall due from its first day on, or were assigned in it already past due.
   */
  async function trend(today: string, weekStart: string): Promise<PendencyWeek[]> {
    const first = addDays(weekStart, -7 * (TREND_WEEKS - 1));
    const result = await db.execute(sql`
      with weeks as (
        select ${first}::date + 7 * n as week_start,
          ${first}::date + 7 * n + 6 as week_end,
          least(${first}::date + 7 * n + 6, ${today}::date) as reckoned
        from generate_series(0, ${TREND_WEEKS - 1}::int) as n
      ),
      assigned as materialized (
        select assign_date as day, count(*) as n,
          count(*) filter (where status <> 'completed' and due_date < ${first}::date - 1) as open_late
        from ${tasks}
        where assign_date >= ${first}
        group by assign_date
      ),
      open_due as materialized (
        select greatest(assign_date, due_date + 1) as day, count(*) as n
        from ${tasks}
        where status <> 'completed' and due_date >= ${first}::date - 1
        group by 1
      ),
      completed_in as materialized (
        select greatest(assign_date, due_date + 1) as overdue_from, completion_date as day,
          count(*) as n
        from ${tasks}
        where status = 'completed' and completion_date >= ${first}
        group by 1, 2
      ),
      completed as materialized (
        select day, sum(n) as n from completed_in group by day
      ),
      completed_spans as materialized (
        select day, sum(delta) as delta
        from (
          select overdue_from as day, n as delta from completed_in
          union all
          select greatest(overdue_from, day), -n from completed_in
        ) as changes
        group by day
      ),
      open_now as (
        select coalesce(sum(total), 0) as n from ${taskStatusCounts} where status <> 'completed'
      )
      select w.week_start::text as week_start,
        coalesce((select sum(n) from assigned where day between w.week_start and w.week_end), 0)::int as opened,
        coalesce((select sum(n) from completed where day between w.week_start and w.week_end), 0)::int as completed,
        ((select n from open_now)
          - coalesce((select sum(n) from open_due where day > w.reckoned), 0)
          - coalesce((select sum(open_late) from assigned where day > w.reckoned), 0)
          + coalesce((select sum(delta) from completed_spans where day <= w.reckoned), 0))::int as overdue
      from weeks w
      order by w.week_start`);
    return rowsOf<WeekRow>(result).map((row) => ({
      weekStart: row.week_start,
      opened: row.opened,
      completed: row.completed,
      overdue: row.overdue,
    }));
  }

  return {
    /**
     * The dashboard on the office's today (APP_TIMEZONE); "this week" is the office week
     * starting Monday. Only those who see all tasks (admins, organization heads) may read it.
     */
    async dashboard(actor: CurrentUser, order: PendencyOrder): Promise<PendencyDashboard> {
      if (!seesAllTasks(actor.role)) throw new AppError("FORBIDDEN", "common:error.forbidden");
      const today = todayIn(timeZone, clock());
      await sweeper.ensureSwept(today);
      const weekStart = weekOf(today).start;
      const calendar = await readOfficeCalendar(db);
      const edges = ageEdges(today, calendar);
      const [rows, weeks] = await Promise.all([
        people(today, weekStart, edges),
        trend(today, weekStart),
      ]);

      const earliestDue = rows.reduce<string>(
        (earliest, row) =>
          row.oldest_due && row.oldest_due < earliest ? row.oldest_due : earliest,
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
      const persons: PendencyPerson[] = rows.map((row) => ({
        userId: row.user_id,
        name: displayNameOf(row),
        ...(Object.fromEntries(AGE_BUCKETS.map((bucket) => [bucket, row[bucket] ?? 0])) as Record<
          (typeof AGE_BUCKETS)[number],
          number
        >),
        open: row.open ?? 0,
        completedThisWeek: row.completed_this_week ?? 0,
        pendingExtensions: row.pending_extensions ?? 0,
        pendingDecisions: row.pending_decisions ?? 0,
        oldest: oldestOf(row),
      }));
      return {
        today,
        weekStart,
        department: departmentOf(persons),
        people: sortPeople(persons, order, today),
        trend: weeks,
      };
    },
  };
}

export type PendencyService = ReturnType<typeof createPendencyService>;
