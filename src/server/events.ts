import { EventEmitter } from "node:events";

export type DomainEntity = "task" | "response_file" | "engagement" | "user";
export type DomainEvent = {
  entity: DomainEntity;
  id: string;
  action: "created" | "updated" | "deleted";
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
