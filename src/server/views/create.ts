import type { CreateViewFields, SavedView } from "../../shared/views";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { savedViews as v } from "../db/schema";
import { assertMayOpen, duplicateName, shareForbidden } from "./errors";
import { type Actor, viewPolicy } from "./policy";
import { findVisible } from "./read";

export async function createView(
  db: Db,
  actor: Actor,
  input: CreateViewFields,
): Promise<SavedView> {
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
  return findVisible(db, actor, id);
}
