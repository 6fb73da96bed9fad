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
import { type Db, rowsOf } from "../db/client";
import {
  engagementDecisions,
  taskCounts,
  taskDayCounts,
  taskExtensionRequests,
  tasks,
  user,
} from "../db/schema";
import { statusSql } from "../decisions/read";
import { AppError } from "../http/errors";
import { readOfficeCalendar } from "../office/settings";
import { completedFromCondition, dueInBucket } from "../tasks/counts";
import type { OverdueSweeper } from "../tasks/overdue";

type Deps = { db: Db; sweeper: OverdueSweeper; timeZone: string; clock: () => Date };

type PersonRow = Record<(typeof AGE_BUCKETS)[number], number | null> & {
  user_id: string;
  name: string | null;
  email: string;
  username: string | null;
  name_shared: boolean;
  open: number | null;
  completed_this_week: number | null;
  pending_extensions: number | null;
  pending_decisions: number | null;
  oldest_id: string | null;
  oldest_subject: string | null;
  oldest_due: string | null;
};

/** A person's row before their pending decisions (read by a statement of its own) join it. */
type HolderRow = Omit<PersonRow, "pending_decisions"> & { listed: boolean };

type WeekRow = { week_start: string; opened: number; completed: number; overdue: number };

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
   * Per person, in one aggregate statement (pending decisions aside: pendingDecisions). Every
   * user is read, `listed` when active (users/policy.ts: they take tasks), so a person with
   * nothing open shows as such; admins, and anyone who has since changed role or been
   * suspended, are listed when they hold something. Bucket counts reuse
   * the task list's age condition (its due-date half: the rows are open), so each figure and
   * the list it links to agree.
   *
   * At 1,000,000 tasks most open work is over 30 working days late (200,000 of 230,000 tasks),
   * and counting every open task took half the statement. So each person's open total comes
   * from the counters (task_counts, kept by triggers, as the task list's totals do), the
   * buckets short of "over30" from one range of tasks_open_holder_idx per person (their due
   * dates after over30's last), and "over30" is what remains of the total.
   */
  async function holders(weekStart: string, edges: AgeEdges) {
    // Every bucket but "over30", which holds each due date up to edges.over30 (bucketDueDates).
    const recentBuckets = AGE_BUCKETS.filter((bucket) => bucket !== "over30");
    const recentCounts = sql.join(
      recentBuckets.map(
        (bucket) =>
          sql`count(*) filter (where ${dueInBucket(bucket, edges)})::int as ${sql.identifier(bucket)}`,
      ),
      sql`, `,
    );
    const open = ne(tasks.status, "completed");
    // Open work and this week's completions are counted apart, each from the counters or its
    // own partial index (tasks_open_holder_idx, tasks_completed_on_idx), not from every task.
    const result = await db.execute(sql`
      with held as (
        select ${taskCounts.assignedTo} as person_id, sum(${taskCounts.total})::int as open
        from ${taskCounts}
        where ${ne(taskCounts.status, "completed")}
        group by ${taskCounts.assignedTo}
        having sum(${taskCounts.total}) > 0
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
      )
      select u.id as user_id, u.name, u.email, u.username, u.name_shared,
        ${sql.join(
          recentBuckets.map((bucket) => sql`r.${sql.identifier(bucket)}`),
          sql`, `,
        )},
        h.open - r.recent as ${sql.identifier("over30")},
        h.open, w.completed_this_week, e.pending_extensions,
        o.id as oldest_id, o.subject as oldest_subject, o.due_date as oldest_due,
        (u.role = 'user' and not u.pending_approval and not coalesce(u.banned, false))
          or h.person_id is not null or w.person_id is not null or e.person_id is not null
          as listed
      from ${user} u
      left join held h on h.person_id = u.id
      left join completed w on w.person_id = u.id
      left join extensions e on e.person_id = u.id
      left join lateral (
        select ${recentCounts}, count(*)::int as recent
        from ${tasks}
        where ${tasks.assignedTo} = h.person_id and ${open} and ${tasks.dueDate} > ${edges.over30}
      ) r on true
      -- Each person's oldest open task: one step into tasks_open_holder_idx per person, where
      -- a distinct on over every open task sorted them all.
      left join lateral (
        select ${tasks.id} as id, ${tasks.subject} as subject, ${tasks.dueDate}::text as due_date
        from ${tasks}
        where ${tasks.assignedTo} = h.person_id and ${open}
        order by ${tasks.dueDate}, ${tasks.createdAt}, ${tasks.id}
        limit 1
      ) o on true
      -- A fixed order, so that ties (the department's oldest task among several due the same
      -- day, people sorted alike) come out the same whatever the plan.
      order by u.id`);
    return rowsOf<HolderRow>(result);
  }

  /**
   * Pending meeting decisions per owner. The Decisions page's "pending" (decisions/read.ts
   * statusSql): actions whose task is neither completed nor late; the figure links to that
   * page so filtered. Only an action with an in-progress task, or with none, can be pending:
   * the status each decision keeps of its task (drizzle/0021) names those, a thousand at
   * 1,000,000 tasks, from a partial index, and the due date it keeps (0024) settles them.
   */
  async function pendingDecisions(today: string) {
    const result = await db.execute(sql`
      select ${engagementDecisions.ownerId} as person_id, count(*)::int as pending_decisions
      from ${engagementDecisions}
      where ${engagementDecisions.ownerId} is not null
        -- Only an action can be pending (statusSql: any other outcome is its own status).
        and ${engagementDecisions.outcome} = 'action'
        and (${engagementDecisions.taskId} is null or ${engagementDecisions.taskStatus} = 'in_progress')
        and ${statusSql(today)} = 'pending'
      group by ${engagementDecisions.ownerId}`);
    return new Map(
      rowsOf<{ person_id: string; pending_decisions: number }>(result).map((row) => [
        row.person_id,
        row.pending_decisions,
      ]),
    );
  }

  /**
   * Every person's row: the holders' statement and the decisions' side by side, on two of the
   * pool's connections (at 1,000,000 tasks on two cores the dashboard took 63 ms at the median
   * against 72 ms one after the other). Those listed for nothing else are listed for a pending
   * decision.
   */
  async function people(today: string, weekStart: string, edges: AgeEdges): Promise<PersonRow[]> {
    const [rows, pending] = await Promise.all([holders(weekStart, edges), pendingDecisions(today)]);
    return rows
      .filter((row) => row.listed || pending.has(row.user_id))
      .map(({ listed, ...row }) => ({
        ...row,
        pending_decisions: pending.get(row.user_id) ?? null,
      }));
  }

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
  async function trend(today: string, weekStart: string): Promise<PendencyWeek[]> {
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
      // The trend needs no calendar: it starts at once, beside the calendar's read.
      const [{ calendar, rows }, weeks] = await Promise.all([
        readOfficeCalendar(db).then(async (calendar) => ({
          calendar,
          rows: await people(today, weekStart, ageEdges(today, calendar)),
        })),
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
        name: displayNameOf({ ...row, nameShared: row.name_shared }),
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
