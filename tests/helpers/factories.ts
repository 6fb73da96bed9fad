import type { Db } from "../../src/server/db/client";
import { tasks } from "../../src/server/db/schema";
import type { OverdueSweeper } from "../../src/server/tasks/overdue";
import type { TaskItem } from "../../src/shared/tasks";
import type { TestApp } from "./app";

/** A task row written straight to the database, for tests of other features. */
export async function makeTask(
  db: Db,
  fields: { assignedTo: string; createdBy?: string; subject?: string; dueDate?: string },
) {
  const [task] = await db
    .insert(tasks)
    .values({
      subject: fields.subject ?? "Prepare the budget note",
      assignedTo: fields.assignedTo,
      createdBy: fields.createdBy,
      assignDate: "2026-11-01",
      dueDate: fields.dueDate ?? "2026-12-01",
    })
    .returning();
  return task;
}

/** A multipart body of these fields, as the task forms send it; undefined fields are left out. */
export function formOf(fields: Record<string, string | File | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) form.append(key, value);
  return form;
}

/**
 * A task's current `version` as Edit Task sends it back (PATCH /api/tasks/:id's `version`
 * field), read through GET /api/tasks/:id as `cookie` (an administrator's reads any task)
 * right before the edit, so whatever moved it before (a completion, a sweep) is counted.
 */
export async function taskVersion(t: TestApp, cookie: string, id: string): Promise<string> {
  const res = await t.request(`/api/tasks/${id}`, { cookie });
  if (res.status !== 200) throw new Error(`reading task ${id}: ${res.status} ${await res.text()}`);
  return String(((await res.json()) as TaskItem).version);
}

/** A sweeper with nothing to do: for services timed or compared apart from the overdue sweep. */
export const idleSweeper: OverdueSweeper = { sweep: async () => {}, ensureSwept: async () => {} };
