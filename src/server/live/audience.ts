import { readsWholeRegister } from "../../shared/dak";
import type { LiveEvent } from "../../shared/live";
import type { CurrentUser } from "../../shared/users";
import type { ChangeEvent, RecordChanged } from "../events/bus";
import { taskPolicy } from "../tasks/policy";

/**
 * Whether a stream's holder may hear of a change: the same rule as reading the record.
 * Tasks and their response files: admins, organization heads and the task's assignees (before
 * and after a reassignment, so the old one's list drops it). Engagements: everyone signed in.
 * Accounts: admins and the person themself. Notifications: the person told, only. Register
 * entries: their keepers, organization heads and the officer marked. A restricted record: admins
 * and the people named only. Session events are for instances only.
 */
export function canHear(holder: CurrentUser, event: ChangeEvent): event is RecordChanged {
  const named = event.entity !== "session" && (event.assignees?.includes(holder.id) ?? false);
  if (event.entity !== "session" && event.restricted) return holder.role === "admin" || named;
  switch (event.entity) {
    case "task":
    case "response_file":
      return taskPolicy.seesAllTasks(holder) || named;
    case "receipt":
    case "dispatch":
      return readsWholeRegister(holder) || named;
    case "engagement":
      return true;
    case "user":
      return holder.role === "admin" || event.id === holder.id;
    case "notification":
      return event.id === holder.id;
    default:
      return false;
  }
}

/** The fields of a change that leave the server, listed explicitly (never the audience). */
export function presentChange({ entity, id, action }: RecordChanged): LiveEvent {
  return { entity, id, action };
}
