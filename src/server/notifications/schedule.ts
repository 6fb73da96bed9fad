import type { Logger } from "pino";
import { todayIn } from "../../shared/dates";
import type { Schedule } from "../jobs/scheduler";

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
