import type { DecisionItem } from "../../shared/decisions";
import { seesAllTasks } from "../../shared/roles";
import type { CurrentUser } from "../../shared/users";

type Actor = Pick<CurrentUser, "role">;

/**
 * Who may do what with meeting decisions: administrators record and delete them (the routes'
 * guard); administrators and organization heads follow every meeting's decisions (the
 * Decisions page); participants read their meeting's (engagements/).
 */
export const decisionPolicy = {
  canWrite(actor: Actor): boolean {
    return actor.role === "admin";
  },
  /** The Decisions page and its export: whoever sees every task sees every decision. */
  canListAll(actor: Actor): boolean {
    return seesAllTasks(actor.role);
  },
};

/** What `actor` may do to a decision, sent with it (DecisionItem.can). */
export function decisionAbilities(actor: Actor): DecisionItem["can"] {
  return { delete: decisionPolicy.canWrite(actor) };
}
