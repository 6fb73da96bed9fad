import type { PendencyOrder } from "../../shared/pendency";
import type { CurrentUser } from "../../shared/users";
import { pendencyDashboard } from "./dashboard";
import type { PendencyDeps } from "./deps";

/**
 * The Pendency page (and its Excel export): per person who holds tasks, open work by ageing
 * bucket, the oldest open task, the average days open items have been held, this week's
 * completions, and what waits on an answer (people.ts and held.ts read them, trend.ts the weeks,
 * report.ts assembles the figures).
 */
export function createPendencyService(deps: PendencyDeps) {
  return {
    dashboard: (actor: CurrentUser, order: PendencyOrder) => pendencyDashboard(deps, actor, order),
  };
}

export type PendencyService = ReturnType<typeof createPendencyService>;
