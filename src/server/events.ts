import { EventEmitter } from "node:events";
import type { LiveEvent } from "../shared/live";

export type DomainEvent = LiveEvent & {
  /** Who did it, for the log; never sent to browsers. */
  actorId?: string;
};

/**
 * Services announce every change here; listeners (the log now, the live hub and mail
 * later) subscribe instead of being called from every service.
 */
export function createEventBus() {
  const emitter = new EventEmitter();
  return {
    emit(event: DomainEvent) {
      emitter.emit("event", event);
    },
    subscribe(listener: (event: DomainEvent) => void): () => void {
      emitter.on("event", listener);
      return () => emitter.off("event", listener);
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
