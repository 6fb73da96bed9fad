import type { CreateViewFields, SavedViewList, UpdateViewFields } from "../../shared/views";
import { createView } from "./create";
import { deleteView } from "./delete";
import type { ViewDeps } from "./deps";
import { pinView, unpinView } from "./pins";
import type { Actor } from "./policy";
import { listViews, pinnedViews } from "./read";
import { updateView } from "./update";

/**
 * The saved-view operations the routes call, over one set of dependencies: a list's views and
 * the caller's pinned ones (read.ts), create.ts, update.ts, delete.ts, and pins.ts.
 */
export function createViewService(deps: ViewDeps) {
  const { db } = deps;
  return {
    list: (actor: Actor, list: SavedViewList) => listViews(db, actor, list),
    pinned: (actor: Actor) => pinnedViews(db, actor),
    create: (actor: Actor, input: CreateViewFields) => createView(db, actor, input),
    update: (actor: Actor, id: string, input: UpdateViewFields) =>
      updateView(deps, actor, id, input),
    remove: (actor: Actor, id: string) => deleteView(db, actor, id),
    pin: (actor: Actor, id: string) => pinView(db, actor, id),
    unpin: (actor: Actor, id: string) => unpinView(db, actor, id),
  };
}

export type ViewService = ReturnType<typeof createViewService>;
