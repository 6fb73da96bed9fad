import { Cron } from "croner";
import type { Logger } from "pino";
import type { Db } from "../db/client";
import type { EventBus } from "../events/bus";
import { claimSlot } from "./slots";

/**
 * One timed thing: on each tick of the scheduler it is asked to run as at `now` (the injected
 * clock in tests) and decides itself whether anything is due; work that must run once across
 * workers and instances claims its slot (jobs/slots.ts, or `cronSchedule` below).
 */
export type Schedule = {
  name: string;
  run(now: Date): Promise<void>;
};

/** What a feature's daily work needs from the app, handed to each schedule app.ts makes. */
export type ScheduleContext = {
  db: Db;
  appUrl: string;
  timeZone: string;
  events: EventBus;
  logger: Logger;
};

export type SchedulerOptions = {
  /** Cron name for croner (shows in its errors). */
  name: string;
  /** When it ticks, a cron pattern in `timeZone`: every minute by default. */
  pattern?: string;
  timeZone: string;
  clock?: () => Date;
  /** Run in this order on each tick; a failure ends that tick (the next one tries again). */
  schedules: Schedule[];
  /** Whether `start` ticks at once, before the pattern's first time. */
  ticksAtStart?: boolean;
  onError: (err: unknown) => void;
};

/**
 * The one scheduler: a croner tick (every minute in APP_TIMEZONE) that runs each registered
 * schedule in turn. Ticks never overlap: one that comes while another runs waits for it.
 */
export function createScheduler(options: SchedulerOptions) {
  const { timeZone, schedules } = options;
  const clock = options.clock ?? (() => new Date());
  let job: Cron | undefined;

  /** One check, as at `now`: what is due runs. Tests call it with their clock. */
  async function tick(now = clock()) {
    for (const schedule of schedules) await schedule.run(now);
  }

  let running: Promise<void> = Promise.resolve();
  /** A tick after any still running; a failure goes to `onError`. */
  function runNow(): Promise<void> {
    running = running.then(() => tick().catch(options.onError));
    return running;
  }
  /**
   * The pattern's tick: after the one running, as `runNow`, but at most one waits (a long
   * run, a backup, does not pile up ticks; the one that waits checks what fell due meanwhile).
   */
  let isWaiting = false;
  function onTime(): Promise<void> {
    if (isWaiting) return running;
    isWaiting = true;
    running = running.then(() => {
      isWaiting = false;
      return tick().catch(options.onError);
    });
    return running;
  }

  return {
    tick,
    runNow,
    start() {
      job ??= new Cron(
        options.pattern ?? "* * * * *",
        { timezone: timeZone, name: options.name, unref: true },
        onTime,
      );
      if (options.ticksAtStart ?? true) void runNow();
    },
    /** When the next tick comes (after `after`, default now), or null before start or once stopped. */
    nextRun(after?: Date): Date | null {
      return job?.nextRun(after) ?? null;
    },
    /** Stops the ticks and waits for one in progress (the database may close after). */
    stop(): Promise<void> {
      job?.stop();
      return running;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;

/**
 * A schedule on its own cron pattern in `timeZone` (BACKUP_SCHEDULE): due when a time of the
 * pattern has come since the last check (on the first, since the start of its minute), and run
 * once per due time across workers and instances: the slot (that time) is claimed, and
 * committed, before the work starts, so a run that dies midway is not taken again. Times that
 * passed during one long run make one run, not one each.
 */
export function cronSchedule(options: {
  name: string;
  pattern: string;
  timeZone: string;
  db: Db;
  run: (now: Date) => Promise<void>;
}): Schedule & { nextRun(after?: Date): Date | null } {
  const pattern = new Cron(options.pattern, { timezone: options.timeZone });
  let checkedUntil: Date | undefined;
  return {
    name: options.name,
    nextRun: (after) => pattern.nextRun(after),
    async run(now) {
      const from = checkedUntil ?? new Date(Math.floor(now.getTime() / 60_000) * 60_000 - 1);
      if (now <= from) return;
      const due = pattern.nextRun(from);
      if (due && due <= now) {
        // A claim that fails (the database away) is tried again on the next tick.
        const slot = due.toISOString();
        const isClaimed = await options.db.transaction((tx) => claimSlot(tx, options.name, slot));
        checkedUntil = now;
        if (isClaimed) await options.run(now);
      } else checkedUntil = now;
    },
  };
}
