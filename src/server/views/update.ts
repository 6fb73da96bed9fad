import { and, eq, ne } from "drizzle-orm";
import { timeOfDayIn } from "../../shared/dates";
import { message } from "../../shared/i18n/message";
import { SAVED_VIEW_MESSAGES, type SavedView, type UpdateViewFields } from "../../shared/views";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { savedViewPins, savedViews as v } from "../db/schema";
import { AppError } from "../http/errors";
import type { ViewDeps } from "./deps";
import { duplicateName, notFound, shareForbidden } from "./errors";
import type { Actor } from "./policy";
import { findVisible } from "./read";

/**
 * Refuses a change made on another version of the view than the stored one (409 CONFLICT),
 * as server/audit/versions.ts does for the audited records. Views are not in the audit trail, so
 * the refusal names no one: only the time of the view's last change.
 */
async function assertViewCurrent(
  timeZone: string,
  tx: Db | Db,
  id: string,
  opened: number,
  lock = false,
) {
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

/** The owner renames it, saves new filters in it, or (an admin) shares or unshares it. */
export async function updateView(
  { db, timeZone }: ViewDeps,
  actor: Actor,
  id: string,
  input: UpdateViewFields,
): Promise<SavedView> {
  const view = await findVisible(db, actor, id);
  // view.can is viewAbilities: the policy's answer for this caller and this view.
  if (!view.can.rename) throw new AppError("FORBIDDEN", SAVED_VIEW_MESSAGES.ownerOnly);
  await assertViewCurrent(timeZone, db, id, input.version);
  if (input.shared && !view.can.share) throw shareForbidden();
  const changes = { name: input.name, query: input.query, shared: input.shared };
  if (Object.values(changes).every((value) => value === undefined)) return view;
  try {
    await db.transaction(async (tx) => {
      await assertViewCurrent(timeZone, tx, id, input.version, true);
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
  return findVisible(db, actor, id);
}
