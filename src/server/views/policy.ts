import type { Role } from "../../shared/roles";
import type { CurrentUser } from "../../shared/users";
import {
  openableLists,
  type SavedView,
  type SavedViewList,
  savedViewPath,
} from "../../shared/views";

/** Who acts on a view: all the policy and the operations need of the caller. */
export type Actor = Pick<CurrentUser, "id" | "role">;
type ViewRow = { ownerId: string; shared: boolean; list: SavedViewList };

/**
 * Who may do what to which saved view. A view is a bookmark into a list, so what a person may
 * see follows the lists their role opens (shared/views.ts SAVED_VIEW_PATHS); what they may
 * change follows whose it is, and sharing with everyone is the administrators'.
 */
export const viewPolicy = {
  /** Saving and listing views of a list needs the list's page: a view of it would lead nowhere. */
  canOpenList(actor: Pick<Actor, "role">, list: SavedViewList): boolean {
    return savedViewPath(list, actor.role) !== null;
  },
  /** canOpenList for every list at once: the visibility query's filter. */
  openableLists(actor: Pick<Actor, "role">): SavedViewList[] {
    return openableLists(actor.role);
  },
  /** Only administrators share views with everyone. */
  canShareViews(actor: Pick<Actor, "role">): boolean {
    return isAdmin(actor.role);
  },
  /**
   * Their own views and those shared with everyone, on lists they open. Anyone else's private
   * view is not there for them (404, never 403: its existence is not told).
   */
  canSee(actor: Actor, view: ViewRow): boolean {
    return (view.ownerId === actor.id || view.shared) && viewPolicy.canOpenList(actor, view.list);
  },
  /** Renaming it and saving new filters in it: its owner only, admins included. */
  canChange(actor: Actor, view: ViewRow): boolean {
    return viewPolicy.canSee(actor, view) && view.ownerId === actor.id;
  },
  /** The owner, or an administrator tidying up a view shared with everyone, whoever saved it. */
  canDelete(actor: Actor, view: ViewRow): boolean {
    return (
      viewPolicy.canSee(actor, view) &&
      (view.ownerId === actor.id || (isAdmin(actor.role) && view.shared))
    );
  },
  /** Sharing or unsharing it: an administrator, on their own view. */
  canShare(actor: Actor, view: ViewRow): boolean {
    return viewPolicy.canChange(actor, view) && viewPolicy.canShareViews(actor);
  },
  /** A pin is the caller's own, so every view they see may go in their sidebar. */
  canPin(actor: Actor, view: ViewRow): boolean {
    return viewPolicy.canSee(actor, view);
  },
};

function isAdmin(role: Role): boolean {
  return role === "admin";
}

/**
 * What `actor` may do to a view they see, sent with it (SavedView.can) so the web shows only
 * these actions. A `false` is answered 403 by the routes (404 for a view they do not see):
 * tests/api/views.test.ts asks every route, for every role.
 */
export function viewAbilities(actor: Actor, view: ViewRow): SavedView["can"] {
  return {
    rename: viewPolicy.canChange(actor, view),
    delete: viewPolicy.canDelete(actor, view),
    share: viewPolicy.canShare(actor, view),
    pin: viewPolicy.canPin(actor, view),
  };
}
