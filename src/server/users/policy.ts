import type { CurrentUser, Role, UserAbilities } from "../../shared/users";

/** Who may do what to an account. Only administrators manage accounts at all (requireRole). */
export const userPolicy = {
  canDelete(actor: CurrentUser, targetId: string): boolean {
    return actor.role === "admin" && actor.id !== targetId;
  },
  /** Tasks go to users and admins only: organization heads watch, they do not work tasks. */
  canTakeTasks(role: string): boolean {
    return role === "user" || role === "admin";
  },
  /**
   * The people pickers (GET /api/users/assignable) are every signed-in account's: a user marks
   * a file onward to a colleague from them, a head filters by them. Their e-mail addresses are
   * an administrator's, who manages the accounts; everyone else tells people apart by name,
   * User ID and designation.
   */
  canSeeEmails(role: Role): boolean {
    return role === "admin";
  },
  /**
   * Organization heads among the people (`includeHeads`): for those who read the Audit Log
   * (admins and heads, audit/routes.ts), whose people filter names every account that acts.
   * Nobody else marks or assigns anything to a head.
   */
  canListEveryone(role: Role): boolean {
    return role === "admin" || role === "organization_head";
  },
};

/**
 * What `actor` may do to an account, sent with it (UserListItem.can). Only administrators reach
 * the user list; they may edit any account (their own role too, while another admin remains:
 * that refusal is a 409 of the moment, not a permission) but never delete their own.
 */
export function userAbilities(actor: CurrentUser, targetId: string): UserAbilities {
  const isAdmin = actor.role === "admin";
  return { edit: isAdmin, changePassword: isAdmin, delete: userPolicy.canDelete(actor, targetId) };
}
