import type { CurrentUser } from "../../../shared/users";
import type { Db } from "../../db/client";
import type { EventBus } from "../../events/bus";
import type { SignedLinks } from "../../files/signed-links";
import type { Storage } from "../../files/storage";
import type { Notifier } from "../../notifications/notify";
import type { OverdueSweeper } from "../overdue";

/** What the task operations work with; app.ts makes them once (tasks/service.ts). */
export type TaskDeps = {
  db: Db;
  storage: Storage;
  links: SignedLinks;
  events: EventBus;
  sweeper: OverdueSweeper;
  notifier: Notifier;
  timeZone: string;
  clock: () => Date;
};

/** Who acts, as a task's writer needs them. */
export type TaskActor = Pick<CurrentUser, "id" | "displayName">;
