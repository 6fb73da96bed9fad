import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import type { EventBus } from "../events/bus";
import type { MailQueue } from "../jobs/queue";

/** What the account operations work with; app.ts makes them once (service.ts). */
export type UserDeps = {
  db: Db;
  auth: Auth;
  events: EventBus;
  mail: MailQueue;
  appUrl: string;
  /** The office's clock, on which a refused edit names the time of the change. */
  timeZone: string;
  clock: () => Date;
  /** In the transaction that sets a person's password: what else a new password ends (app.ts). */
  onPasswordChanged: (tx: Db, userId: string) => Promise<void>;
};
