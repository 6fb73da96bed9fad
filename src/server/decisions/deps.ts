import type { Db } from "../db/client";
import type { EventBus } from "../events/bus";
import type { Notifier } from "../notifications/notify";
import type { OverdueSweeper } from "../tasks/overdue";

/** What the decision operations work with; app.ts makes them once (service.ts). */
export type DecisionDeps = {
  db: Db;
  events: EventBus;
  notifier: Notifier;
  sweeper: OverdueSweeper;
  timeZone: string;
  clock: () => Date;
};
