import { EventEmitter } from "node:events";
import type { LiveEvent } from "../../shared/live";

/**
 * A person's sessions ended (sign-out, password reset: "deleted") or their signed-in details
 * changed ("updated"); `id` is the person. Instances hear it to drop cached sessions
 * (auth/session-cache.ts); browsers never do (live/routes.ts).
 */
export type SessionsChanged = { entity: "session"; id: string; action: "updated" | "deleted" };

/** The records that may be restricted: tasks (and their response files) and register entries. */
type GuardedEntity = "task" | "response_file" | "receipt" | "dispatch";

/**
 * A change to a record, with who may hear of it beyond admins and organization heads: a task's
 * (and its response file's) assignees before and after the change, a receipt's officer. A
 * `restricted` record (a Confidential or Secret receipt, and what is made from it) is heard by
 * admins and those people only; every change to a record that may be restricted must say
 * whether it is, so a new announcement cannot leave it out. The audience crosses instances with
 * the event and never reaches browsers (live/audience.ts). Without it, a task change goes to
 * admins and heads only.
 */
export type RecordChanged = LiveEvent & { assignees?: string[] } & (
    | { entity: GuardedEntity; restricted: boolean }
    | { entity: Exclude<LiveEvent["entity"], GuardedEntity>; restricted?: never }
  );

/** What one instance tells the others of a change. */
export type ChangeEvent = RecordChanged | SessionsChanged;

export type DomainEvent = ChangeEvent & {
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
