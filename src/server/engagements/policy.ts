import type { EngagementAbilities } from "../../shared/engagements";
import type { CurrentUser } from "../../shared/users";

/**
 * What `actor` may do to an engagement, sent with it (EngagementItem.can): administrators change
 * the chart (the routes' guard), everyone else reads it.
 */
export function engagementAbilities(actor: Pick<CurrentUser, "role">): EngagementAbilities {
  const isAdmin = actor.role === "admin";
  return { edit: isAdmin, delete: isAdmin };
}
