import type { EngagementAbilities } from "../../shared/engagements";
import { seesAllTasks } from "../../shared/roles";
import type { CurrentUser } from "../../shared/users";

type Actor = Pick<CurrentUser, "role">;

/**
 * What `actor` may do to an engagement, sent with it (EngagementItem.can): administrators change
 * the chart and record its meetings (the routes' guard); administrators and organization heads
 * follow its decisions' compliance; everyone else reads it.
 */
export function engagementAbilities(actor: Actor): EngagementAbilities {
  const isAdmin = actor.role === "admin";
  return {
    edit: isAdmin,
    delete: isAdmin,
    record: isAdmin,
    seeCompliance: seesAllTasks(actor.role),
  };
}

/**
 * Whether `actor` reads an engagement's record (its agenda, minutes and decisions, and the
 * agenda in their calendar feed): administrators and organization heads always, anyone else
 * when they are one of its participants. Others see the chart's fields only.
 */
export function canReadRecord(actor: Actor, isParticipant: boolean): boolean {
  return seesAllTasks(actor.role) || isParticipant;
}
