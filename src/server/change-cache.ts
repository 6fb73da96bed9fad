import type { ChangeEvent, EventBus } from "./events";
import type { ChangeChannel } from "./live/channel";

/**
 * Results that stay true until something they depend on changes: a change event this instance
 * emits empties the cache at once, one from another instance when it arrives over the channel.
 * Entries also go after `maxAgeMs`, so a change missed while the channel was reconnecting
 * cannot linger. Concurrent callers of a missing key share one load; failures are not kept.
 */
export function createChangeCache<T>(options: {
  events: EventBus;
  changes: ChangeChannel;
  dependsOn: (event: ChangeEvent) => boolean;
  maxAgeMs: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: Promise<T>; at: number }>();
  const onChange = (event: ChangeEvent) => {
    if (options.dependsOn(event)) entries.clear();
  };
  options.events.subscribe(onChange);
  options.changes.subscribe(onChange);

  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < options.maxAgeMs) return hit.value;
      for (const [other, entry] of entries)
        if (now() - entry.at >= options.maxAgeMs) entries.delete(other);
      const value = load();
      entries.set(key, { value, at: now() });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
  };
}

export type ChangeCache<T> = ReturnType<typeof createChangeCache<T>>;
