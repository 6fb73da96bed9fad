import type { Db } from "../../db/client";
import type { EventBus } from "../../events/bus";
import type { Notifier } from "../../notifications/notify";
import type { OverdueSweeper } from "../overdue";

/** What the extension request operations work with; app.ts makes them once (extensions.ts). */
export type ExtensionDeps = {
  db: Db;
  events: EventBus;
  notifier: Notifier;
  sweeper: OverdueSweeper;
  timeZone: string;
  clock: () => Date;
};
