import { LRUCache } from "lru-cache";
import type { ChangeEvent, EventBus } from "../events/bus";
import type { ChangeChannel } from "./channel";

/**
 * Results that stay true until something they depend on changes: a change event this instance
 * emits empties the cache at once, one from another instance when it arrives over the channel.
 * Entries also go after `maxAgeMs`, so a change missed while the channel was reconnecting
 * cannot linger. Concurrent callers of a missing key share one load; failures are not kept.
 */
export function createChangeCache<T extends {}>(options: {
  events: EventBus;
  changes: ChangeChannel;
  dependsOn: (event: ChangeEvent) => boolean;
  maxAgeMs: number;
  /** Keys differ by their parameters (a report's range), so a handful is plenty. */
  maxEntries?: number;
  now?: () => number;
}) {
  const entries = new LRUCache<string, Promise<T>>({
    max: options.maxEntries ?? 100,
    ttl: options.maxAgeMs,
    ttlResolution: 0,
    perf: { now: options.now ?? Date.now },
  });
  const onChange = (event: ChangeEvent) => {
    if (options.dependsOn(event)) entries.clear();
  };
  options.events.subscribe(onChange);
  options.changes.subscribe(onChange);

  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit) return hit;
      const value = load();
      entries.set(key, value);
      value.catch(() => {
        if (entries.peek(key) === value) entries.delete(key);
      });
      return value;
    },
  };
}

export type ChangeCache<T extends {}> = ReturnType<typeof createChangeCache<T>>;
