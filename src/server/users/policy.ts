import type { CurrentUser, UserAbilities } from "../../shared/users";

/** Who may do what to an account. Only administrators manage accounts at all (requireRole). */
export const userPolicy = {
  canDelete(actor: CurrentUser, targetId: string): boolean {
    return actor.role === "admin" && actor.id !== targetId;
  },
  /** Tasks go to users and admins only: organization heads watch, they do not work tasks. */
  canTakeTasks(role: string): boolean {
    return role === "user" || role === "admin";
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
