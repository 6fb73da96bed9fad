import { and, eq, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { notificationPreferences, user } from "../db/schema";

/**
 * The approved accounts a morning mail may go to (`where` narrows them), with what a mail needs:
 * their name, address, role, language and mail choices. The digest and the daily brief read them.
 */
export function selectMailReaders(tx: Db, where?: SQL) {
  return tx
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      username: user.username,
      role: user.role,
      language: user.language,
      choices: notificationPreferences.email,
    })
    .from(user)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, user.id))
    .where(and(eq(user.pendingApproval, false), where));
}
