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
    .returning({ id: tasks.id });
  for (const { id } of moved) events.emit({ entity: "task", id, action: "updated" });
  return moved.length;
}

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

/** Sweeps now and again just after every local midnight; returns a stop function. */
export function scheduleOverdueSweep(options: {
  db: Db;
  events: EventBus;
  timeZone: string;
  onError: (err: unknown) => void;
}): () => void {
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    sweepOverdue(options.db, options.events, todayIn(options.timeZone)).catch(options.onError);
  const arm = () => {
    timer = setTimeout(async () => {
      await run();
      arm();
    }, msUntilNextMidnight(options.timeZone) + 1000);
    timer.unref();
  };
  void run();
  arm();
  return () => clearTimeout(timer);
}
