import { and, eq, lt, ne } from "drizzle-orm";
import { todayIn } from "../../shared/dates";
import { recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { tasks } from "../db/schema";
import type { EventBus } from "../events/bus";

/**
 * In-progress tasks whose due date is before today (in the office's zone) become delayed,
 * each move recorded in the audit trail (at `now`) in the same transaction. Nothing moves a
 * task to super_delayed here (the escalation rule does, when the office turns it on).
 */
export async function sweepOverdue(
  db: Db,
  events: EventBus,
  today: string,
  now: Date = new Date(),
): Promise<number> {
  const moved = await db.transaction(async (tx) => {
    const rows = await tx
      .update(tasks)
      .set({ status: "delayed" })
      // shared/tasks.ts becomesOverdue, in SQL: tests/api/overdue.test.ts holds the two equal.
      .where(
        and(
          eq(tasks.status, "in_progress"),
          ne(tasks.purpose, "information"),
          lt(tasks.dueDate, today),
        ),
      )
      .returning({ id: tasks.id, assignedTo: tasks.assignedTo, restricted: tasks.restricted });
    await recordAudit(
      tx,
      now,
      rows.map(({ id }) => ({
        actor: { rule: "overdue_sweep" },
        entity: "task",
        entityId: id,
        action: "updated",
        changes: { status: { before: "in_progress", after: "delayed" } },
      })),
    );
    return rows;
  });
  for (const { id, assignedTo, restricted } of moved)
    events.emit({ entity: "task", id, action: "updated", assignees: [assignedTo], restricted });
  return moved.length;
}

/**
 * The sweep reads need. A task only becomes overdue when the local day turns or when a write
 * leaves an in-progress task with a past due date, so reads sweep once per day (the first
 * read of a day; concurrent ones share it) and writes that may leave one call `sweep`.
 */
export function createOverdueSweeper(deps: {
  db: Db;
  events: EventBus;
  timeZone: string;
  clock: () => Date;
}) {
  let sweptDay: string | undefined;
  let pending: Promise<void> | undefined;
  const today = () => todayIn(deps.timeZone, deps.clock());

  async function sweep(day = today()) {
    await sweepOverdue(deps.db, deps.events, day, deps.clock());
    sweptDay = day;
  }

  return {
    sweep,
    /** Before a read: sweeps unless this process already has today. */
    async ensureSwept(day = today()) {
      while (sweptDay !== day) {
        pending ??= sweep(day).finally(() => {
          pending = undefined;
        });
        await pending;
      }
    },
  };
}

export type OverdueSweeper = ReturnType<typeof createOverdueSweeper>;
