import { timeOfDayIn, todayIn } from "../../shared/dates";
import type { Schedule, ScheduleContext } from "../jobs/scheduler";
import { readOfficeSettings } from "../office/settings";
import { runBriefMail } from "./mail";

/**
 * The Secretary's Daily Brief on the one scheduler: at the digest time on working days
 * (claimed: once across instances), to those who switched it on.
 */
export function briefSchedule(deps: Omit<ScheduleContext, "events">): Schedule {
  return {
    name: "daily brief",
    async run(now) {
      const { digestTime } = await readOfficeSettings(deps.db);
      if (timeOfDayIn(deps.timeZone, now) < digestTime) return;
      const today = todayIn(deps.timeZone, now);
      const brief = await runBriefMail(deps.db, { appUrl: deps.appUrl, today, now });
      if (brief) deps.logger.info({ ...brief, today }, "daily brief queued");
    },
  };
}
