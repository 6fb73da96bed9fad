import { inArray } from "drizzle-orm";
import type { Role } from "../../shared/roles";
import type { Db } from "../db/client";
import { user } from "../db/schema";
import { taskPolicy } from "./policy";

/** The accounts of `ids` with their roles, as taskPolicy.canRead takes them (gone ones absent). */
export function withRoles(db: Db, ids: readonly string[]): Promise<{ id: string; role: Role }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(inArray(user.id, [...new Set(ids)]));
}

/**
 * Those of `ids` who may read `task` (taskPolicy.canRead): the people a notice of it may reach.
 * A restricted task's notices go to administrators and its holder only, never to the clerk
 * whose marking made it.
 */
export async function readersOf(
  db: Db,
  ids: readonly (string | null)[],
  task: { assignedTo: string; restricted: boolean },
): Promise<string[]> {
  const people = await withRoles(
    db,
    ids.filter((id): id is string => id !== null),
  );
  return people.filter((person) => taskPolicy.canRead(person, task)).map((person) => person.id);
}
