import type { CurrentUser } from "../../../shared/users";
import type { EventBus } from "../../events/bus";
import { announceNotifications } from "../../notifications/notify";

/** After a request or its answer has committed: the task's live event and the bell's news. */
export function announceExtension(
  events: EventBus,
  actor: CurrentUser,
  taskId: string,
  assignee: string,
  told: string[],
) {
  events.emit({
    entity: "task",
    id: taskId,
    action: "updated",
    assignees: [assignee],
    actorId: actor.id,
  });
  announceNotifications(events, told);
}
