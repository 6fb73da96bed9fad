import { eq } from "drizzle-orm";
import { SAVED_VIEW_MESSAGES } from "../../shared/views";
import type { Db } from "../db/client";
import { savedViews as v } from "../db/schema";
import { AppError } from "../http/errors";
import type { Actor } from "./policy";
import { findVisible } from "./read";

export async function deleteView(db: Db, actor: Actor, id: string): Promise<void> {
  const view = await findVisible(db, actor, id);
  if (!view.can.delete) throw new AppError("FORBIDDEN", SAVED_VIEW_MESSAGES.ownerOnly);
  await db.delete(v).where(eq(v.id, id));
}
