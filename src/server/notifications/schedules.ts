import type { Logger } from "pino";
import { timeOfDayIn, todayIn } from "../../shared/dates";
import type { Schedule, ScheduleContext } from "../jobs/scheduler";
import { readOfficeSettings } from "../office/settings";
import { runDigest } from "./digest";
import { announceNotifications } from "./notify";

/**
 * The morning digest on the one scheduler: once a working day (claimed: once across
 * instances) from the office's digest time on, so a server that was down at 08:00 sends it
 * when it is back.
 */
export function digestSchedule(deps: ScheduleContext): Schedule {
  return {
    name: "digest",
    async run(now) {
      const { digestTime } = await readOfficeSettings(deps.db);
      if (timeOfDayIn(deps.timeZone, now) < digestTime) return;
      const today = todayIn(deps.timeZone, now);
      const digest = await runDigest(deps.db, { appUrl: deps.appUrl, today, now });
      if (!digest) return;
      announceNotifications(deps.events, digest.told);
      deps.logger.info({ ...digest, told: undefined, today }, "digest queued");
    },
  };
}

/** Notifications and sent mail past 90 days removed, once a day in each process. */
export function purgeSchedule(deps: {
  timeZone: string;
  notifications: { purgeOld(): Promise<number> };
  outbox: { purgeOld(): Promise<number> };
  logger: Logger;
}): Schedule {
  let purgedOn: string | undefined;
  return {
    name: "purge",
    async run(now) {
      const today = todayIn(deps.timeZone, now);
      if (purgedOn === today) return;
      const notices = await deps.notifications.purgeOld();
      const mails = await deps.outbox.purgeOld();
      purgedOn = today;
      if (notices + mails > 0)
        deps.logger.info({ notices, mails }, "old notifications and mail removed");
    },
  };
}
