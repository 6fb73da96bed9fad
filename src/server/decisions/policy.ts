import type { DecisionItem } from "../../shared/decisions";
import type { CurrentUser } from "../../shared/users";

type Actor = Pick<CurrentUser, "role">;

/**
 * What `actor` may do to a decision, sent with it (DecisionItem.can): administrators record
 * and delete decisions (the routes' guard, which also lets administrators and organization
 * heads read every meeting's decisions); participants read their meeting's (engagements/).
 */
export function decisionAbilities(actor: Actor): DecisionItem["can"] {
  return { delete: actor.role === "admin" };
}
