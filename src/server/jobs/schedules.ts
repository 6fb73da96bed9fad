import { Cron } from "croner";
import type { Logger } from "pino";
import { timeOfDayIn, todayIn } from "../../shared/dates";
import { runBriefMail } from "../brief/mail";
import type { Db } from "../db/client";
import type { EventBus } from "../events";
import { runDigest } from "../notifications/digest";
import { announceNotifications } from "../notifications/notify";
import type { NotificationService } from "../notifications/service";
import { readOfficeSettings } from "../office/settings";
import { ESCALATION_ACTOR, runEscalation } from "../tasks/escalation";
import type { OverdueSweeper } from "../tasks/overdue";
import type { Outbox } from "./outbox";

export type ScheduleDeps = {
  db: Db;
  appUrl: string;
  timeZone: string;
  clock: () => Date;
  sweeper: OverdueSweeper;
  events: EventBus;
  notifications: NotificationService;
  outbox: Outbox;
  logger: Logger;
};

/**
 * The work that runs by itself, checked every minute in APP_TIMEZONE: the escalation rule
 * once a day (after the overdue sweep), the digest once a working day from its time on
 * (a server that was down at 08:00 sends it when it is back) with the Daily Brief at the same
 * time, and the housekeeping of notifications and sent mail past 90 days. Each run is claimed
 * in the database (jobs/slots.ts): with several instances, each runs once.
 */
export function createSchedules(deps: ScheduleDeps) {
  const { db, appUrl, timeZone, clock, logger } = deps;
  let purgedOn: string | undefined;

  /** One check, as at `now`: what is due runs. Tests call it with their clock. */
  async function tick(now = clock()) {
    const today = todayIn(timeZone, now);
    await deps.sweeper.ensureSwept(today);

    const escalated = await runEscalation(db, { appUrl, today, now });
    if (escalated?.length) {
      for (const task of escalated) {
        deps.events.emit({
          entity: "task",
          id: task.id,
          action: "updated",
          assignees: [task.assignedTo],
          actorId: ESCALATION_ACTOR,
        });
        announceNotifications(deps.events, task.told);
      }
      logger.info({ tasks: escalated.length, today }, "escalation: tasks now super overdue");
    }

    const { digestTime } = await readOfficeSettings(db);
    if (timeOfDayIn(timeZone, now) >= digestTime) {
      const digest = await runDigest(db, { appUrl, today, now });
      if (digest) {
        announceNotifications(deps.events, digest.told);
        logger.info({ ...digest, told: undefined, today }, "digest queued");
      }
      const brief = await runBriefMail(db, { appUrl, today, now });
      if (brief) logger.info({ ...brief, today }, "daily brief queued");
    }

    if (purgedOn !== today) {
      const notices = await deps.notifications.purgeOld();
      const mails = await deps.outbox.purgeOld();
      purgedOn = today;
      if (notices + mails > 0)
        logger.info({ notices, mails }, "old notifications and mail removed");
    }
  }

  let running: Promise<void> = Promise.resolve();
  const runTick = () => {
    running = running.then(() =>
      tick().catch((err) => logger.error({ err }, "scheduled work failed")),
    );
    return running;
  };
  let job: Cron | undefined;

  return {
    tick,
    start() {
      job ??= new Cron(
        "* * * * *",
        { timezone: timeZone, name: "schedules", unref: true },
        runTick,
      );
      void runTick();
    },
    /** Stops the checks and waits for one in progress (the database may close after). */
    stop() {
      job?.stop();
      return running;
    },
  };
}

export type Schedules = ReturnType<typeof createSchedules>;
