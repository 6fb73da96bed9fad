import { LINK_TTL } from "../../../shared/files";
import type { CreateTaskFields } from "../../../shared/tasks";
import type { CurrentUser } from "../../../shared/users";
import { presentTask, type TaskRow } from "../present";
import { readTaskRow } from "../rows";
import { assertAssignable } from "./assignee";
import { storeAttachment } from "./attachment";
import type { TaskDeps } from "./deps";
import { announceNewTask, insertTask } from "./insert";

/** Create Task: its attachment stored first, then the task written (insert.ts insertTask). */
export async function createTask(
  { db, storage, links, events, sweeper, notifier, clock }: TaskDeps,
  actor: CurrentUser,
  form: CreateTaskFields,
) {
  const assigneeName = await assertAssignable(db, form.assignedTo);
  const stored = await storeAttachment(storage, form.attachment, form.assignedTo);
  let created: { id: string; told: string[]; restricted: boolean };
  try {
    created = await db.transaction((tx) =>
      insertTask(
        tx,
        { notifier, clock },
        actor,
        {
          subject: form.subject,
          description: form.description,
          assignedTo: form.assignedTo,
          assignDate: form.assignDate,
          dueDate: form.dueDate,
          taskType: form.taskType,
          attachment: stored,
        },
        assigneeName,
      ),
    );
  } catch (err) {
    if (stored) await storage.remove("task-attachments", stored.key);
    throw err;
  }
  // A due date already past makes the new task overdue at once.
  await sweeper.sweep();
  announceNewTask(events, actor, { ...created, assignedTo: form.assignedTo });
  return presentTask((await readTaskRow(db, created.id)) as TaskRow, links, LINK_TTL.view, actor);
}
