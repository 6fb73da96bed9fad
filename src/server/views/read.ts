import { and, asc, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import { displayNameOf } from "../../shared/users";
import {
  type PinnedView,
  type SavedView,
  type SavedViewList,
  type SavedViewsOfList,
  savedViewHref,
} from "../../shared/views";
import type { Db } from "../db/client";
import { savedViewPins, user, savedViews as v } from "../db/schema";
import { assertMayOpen, notFound } from "./errors";
import { type Actor, viewAbilities, viewPolicy } from "./policy";

/** viewPolicy.canSee in SQL: the views `actor` can see. */
export function visibleTo(actor: Actor): SQL {
  return and(
    or(eq(v.ownerId, actor.id), eq(v.shared, true)),
    inArray(v.list, viewPolicy.openableLists(actor)),
  ) as SQL;
}

/** The views `actor` can see that also match `where`, with their owner and pin. */
async function readViews(db: Db, actor: Actor, where: SQL | undefined, pinnedOnly = false) {
  const pinned = and(eq(savedViewPins.viewId, v.id), eq(savedViewPins.userId, actor.id));
  const base = db
    .select({
      id: v.id,
      list: v.list,
      name: v.name,
      query: v.query,
      shared: v.shared,
      version: v.version,
      ownerId: v.ownerId,
      ownerNameField: user.name,
      ownerEmail: user.email,
      ownerUsername: user.username,
      pinnedAt: savedViewPins.createdAt,
    })
    .from(v)
    .innerJoin(user, eq(user.id, v.ownerId));
  const joined = pinnedOnly
    ? base.innerJoin(savedViewPins, pinned)
    : base.leftJoin(savedViewPins, pinned);
  const rows = await joined
    .where(and(visibleTo(actor), where))
    // Pinned: in the order they were pinned. A list's: the caller's own first, then by name.
    .orderBy(
      ...(pinnedOnly
        ? [asc(savedViewPins.createdAt), asc(v.name)]
        : [desc(eq(v.ownerId, actor.id)), asc(v.name)]),
    );
  return rows.map(
    (row): SavedView => ({
      id: row.id,
      list: row.list,
      name: row.name,
      query: row.query,
      shared: row.shared,
      ownerName: displayNameOf({
        name: row.ownerNameField,
        email: row.ownerEmail,
        username: row.ownerUsername,
      }),
      mine: row.ownerId === actor.id,
      pinned: row.pinnedAt !== null,
      version: row.version,
      can: viewAbilities(actor, row),
    }),
  );
}

/** One view `actor` can see, or 404: another person's private view is not there for them. */
export async function findVisible(db: Db, actor: Actor, id: string): Promise<SavedView> {
  const [view] = await readViews(db, actor, eq(v.id, id));
  if (!view) throw notFound();
  return view;
}

export async function listViews(
  db: Db,
  actor: Actor,
  list: SavedViewList,
): Promise<SavedViewsOfList> {
  assertMayOpen(actor, list);
  return {
    views: await readViews(db, actor, eq(v.list, list)),
    canShare: viewPolicy.canShareViews(actor),
  };
}

/** The caller's pinned views for the sidebar, each with where it opens for their role. */
export async function pinnedViews(db: Db, actor: Actor): Promise<PinnedView[]> {
  const views = await readViews(db, actor, undefined, true);
  return views.flatMap((view) => {
    const href = savedViewHref(view, actor.role);
    return href === null ? [] : [{ ...view, href }];
  });
}
