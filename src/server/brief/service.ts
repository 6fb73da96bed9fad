import {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  inArray,
  isNull,
  ne,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias, unionAll } from "drizzle-orm/pg-core";
import {
  BRIEF_LIST_LIMIT,
  BRIEF_LONGEST_PENDING,
  type Brief,
  type BriefDecision,
  type BriefEngagement,
  type BriefList,
  type BriefTask,
} from "../../shared/brief";
import {
  addWorkingDays,
  isWorkingDay,
  type OfficeCalendar,
  workingDaysUntil,
} from "../../shared/calendar";
import { addDays, todayIn, weekOf } from "../../shared/dates";
import { decisionStatus } from "../../shared/decisions";
import { displayNameOf } from "../../shared/users";
import { awaitingActionByHolder } from "../dak/awaiting-action";
import type { Db } from "../db/client";
import { engagementDecisions, engagements, receipts, tasks } from "../db/schema";
import { dueSql, selectDecisionRows, statusSql } from "../decisions/read";
import { readOfficeCalendar } from "../office/settings";
import type { OverdueSweeper } from "../tasks/overdue";
import {
  newlyOverdue,
  selectLongestOverdue,
  selectTasksWithHolder,
  superOverdueWhere,
} from "../tasks/overdue-read";

/**
 * A section's first rows and how many match in all, counted only when the first rows fill the
 * section. A count beside each row (`count(*) over ()`) read every match: 43,000 super-delayed
 * tasks to show 8 of them.
 */
async function listOf<Row, Item>(
  rows: Row[],
  count: () => Promise<number>,
  present: (row: Row) => Item,
): Promise<BriefList<Item>> {
  const total = rows.length < BRIEF_LIST_LIMIT ? rows.length : await count();
  return { items: rows.map(present), total };
}

/** Engagements dated from `from` to `to`, in time order; cancelled ones are left out. */
async function engagementsBetween(
  db: Db,
  from: string,
  to: string,
): Promise<BriefList<BriefEngagement>> {
  const where = and(
    sql`${engagements.date} between ${from} and ${to}`,
    ne(engagements.status, "Cancelled"),
  );
  const rows = await db
    .select({
      id: engagements.id,
      date: engagements.date,
      time: engagements.time,
      subject: engagements.subject,
      venue: engagements.venue,
      status: engagements.status,
    })
    .from(engagements)
    .where(where)
    .orderBy(asc(engagements.date), asc(engagements.time), asc(engagements.subject))
    .limit(BRIEF_LIST_LIMIT);
  return listOf(
    rows,
    () => db.$count(engagements, where),
    (row) => ({ ...row, time: row.time.slice(0, 5) }),
  );
}

const candidate = alias(engagementDecisions, "candidate");
const candidateTask = alias(tasks, "candidate_task");

/**
 * The actions that can be due in `week` and not done: those whose open task falls due in it,
 * and those with no task due in it themselves. Named from the open tasks' due dates first
 * (tasks_open_due_idx), where the week's filter alone joined every decision to its task: a
 * read of all 1,000,000 tasks for the few hundred due this week.
 */
function actionsDueIn(db: Db, week: { start: string; end: string }) {
  return unionAll(
    db
      .select({ id: candidate.id })
      .from(candidate)
      .innerJoin(candidateTask, eq(candidateTask.id, candidate.taskId))
      .where(
        and(
          ne(candidateTask.status, "completed"),
          between(candidateTask.dueDate, week.start, week.end),
        ),
      ),
    db
      .select({ id: candidate.id })
      .from(candidate)
      .where(and(isNull(candidate.taskId), between(candidate.dueDate, week.start, week.end))),
  );
}

/**
 * Composes the brief of `day` in `db` (a transaction, for the mail). Working days past due
 * count up to `day`, as the digest counts them.
 */
export async function composeBrief(db: Db, day: string, calendar: OfficeCalendar): Promise<Brief> {
  const overdue = newlyOverdue(day, calendar);
  // "Coming up" runs to the next working day, so Friday's brief shows the weekend's and
  // Monday's engagements rather than only Saturday's (an office's "tomorrow").
  const upcomingTo = addWorkingDays(day, 1, calendar);
  const week = weekOf(day);
  // The oldest due date any list may show bounds the working-day count's single pass.
  const [oldest] = await selectLongestOverdue(db, day, 1);
  const overdueDays = workingDaysUntil(oldest?.dueDate ?? day, day, calendar);

  async function taskList(where: SQL | undefined): Promise<BriefList<BriefTask>> {
    const rows = await selectTasksWithHolder(db, where, BRIEF_LIST_LIMIT);
    // Every task has its assignee (a required reference), so the join changes no count; the
    // rows leave restricted tasks out (selectTasksWithHolder), and so does the count.
    return listOf(
      rows,
      () => db.$count(tasks, and(where, eq(tasks.restricted, false))),
      presentTask,
    );
  }
  function presentTask(row: {
    id: string;
    subject: string;
    dueDate: string;
    name: string | null;
    email: string;
    username: string | null;
  }): BriefTask {
    return {
      id: row.id,
      subject: row.subject,
      dueDate: row.dueDate,
      assignee: displayNameOf(row),
      daysOverdue: overdueDays(row.dueDate),
    };
  }

  // One after another: a transaction is one connection, which runs one query at a time.
  const engagementsToday = await engagementsBetween(db, day, day);
  const engagementsUpcoming = await engagementsBetween(db, addDays(day, 1), upcomingTo);
  const dueToday = await taskList(and(ne(tasks.status, "completed"), eq(tasks.dueDate, day)));
  const newly = await taskList(overdue.where);
  const superOverdue = await taskList(superOverdueWhere());
  const decisionsWhere = and(
    eq(engagementDecisions.outcome, "action"),
    sql`${statusSql(day)} <> 'done'`,
    sql`${dueSql} between ${week.start} and ${week.end}`,
    inArray(engagementDecisions.id, actionsDueIn(db, week)),
  );
  const decisionRows = await selectDecisionRows(db)
    .where(decisionsWhere)
    .orderBy(sql`${dueSql} asc`, asc(engagementDecisions.seq))
    .limit(BRIEF_LIST_LIMIT);
  const decisionsThisWeek = await listOf(
    decisionRows,
    // Every decision has its meeting, so leaving the joins out changes no count.
    async () => {
      const [{ total }] = await db
        .select({ total: count() })
        .from(engagementDecisions)
        .where(decisionsWhere);
      return total;
    },
    (row): BriefDecision => ({
      id: row.id,
      description: row.description,
      engagement: row.engagement,
      owner: row.owner ? displayNameOf(row.owner) : null,
      // The filter holds the effective due date within the week: never null here.
      dueDate: row.task?.dueDate ?? row.dueDate ?? day,
      status: decisionStatus(row, row.task, day),
    }),
  );
  const longest = await selectLongestOverdue(db, day, BRIEF_LONGEST_PENDING);
  const dak = await dakOfDay(db, day);

  return {
    date: day,
    isWorkingDay: isWorkingDay(day, calendar),
    since: overdue.since,
    upcomingTo,
    week,
    engagementsToday,
    engagementsUpcoming,
    dueToday,
    newlyOverdue: newly,
    superOverdue,
    decisionsThisWeek,
    longestPending: longest.map(presentTask),
    dak,
  };
}

/**
 * The dak of `day`: Normal receipts diarised on it by category (most first), and Normal
 * receipts marked to an officer and not yet acted on (dak/awaiting-action.ts).
 */
async function dakOfDay(db: Db, day: string): Promise<Brief["dak"]> {
  const normal = eq(receipts.classification, "normal");
  const today = await db
    .select({ category: receipts.category, count: count() })
    .from(receipts)
    .where(and(normal, eq(receipts.receivedOn, day)))
    .groupBy(receipts.category)
    .orderBy(desc(count()), asc(receipts.category));
  const awaiting = await awaitingActionByHolder(db, normal);
  return { today, markedOpen: [...awaiting.values()].reduce((sum, n) => sum + n, 0) };
}

export function createBriefService(deps: {
  db: Db;
  sweeper: OverdueSweeper;
  timeZone: string;
  clock: () => Date;
}) {
  return {
    /** The brief of `date` (the office's today when left out), after today's overdue sweep. */
    async read(date: string | undefined): Promise<Brief> {
      await deps.sweeper.ensureSwept();
      const day = date ?? todayIn(deps.timeZone, deps.clock());
      return composeBrief(deps.db, day, await readOfficeCalendar(deps.db));
    },
  };
}

export type BriefService = ReturnType<typeof createBriefService>;
