import type { EngagementAbilities } from "../../shared/engagements";
import { seesAllTasks } from "../../shared/roles";
import type { CurrentUser } from "../../shared/users";

/**
 * What `actor` may do to an engagement, sent with it (EngagementItem.can): administrators change
 * the chart and record its meetings (the routes' guard); administrators and organization heads
 * follow its decisions' compliance; everyone else reads it.
 */
export function engagementAbilities(actor: Pick<CurrentUser, "role">): EngagementAbilities {
  const isAdmin = actor.role === "admin";
  return { edit: isAdmin, delete: isAdmin, record: isAdmin, seeCompliance: seesAllTasks(actor.role) };
}
