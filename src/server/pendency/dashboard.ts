import { todayIn, weekOf } from "../../shared/dates";
import { ageEdges, type PendencyDashboard, type PendencyOrder } from "../../shared/pendency";
import { seesAllTasks } from "../../shared/roles";
import type { CurrentUser } from "../../shared/users";
import { dakActor, receiptsReadableBy } from "../dak/policy";
import { AppError } from "../http/errors";
import { readOfficeCalendar } from "../office/settings";
import { taskPolicy } from "../tasks/policy";
import type { PendencyDeps } from "./deps";
import { heldByHolder } from "./held";
import { people } from "./people";
import { departmentOf, personsOf, sortPeople } from "./report";
import { trend } from "./trend";

/**
 * The dashboard on the office's today (APP_TIMEZONE); "this week" is the office week
 * starting Monday. Only those who see all tasks (admins, organization heads) may read it, each
 * counting what they may read: an organization head no restricted task and no Confidential or
 * Secret receipt.
 */
export async function pendencyDashboard(
  { db, sweeper, timeZone, clock }: PendencyDeps,
  actor: CurrentUser,
  order: PendencyOrder,
): Promise<PendencyDashboard> {
  if (!seesAllTasks(actor.role)) throw new AppError("FORBIDDEN", "common:error.forbidden");
  const today = todayIn(timeZone, clock());
  await sweeper.ensureSwept(today);
  const weekStart = weekOf(today).start;
  const hidesRestricted = taskPolicy.hidesRestricted(actor);
  const reader = { hidesRestricted, readableReceipts: receiptsReadableBy(dakActor(actor)) };
  // The trend needs no calendar: it starts at once, beside the calendar's read.
  const [{ calendar, rows, held }, weeks] = await Promise.all([
    readOfficeCalendar(db).then(async (calendar) => {
      const [rows, held] = await Promise.all([
        people(db, today, weekStart, ageEdges(today, calendar), reader),
        heldByHolder(db, timeZone, today, calendar, hidesRestricted),
      ]);
      return { calendar, rows, held };
    }),
    trend(db, today, weekStart, hidesRestricted),
  ]);
  const persons = personsOf(rows, today, calendar, held);
  return {
    today,
    weekStart,
    department: departmentOf(persons, held),
    people: sortPeople(persons, order, today),
    trend: weeks,
  };
}
