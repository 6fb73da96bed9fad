import pLimit, { type LimitFunction } from "p-limit";
import { AppError } from "./errors";

/**
 * Work taken a few at a time per key, in the order it came; what arrives when `waiting` are
 * already queued for that key is refused with BUSY (503, Retry-After) rather than held.
 * Per process: instances sharing a database each keep their own turns.
 */
export function createTurns({ atOnce, waiting }: { atOnce: number; waiting: number }) {
  const queues = new Map<string, LimitFunction>();

  function forgetIfIdle(key: string, limit: LimitFunction) {
    if (limit.activeCount === 0 && limit.pendingCount === 0 && queues.get(key) === limit) {
      queues.delete(key);
    }
  }

  return async function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
    let limit = queues.get(key);
    if (!limit) {
      limit = pLimit(atOnce);
      queues.set(key, limit);
    }
    if (limit.activeCount >= atOnce && limit.pendingCount >= waiting) {
      throw new AppError("BUSY", "common:error.busy");
    }
    const queue = limit;
    try {
      return await queue(work);
    } finally {
      // p-limit counts the work as done only after its caller has been answered.
      setImmediate(() => forgetIfIdle(key, queue));
    }
  };
}

export type InTurn = ReturnType<typeof createTurns>;
