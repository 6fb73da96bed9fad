import type { Db } from "../db/client";
import type { EventBus } from "../events/bus";
import type { Notifier } from "../notifications/notify";

/** What the engagement operations work with; app.ts makes them once (service.ts). */
export type EngagementDeps = {
  db: Db;
  events: EventBus;
  notifier: Notifier;
  timeZone: string;
  clock: () => Date;
};
