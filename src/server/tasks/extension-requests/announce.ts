import type { CurrentUser } from "../../../shared/users";
import type { EventBus } from "../../events/bus";
import { announceNotifications } from "../../notifications/notify";

/** After a request or its answer has committed: the task's live event and the bell's news. */
export function announceExtension(
  events: EventBus,
  actor: CurrentUser,
  task: { id: string; assignee: string; restricted: boolean },
  told: string[],
) {
  events.emit({
    entity: "task",
    id: task.id,
    action: "updated",
    assignees: [task.assignee],
    restricted: task.restricted,
    actorId: actor.id,
  });
  announceNotifications(events, told);
}
