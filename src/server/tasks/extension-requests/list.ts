import { asc, count, desc, eq } from "drizzle-orm";
import type { ExtensionRequestList, ExtensionStatus } from "../../../shared/tasks";
import type { CurrentUser } from "../../../shared/users";
import { taskExtensionRequests } from "../../db/schema";
import { presentExtension, selectExtensionRequests } from "../thread";
import type { ExtensionDeps } from "./deps";

/** The most requests one answer lists; pending ones are few, answered ones are history. */
const LIST_LIMIT = 500;

/** Admins and organization heads: pending requests oldest first, answered ones newest first. */
export async function listExtensionRequests(
  { db }: Pick<ExtensionDeps, "db">,
  actor: CurrentUser,
  status: ExtensionStatus,
): Promise<ExtensionRequestList> {
  const order =
    status === "pending"
      ? asc(taskExtensionRequests.createdAt)
      : desc(taskExtensionRequests.decidedAt);
  const [rows, [pending]] = await Promise.all([
    selectExtensionRequests(db)
      .where(eq(taskExtensionRequests.status, status))
      .orderBy(order, asc(taskExtensionRequests.id))
      .limit(LIST_LIMIT),
    db
      .select({ total: count() })
      .from(taskExtensionRequests)
      .where(eq(taskExtensionRequests.status, "pending")),
  ]);
  return { requests: rows.map((row) => presentExtension(row, actor)), pending: pending.total };
}
