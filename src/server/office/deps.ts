import type { Db } from "../db/client";

/** What the Holidays and Settings operations work with; app.ts makes them once (service.ts). */
export type OfficeDeps = {
  db: Db;
  /** The office's clock, on which a refused edit names the time of the change. */
  timeZone: string;
  clock: () => Date;
};
