import { and, asc, eq, gte, lt, ne, type SQL } from "drizzle-orm";
import { type OfficeCalendar, previousWorkingDay } from "../../shared/calendar";
import type { Db } from "../db/client";
import { tasks, user } from "../db/schema";

/**
 * The overdue read model: which tasks the morning mails (the digest and the Daily Brief) and
 * the brief's page call newly overdue, super overdue and longest pending, said once so the
 * digest's counts and the brief's lists cannot drift apart. Read-only; the sweep that makes
 * tasks overdue is overdue.ts.
 */

/**
 * The open tasks that fell overdue since the last working day's digest (Friday's, on a
 * Monday): due from that day up to yesterday. The digest counts them and the Daily Brief
 * lists them, by this one definition.
 */
export function newlyOverdue(today: string, calendar: OfficeCalendar) {
  const since = previousWorkingDay(today, calendar);
  return {
    since,
    where: and(ne(tasks.status, "completed"), gte(tasks.dueDate, since), lt(tasks.dueDate, today)),
  };
}

/** The tasks the escalation rule has moved past overdue. */
export function superOverdueWhere(): SQL {
  return eq(tasks.status, "super_delayed");
}

/**
 * Tasks matching `where`, the longest due first (then the first created), each with its
 * holder's name fields for displayNameOf; at most `limit`.
 */
export function selectTasksWithHolder(db: Db, where: SQL | undefined, limit: number) {
  return (
    db
      .select({
        id: tasks.id,
        subject: tasks.subject,
        dueDate: tasks.dueDate,
        name: user.name,
        email: user.email,
        username: user.username,
      })
      .from(tasks)
      .innerJoin(user, eq(user.id, tasks.assignedTo))
      // Department summaries (the digest's, the brief's) reach organization heads: a restricted
      // task's subject is never in them.
      .where(and(where, eq(tasks.restricted, false)))
      .orderBy(asc(tasks.dueDate), asc(tasks.createdAt))
      .limit(limit)
  );
}

/** The open tasks longest past due on `today`, oldest first, with their holders. */
export function selectLongestOverdue(db: Db, today: string, limit: number) {
  return selectTasksWithHolder(
    db,
    and(ne(tasks.status, "completed"), lt(tasks.dueDate, today)),
    limit,
  );
}
