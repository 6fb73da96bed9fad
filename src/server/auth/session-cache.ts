import { LRUCache } from "lru-cache";
import type { CurrentUser } from "../../shared/users";

/**
 * Signed-in users by the request's Cookie header, so that a burst of requests from one browser
 * does not look its session up in the database each time (the lookup was half the cost of a
 * task list). An entry lives `ttlMs` at most and never past its session's expiry, and goes at
 * once when its person's sessions end or the person changes (`forgetUser`, wired to the
 * change events of every instance). Anonymous answers are never kept.
 */
export function createSessionCache(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  // Session expiry is wall-clock time, so the cache's ages are measured on the same clock.
  const entries = new LRUCache<string, CurrentUser>({
    max: options.maxEntries,
    ttlResolution: 0,
    perf: { now },
  });
  // lru-cache's own fetch() would share lookups too, but a lookup under way for a person who is
  // then forgotten could still be joined; one that started before a forget must not be.
  const pending = new Map<string, Promise<CurrentUser | null>>();
  let epoch = 0;

  return {
    /** The cached user for this Cookie header, or the result of `load` (shared by concurrent callers). */
    async resolve(
      key: string,
      load: () => Promise<{ user: CurrentUser; expiresAt: Date } | null>,
    ): Promise<CurrentUser | null> {
      const hit = entries.get(key);
      if (hit) return hit;
      let lookup = pending.get(key);
      if (!lookup) {
        const started = epoch;
        const current: Promise<CurrentUser | null> = load()
          .then((found) => {
            if (!found) return null;
            // lru-cache serves an entry through the last millisecond of its ttl; a session is
            // over at its expiry.
            const ttl = Math.min(options.ttlMs, found.expiresAt.getTime() - now() - 1);
            if (epoch === started && ttl > 0) entries.set(key, found.user, { ttl });
            return found.user;
          })
          .finally(() => {
            if (pending.get(key) === current) pending.delete(key);
          });
        lookup = current;
        pending.set(key, lookup);
      }
      return lookup;
    },

    /** Drops every cached session of a person; requests after this look up afresh. */
    forgetUser(userId: string) {
      epoch++;
      pending.clear();
      for (const [key, user] of entries.entries()) if (user.id === userId) entries.delete(key);
    },

    get size() {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
