import type { DecisionFields, DecisionFilters } from "../../shared/decisions";
import type { CurrentUser } from "../../shared/users";
import { deleteDecision } from "./delete";
import type { DecisionDeps } from "./deps";
import { exportDecisions, listDecisions } from "./list";
import { recordDecisions } from "./record";

// The Excel export (exports/decisions.ts) reads the Decisions page's rows through it.
export { selectMatchingDecisions } from "./list";

/**
 * The decision operations the routes call, over one set of dependencies: a meeting's save
 * (record.ts), a deletion (delete.ts), and the Decisions page with its export (list.ts).
 */
export function createDecisionService(deps: DecisionDeps) {
  return {
    record: (actor: CurrentUser, engagementId: string, decisions: DecisionFields[]) =>
      recordDecisions(deps, actor, engagementId, decisions),
    remove: (actor: CurrentUser, id: string) => deleteDecision(deps, actor, id),
    list: (actor: CurrentUser, filters: DecisionFilters) => listDecisions(deps, actor, filters),
    export: (actor: CurrentUser, filters: Omit<DecisionFilters, "page">) =>
      exportDecisions(deps, actor, filters),
  };
}

export type DecisionService = ReturnType<typeof createDecisionService>;
