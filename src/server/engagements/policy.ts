import type { CurrentUser } from "../../shared/users";

/** Everyone signed in reads the chart; only administrators change it. */
export const engagementPolicy = {
  canManage(actor: CurrentUser): boolean {
    return actor.role === "admin";
  },
};
