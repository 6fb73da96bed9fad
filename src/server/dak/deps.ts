import type { Db } from "../db/client";
import type { EventBus } from "../events/bus";
import type { SignedLinks } from "../files/signed-links";
import type { Storage } from "../files/storage";
import type { Notifier } from "../notifications/notify";
import type { OverdueSweeper } from "../tasks/overdue";

/** What the register operations work with; app.ts makes them once (dak/service.ts). */
export type DakDeps = {
  db: Db;
  storage: Storage;
  links: SignedLinks;
  events: EventBus;
  notifier: Notifier;
  sweeper: OverdueSweeper;
  timeZone: string;
  clock: () => Date;
};
