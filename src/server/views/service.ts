import { and, asc, desc, eq, inArray, ne, or, type SQL } from "drizzle-orm";
import { timeOfDayIn } from "../../shared/dates";
import { message } from "../../shared/i18n/message";
import { type CurrentUser, displayNameOf } from "../../shared/users";
import {
  type CreateViewFields,
  type PinnedView,
  SAVED_VIEW_MESSAGES,
  type SavedView,
  type SavedViewList,
  type SavedViewsOfList,
  savedViewHref,
  type UpdateViewFields,
} from "../../shared/views";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { savedViewPins, savedViews, user } from "../db/schema";
import { AppError } from "../http/errors";
import { viewAbilities, viewPolicy } from "./policy";

type Actor = Pick<CurrentUser, "id" | "role">;

const v = savedViews;

/** viewPolicy.canSee in SQL: the views `actor` can see. */
function visibleTo(actor: Actor): SQL {
  return and(
    or(eq(v.ownerId, actor.id), eq(v.shared, true)),
    inArray(v.list, viewPolicy.openableLists(actor)),
  ) as SQL;
}

const listForbidden = () => new AppError("FORBIDDEN", SAVED_VIEW_MESSAGES.listForbidden);
const shareForbidden = () => new AppError("FORBIDDEN", SAVED_VIEW_MESSAGES.shareForbidden);
const notFound = () => new AppError("NOT_FOUND", SAVED_VIEW_MESSAGES.notFound);
const duplicateName = () => new AppError("CONFLICT", SAVED_VIEW_MESSAGES.duplicateName);

function assertMayOpen(actor: Actor, list: SavedViewList) {
  if (!viewPolicy.canOpenList(actor, list)) throw listForbidden();
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export function createViewService({
  db,
  timeZone,
}: {
  db: Db;
  /** The office's clock, on which a refused change names the time of the last one. */
  timeZone: string;
}) {
  /**
   * Refuses a change made on another version of the view than the stored one (409 CONFLICT),
   * as server/audit/versions.ts does for the audited records. Views are not in the audit trail, so
   * the refusal names no one: only the time of the view's last change.
   */
  async function assertViewCurrent(tx: Db | Tx, id: string, opened: number, lock = false) {
    const query = tx
      .select({ version: v.version, updatedAt: v.updatedAt })
      .from(v)
      .where(eq(v.id, id));
    const [stored] = await (lock ? query.for("update") : query);
    if (!stored) throw notFound();
    if (opened === stored.version) return;
    throw new AppError(
      "CONFLICT",
      message(SAVED_VIEW_MESSAGES.changed, { time: timeOfDayIn(timeZone, stored.updatedAt) }),
    );
  }

  /** The views `actor` can see that also match `where`, with their owner and pin. */
  async function readViews(actor: Actor, where: SQL | undefined, pinnedOnly = false) {
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
  async function findVisible(actor: Actor, id: string): Promise<SavedView> {
    const [view] = await readViews(actor, eq(v.id, id));
    if (!view) throw notFound();
    return view;
  }

  return {
    async list(actor: Actor, list: SavedViewList): Promise<SavedViewsOfList> {
      assertMayOpen(actor, list);
      return {
        views: await readViews(actor, eq(v.list, list)),
        canShare: viewPolicy.canShareViews(actor),
      };
    },

    /** The caller's pinned views for the sidebar, each with where it opens for their role. */
    async pinned(actor: Actor): Promise<PinnedView[]> {
      const views = await readViews(actor, undefined, true);
      return views.flatMap((view) => {
        const href = savedViewHref(view, actor.role);
        return href === null ? [] : [{ ...view, href }];
      });
    },

    async create(actor: Actor, input: CreateViewFields): Promise<SavedView> {
      assertMayOpen(actor, input.list);
      if (input.shared && !viewPolicy.canShareViews(actor)) throw shareForbidden();
      let id: string;
      try {
        const [row] = await db
          .insert(v)
          .values({
            ownerId: actor.id,
            list: input.list,
            name: input.name,
            query: input.query,
            shared: input.shared ?? false,
          })
          .returning({ id: v.id });
        id = row.id;
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicateName();
        throw err;
      }
      return findVisible(actor, id);
    },

    /** The owner renames it, saves new filters in it, or (an admin) shares or unshares it. */
    async update(actor: Actor, id: string, input: UpdateViewFields): Promise<SavedView> {
      const view = await findVisible(actor, id);
      // view.can is viewAbilities: the policy's answer for this caller and this view.
      if (!view.can.rename) throw new AppError("FORBIDDEN", SAVED_VIEW_MESSAGES.ownerOnly);
      await assertViewCurrent(db, id, input.version);
      if (input.shared && !view.can.share) throw shareForbidden();
      const changes = { name: input.name, query: input.query, shared: input.shared };
      if (Object.values(changes).every((value) => value === undefined)) return view;
      try {
        await db.transaction(async (tx) => {
          await assertViewCurrent(tx, id, input.version, true);
          await tx.update(v).set(changes).where(eq(v.id, id));
          // Unshared, it leaves the sidebars of everyone else who had pinned it.
          if (input.shared === false) {
            await tx
              .delete(savedViewPins)
              .where(and(eq(savedViewPins.viewId, id), ne(savedViewPins.userId, actor.id)));
          }
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicateName();
        throw err;
      }
      return findVisible(actor, id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const view = await findVisible(actor, id);
      if (!view.can.delete) throw new AppError("FORBIDDEN", SAVED_VIEW_MESSAGES.ownerOnly);
      await db.delete(v).where(eq(v.id, id));
    },

    async pin(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        // Held until the pin is in: a view deleted meanwhile is a 404, not a broken reference.
        const [row] = await tx
          .select({ id: v.id })
          .from(v)
          .where(and(eq(v.id, id), visibleTo(actor)))
          .for("share");
        if (!row) throw notFound();
        await tx
          .insert(savedViewPins)
          .values({ userId: actor.id, viewId: id })
          .onConflictDoNothing();
      });
    },

    async unpin(actor: Actor, id: string): Promise<void> {
      await findVisible(actor, id);
      await db
        .delete(savedViewPins)
        .where(and(eq(savedViewPins.userId, actor.id), eq(savedViewPins.viewId, id)));
    },
  };
}

export type ViewService = ReturnType<typeof createViewService>;
