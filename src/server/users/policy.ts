import type { CurrentUser } from "../../shared/users";

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
