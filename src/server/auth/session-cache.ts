import type { CurrentUser } from "../../shared/users";

type Entry = { user: CurrentUser; until: number };

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
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<CurrentUser | null>>();
  // Bumped by every forget: a lookup that started before one must not store what it read.
  let epoch = 0;

  function remember(key: string, user: CurrentUser, expiresAt: Date) {
    const until = Math.min(now() + options.ttlMs, expiresAt.getTime());
    if (until <= now()) return;
    // Oldest first out: a Map iterates in insertion order.
    if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, { user, until });
  }

  return {
    /** The cached user for this Cookie header, or the result of `load` (shared by concurrent callers). */
    async resolve(
      key: string,
      load: () => Promise<{ user: CurrentUser; expiresAt: Date } | null>,
    ): Promise<CurrentUser | null> {
      const hit = entries.get(key);
      if (hit && hit.until > now()) return hit.user;
      if (hit) entries.delete(key);
      let lookup = pending.get(key);
      if (!lookup) {
        const started = epoch;
        const current: Promise<CurrentUser | null> = load()
          .then((found) => {
            if (!found) return null;
            if (epoch === started) remember(key, found.user, found.expiresAt);
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
      for (const [key, entry] of entries) if (entry.user.id === userId) entries.delete(key);
    },

    get size() {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
