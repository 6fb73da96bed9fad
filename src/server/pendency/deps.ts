import type { Db } from "../db/client";
import type { OverdueSweeper } from "../tasks/overdue";

/** What the Pendency operations work with; app.ts makes them once (service.ts). */
export type PendencyDeps = { db: Db; sweeper: OverdueSweeper; timeZone: string; clock: () => Date };
