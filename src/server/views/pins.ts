import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { savedViewPins, savedViews as v } from "../db/schema";
import { notFound } from "./errors";
import type { Actor } from "./policy";
import { findVisible, visibleTo } from "./read";

export async function pinView(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Held until the pin is in: a view deleted meanwhile is a 404, not a broken reference.
    const [row] = await tx
      .select({ id: v.id })
      .from(v)
      .where(and(eq(v.id, id), visibleTo(actor)))
      .for("share");
    if (!row) throw notFound();
    await tx.insert(savedViewPins).values({ userId: actor.id, viewId: id }).onConflictDoNothing();
  });
}

export async function unpinView(db: Db, actor: Actor, id: string): Promise<void> {
  await findVisible(db, actor, id);
  await db
    .delete(savedViewPins)
    .where(and(eq(savedViewPins.userId, actor.id), eq(savedViewPins.viewId, id)));
}
