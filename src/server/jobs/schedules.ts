import type { Logger } from "pino";
import { createScheduler, type Schedule } from "./scheduler";

export type ScheduleDeps = {
  timeZone: string;
  clock: () => Date;
  logger: Logger;
  /**
   * The timed work, in the order it runs on each tick; the composition root (app.ts) gives the
   * features' (overdue sweep, escalation, digest, brief, purge) and serve.ts the backups.
   */
  schedules: Schedule[];
};

/**
 * The work that runs by itself: the one scheduler (jobs/scheduler.ts), ticking every minute in
 * APP_TIMEZONE and running each schedule given. Each run that must happen once is claimed in
 * the database (jobs/slots.ts): with several instances, each runs once. A failure ends that
 * tick, logged; the next minute tries again.
 */
export function createSchedules(deps: ScheduleDeps) {
  const scheduler = createScheduler({
    name: "schedules",
    timeZone: deps.timeZone,
    clock: deps.clock,
    schedules: deps.schedules,
    onError: (err) => deps.logger.error({ err }, "scheduled work failed"),
  });
  return { tick: scheduler.tick, start: scheduler.start, stop: scheduler.stop };
}

export type Schedules = ReturnType<typeof createSchedules>;
