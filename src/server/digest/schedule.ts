import { timeOfDayIn, todayIn } from "../../shared/dates";
import type { Schedule, ScheduleContext } from "../jobs/scheduler";
import { announceNotifications } from "../notifications/notify";
import { readOfficeSettings } from "../office/settings";
import { runDigest } from "./service";

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
