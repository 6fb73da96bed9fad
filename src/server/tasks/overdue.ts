import { and, eq, lt } from "drizzle-orm";
import { todayIn } from "../../shared/dates";
import type { Db } from "../db/client";
import { tasks } from "../db/schema";
import type { EventBus } from "../events";

/**
 * In-progress tasks whose due date is before today (in the office's zone) become delayed.
 * Nothing moves a task to super_delayed automatically (SPEC.md section 4).
 */
export async function sweepOverdue(db: Db, events: EventBus, today: string): Promise<number> {
  const moved = await db
    .update(tasks)
    .set({ status: "delayed" })
    .where(and(eq(tasks.status, "in_progress"), lt(tasks.dueDate, today)))
    .returning({ id: tasks.id, assignedTo: tasks.assignedTo });
  for (const { id, assignedTo } of moved)
    events.emit({ entity: "task", id, action: "updated", assignees: [assignedTo] });
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
    await sweepOverdue(deps.db, deps.events, day);
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

/** Milliseconds from `now` until the next midnight in `timeZone`. */
export function msUntilNextMidnight(timeZone: string, now: Date = new Date()): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const elapsed =
    (part("hour") * 3600 + part("minute") * 60 + part("second")) * 1000 + now.getMilliseconds();
  return 24 * 3600 * 1000 - elapsed;
}

/**
 * Sweeps now and again just after every local midnight. Returns a stop function that cancels
 * the next sweep and resolves once a running one is done (the database may close after it).
 */
export function scheduleOverdueSweep(options: {
  db: Db;
  events: EventBus;
  timeZone: string;
  onError: (err: unknown) => void;
}): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = sweepOverdue(options.db, options.events, todayIn(options.timeZone)).then(
      () => undefined,
      options.onError,
    );
    return running;
  };
  const arm = () => {
    timer = setTimeout(async () => {
      await run();
      if (!stopped) arm();
    }, msUntilNextMidnight(options.timeZone) + 1000);
    timer.unref();
  };
  void run();
  arm();
  return () => {
    stopped = true;
    clearTimeout(timer);
    return running;
  };
}
