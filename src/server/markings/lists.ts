import { and, asc, count, eq, inArray, isNull, ne, type SQL } from "drizzle-orm";
import { workingDaysBetween } from "../../shared/calendar";
import { todayIn } from "../../shared/dates";
import type { Language } from "../../shared/i18n/languages";
import {
  MARKING_LIST_PAGE_SIZE,
  type MarkedByMeFilters,
  type MarkingListItem,
  type MarkingListPage,
  type WithMeFilters,
} from "../../shared/markings";
import { type CurrentUser, designationIn } from "../../shared/users";
import { readHoldings } from "../custody/holdings";
import type { Db } from "../db/client";
import { taskMarkings, tasks } from "../db/schema";
import { readOfficeCalendar } from "../office/settings";

export type MarkingListDeps = { db: Db; timeZone: string; clock: () => Date };

/**
 * "With me" and "Marked by me, pending with others" (issue 36): open tasks by their holding
 * now, the longest held first (the question is "where is it, and since when"). Both stay
 * within what the caller may read without a further check: the holder reads their own tasks,
 * and whoever marked a task onward has handled it (tasks/rows.ts findReadable).
 *
 * Each page is read off an index of open tasks (the holder's tasks_open_holder_idx, the
 * marker's tasks_marked_by_idx), then the current holdings of its few rows are looked up.
 */
export function createMarkingLists({ db, timeZone, clock }: MarkingListDeps) {
  /** A page of open tasks matching `where`, with its total and each one's current holding. */
  async function page(
    where: SQL | undefined,
    pageNumber: number,
    language: Language,
    personOf: "from" | "to",
  ): Promise<MarkingListPage> {
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          id: tasks.id,
          subject: tasks.subject,
          dueDate: tasks.dueDate,
          purpose: tasks.purpose,
          heldSince: tasks.heldSince,
        })
        .from(tasks)
        .where(where)
        .orderBy(asc(tasks.heldSince), asc(tasks.id))
        .limit(MARKING_LIST_PAGE_SIZE)
        .offset((pageNumber - 1) * MARKING_LIST_PAGE_SIZE),
      db.select({ total: count() }).from(tasks).where(where),
    ]);
    const holdings = rows.length
      ? await readHoldings(
          db,
          and(
            inArray(
              taskMarkings.taskId,
              rows.map((row) => row.id),
            ),
            isNull(taskMarkings.endedAt),
          ),
        )
      : [];
    const byTask = new Map(holdings.map((holding) => [holding.marking.taskId, holding]));
    const today = todayIn(timeZone, clock());
    const earliest = rows[0] ? todayIn(timeZone, rows[0].heldSince) : today;
    const calendar = await readOfficeCalendar(db, undefined, { from: earliest, to: today });
    const items: MarkingListItem[] = rows.map((row) => {
      const holding = byTask.get(row.id);
      const marking = holding?.marking;
      return {
        taskId: row.id,
        subject: row.subject,
        dueDate: row.dueDate,
        purpose: row.purpose,
        person: {
          id: (personOf === "from" ? marking?.fromId : marking?.toId) ?? null,
          name: (personOf === "from" ? marking?.fromName : marking?.toName) ?? "",
          designation: designationIn(holding?.[personOf], language),
        },
        heldSince: row.heldSince.toISOString(),
        daysHeld: workingDaysBetween(todayIn(timeZone, row.heldSince), today, calendar),
        opened: marking?.openedAt != null,
      };
    });
    return { items, total, page: pageNumber, pageSize: MARKING_LIST_PAGE_SIZE };
  }

  /** The open items the caller holds, of one purpose or all, and who marked each to them. */
  function withMe(actor: CurrentUser, filters: WithMeFilters, language: Language) {
    return page(
      and(
        eq(tasks.assignedTo, actor.id),
        ne(tasks.status, "completed"),
        filters.purpose === "all" ? undefined : eq(tasks.purpose, filters.purpose),
      ),
      filters.page,
      language,
      "from",
    );
  }

  /** The open items the caller marked onward and someone else holds, and who holds each. */
  function markedByMe(actor: CurrentUser, filters: MarkedByMeFilters, language: Language) {
    return page(
      and(
        eq(tasks.markedBy, actor.id),
        ne(tasks.status, "completed"),
        ne(tasks.assignedTo, actor.id),
      ),
      filters.page,
      language,
      "to",
    );
  }

  return { withMe, markedByMe };
}

export type MarkingLists = ReturnType<typeof createMarkingLists>;
