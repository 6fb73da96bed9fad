import { todayIn } from "../../shared/dates";
import type { Schedule, ScheduleContext } from "../jobs/scheduler";
import { announceNotifications } from "../notifications/notify";
import { ESCALATION_ACTOR, runEscalation } from "./escalation";
import type { OverdueSweeper } from "./overdue";

/**
 * The overdue sweep on the one scheduler: on each tick, a sweep unless this process already has
 * the office's day, so tasks become delayed once the day turns (at midnight in APP_TIMEZONE).
 * Several instances may each sweep a day: only tasks still in progress move, so the second
 * finds none.
 */
export function overdueSweepSchedule(sweeper: OverdueSweeper, timeZone: string): Schedule {
  return {
    name: "overdue sweep",
    run: (now) => sweeper.ensureSwept(todayIn(timeZone, now)),
  };
}

/** The escalation rule once a day (claimed: once across instances), after the overdue sweep. */
export function escalationSchedule(deps: ScheduleContext): Schedule {
  return {
    name: "escalation",
    async run(now) {
      const today = todayIn(deps.timeZone, now);
      const escalated = await runEscalation(deps.db, { appUrl: deps.appUrl, today, now });
      if (!escalated?.length) return;
      for (const task of escalated) {
        deps.events.emit({
          entity: "task",
          id: task.id,
          action: "updated",
          assignees: [task.assignedTo],
          restricted: task.restricted,
          actorId: ESCALATION_ACTOR,
        });
        announceNotifications(deps.events, task.told);
      }
      deps.logger.info({ tasks: escalated.length, today }, "escalation: tasks now super overdue");
    },
  };
}
