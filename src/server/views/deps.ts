import type { Db } from "../db/client";

/** What the saved-view operations work with; app.ts makes them once (service.ts). */
export type ViewDeps = {
  db: Db;
  /** The office's clock, on which a refused change names the time of the last one. */
  timeZone: string;
};
