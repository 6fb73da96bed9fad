import { todayIn } from "../../../shared/dates";
import { LINK_TTL } from "../../../shared/files";
import { TASK_MESSAGES } from "../../../shared/tasks";
import type { CurrentUser } from "../../../shared/users";
import { recordAudit } from "../../audit/record";
import { AppError } from "../../http/errors";
import { announceNotifications } from "../../notifications/notify";
import { presentTask, type TaskRow } from "../present";
import { readTaskRow } from "../rows";
import type { TaskDeps } from "./deps";
import { writeTaskEdit } from "./edit";

/** Mark Completed: once only; completion_date becomes today. */
export async function completeTask(
  { db, links, events, notifier, timeZone, clock }: TaskDeps,
  actor: CurrentUser,
  id: string,
) {
  const [before, told] = await db.transaction(async (tx) => {
    const row = await readTaskRow(tx, id, { lock: true });
    if (!row) throw new AppError("NOT_FOUND", TASK_MESSAGES.notFound);
    if (row.task.status === "completed")
      throw new AppError("CONFLICT", TASK_MESSAGES.alreadyCompleted);
    const written = await writeTaskEdit(
      tx,
      { notifier, clock },
      actor,
      row,
      { status: "completed" },
      {
        today: todayIn(timeZone, clock()),
        assigneeName: "",
        dueDateReason: "",
        action: "completed",
      },
    );
    await recordAudit(tx, clock(), written.audit ? [written.audit] : []);
    return [row, written.told] as const;
  });
  const assignees = [before.task.assignedTo];
  const { restricted } = before.task;
  events.emit({ entity: "task", id, action: "updated", assignees, restricted, actorId: actor.id });
  announceNotifications(events, told);
  return presentTask((await readTaskRow(db, id)) as TaskRow, links, LINK_TTL.view, actor);
}
