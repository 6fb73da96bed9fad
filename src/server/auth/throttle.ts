import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { signInThrottle } from "../db/schema";

export const THROTTLE = {
  maxFailures: 5,
  windowMinutes: 15,
  lockMinutes: 15,
} as const;

/**
 * Failed sign-ins counted per identifier in the database, so every app instance sees
 * the same count; after `maxFailures` within the window the identifier is locked.
 */
export function createSignInThrottle(db: Db) {
  const t = signInThrottle;
  const windowExpired = sql`${t.windowStartedAt} < now() - ${sql.raw(`interval '${THROTTLE.windowMinutes} minutes'`)}`;
  return {
    async isLocked(key: string): Promise<boolean> {
      const [row] = await db
        .select({ locked: sql<boolean>`coalesce(${t.lockedUntil} > now(), false)` })
        .from(t)
        .where(eq(t.key, key));
      return row?.locked === true;
    },

    async recordFailure(key: string): Promise<void> {
      await db
        .insert(t)
        .values({ key, failures: 1, windowStartedAt: sql`now()` })
        .onConflictDoUpdate({
          target: t.key,
          set: {
            failures: sql`case when ${windowExpired} then 1 else ${t.failures} + 1 end`,
            windowStartedAt: sql`case when ${windowExpired} then now() else ${t.windowStartedAt} end`,
            lockedUntil: sql`case
              when not (${windowExpired}) and ${t.failures} + 1 >= ${THROTTLE.maxFailures}
              then now() + ${sql.raw(`interval '${THROTTLE.lockMinutes} minutes'`)}
              else ${t.lockedUntil} end`,
          },
        });
    },

    async clear(key: string): Promise<void> {
      await db.delete(t).where(eq(t.key, key));
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
