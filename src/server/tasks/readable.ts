import { eq, or, type SQL } from "drizzle-orm";
import type { CurrentUser } from "../../shared/users";
import { tasks } from "../db/schema";
import { taskPolicy } from "./policy";

/**
 * The tasks `viewer` may read, as a condition (none for administrators): taskPolicy.canRead in
 * SQL. Those who see every task read every one but a restricted one, which only its holder
 * (and administrators) read; anyone else their own.
 */
export function tasksReadableBy(viewer: Pick<CurrentUser, "id" | "role">): SQL | undefined {
  if (viewer.role === "admin") return undefined;
  if (taskPolicy.seesAllTasks(viewer))
    return or(eq(tasks.restricted, false), eq(tasks.assignedTo, viewer.id));
  return eq(tasks.assignedTo, viewer.id);
}
