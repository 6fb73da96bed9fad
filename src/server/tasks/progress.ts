import { and, eq } from "drizzle-orm";
import { LINK_TTL } from "../../shared/files";
import { PROGRESS_MESSAGES, TASK_MESSAGES } from "../../shared/tasks";
import type { CurrentUser } from "../../shared/users";
import { actorOf } from "../audit/changes";
import { recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { taskProgressFiles, tasks } from "../db/schema";
import type { EventBus } from "../events/bus";
import type { SignedLinks } from "../files/signed-links";
import { newObjectKey, type Storage } from "../files/storage";
import { checkUpload } from "../files/validate-upload";
import { AppError } from "../http/errors";
import { announceNotifications, type Notifier } from "../notifications/notify";
import { taskPolicy } from "./policy";
import { presentTask, type TaskRow } from "./present";
import { readersOf } from "./readers";
import { readTaskRow, taskRows } from "./rows";
import { addProgressEntry } from "./thread";

type Deps = {
  db: Db;
  storage: Storage;
  links: SignedLinks;
  events: EventBus;
  notifier: Notifier;
  clock: () => Date;
};

/** After a report has committed: the live event of the task's or its response file's change. */
function announceChange(
  events: EventBus,
  actor: CurrentUser,
  { task }: TaskRow,
  entity: "task" | "response_file",
  action: "created" | "updated" | "deleted",
) {
  events.emit({
    entity,
    id: task.id,
    action,
    assignees: [task.assignedTo],
    restricted: task.restricted,
    actorId: actor.id,
  });
}

/** The assignee's side of a task: remarks and the one response file. */
export function createProgressService({ db, storage, links, events, notifier, clock }: Deps) {
  const { findRow, findReadable } = taskRows(db);

  /** Readable, and the caller may report on it: organization heads get 403 for every write. */
  async function findReportable(actor: CurrentUser, id: string): Promise<TaskRow> {
    const row = await findReadable(actor, id);
    if (!taskPolicy.canReportProgress(actor, row.task)) {
      throw new AppError("FORBIDDEN", PROGRESS_MESSAGES.readOnly);
    }
    return row;
  }

  /** The task's creator hears of a report while they may read it (mails batched: notify.ts). */
  const reported = async (tx: Db, actor: CurrentUser, row: TaskRow) =>
    notifier.notify(tx, {
      kind: "task_progress",
      to: await readersOf(tx, [row.task.createdBy], row.task),
      entity: "task",
      entityId: row.task.id,
      values: { subject: row.task.subject, by: actor.displayName },
      actorId: actor.id,
    });

  const present = async (actor: CurrentUser, id: string) =>
    presentTask((await findRow(id)) as TaskRow, links, LINK_TTL.view, actor);

  return {
    async updateRemarks(actor: CurrentUser, id: string, remarks: string) {
      const row = await findReportable(actor, id);
      const told = await db.transaction(async (tx) => {
        const before = (await readTaskRow(tx, id, { lock: true })) ?? row;
        await tx.update(tasks).set({ remarks }).where(eq(tasks.id, id));
        const notified = await reported(tx, actor, row);
        const previous = before.task.remarks ?? "";
        const at = clock();
        // Each new report is an entry of the thread; sending the same words again (a file sent
        // with unchanged remarks) adds none.
        if (remarks.trim() && remarks !== previous)
          await addProgressEntry(tx, {
            taskId: id,
            authorId: actor.id,
            kind: "progress",
            body: remarks,
            at,
          });
        if (previous !== remarks)
          await recordAudit(tx, at, [
            {
              actor: actorOf(actor),
              entity: "task",
              entityId: id,
              action: "remarks_updated",
              changes: { remarks: { before: previous, after: remarks } },
            },
          ]);
        return notified;
      });
      announceChange(events, actor, row, "task", "updated");
      announceNotifications(events, told);
      return present(actor, id);
    },

    /**
     * Stores the file, then records it; the unique index on task_id makes a second file fail
     * even when two uploads race, and the loser's stored bytes are removed again.
     */
    async uploadResponseFile(actor: CurrentUser, id: string, file: File) {
      const row = await findReportable(actor, id);
      if (row.file) throw new AppError("CONFLICT", PROGRESS_MESSAGES.oneFileOnly);
      const checked = await checkUpload(file);
      const key = newObjectKey(actor.id, checked.extension);
      await storage.put("task-progress-files", key, checked.content);
      let told: string[];
      try {
        told = await db.transaction(async (tx) => {
          await tx.insert(taskProgressFiles).values({
            taskId: id,
            uploadedBy: actor.id,
            fileName: checked.fileName,
            filePath: key,
            fileType: checked.mimeType,
          });
          const notified = await reported(tx, actor, row);
          const at = clock();
          await addProgressEntry(tx, {
            taskId: id,
            authorId: actor.id,
            kind: "progress",
            body: "",
            fileName: checked.fileName,
            at,
          });
          await recordAudit(tx, at, [
            {
              actor: actorOf(actor),
              entity: "response_file",
              entityId: id,
              action: "uploaded",
              changes: { responseFile: { before: null, after: checked.fileName } },
            },
          ]);
          return notified;
        });
      } catch (err) {
        await storage.remove("task-progress-files", key);
        if (isUniqueViolation(err)) throw new AppError("CONFLICT", PROGRESS_MESSAGES.oneFileOnly);
        throw err;
      }
      announceChange(events, actor, row, "response_file", "created");
      announceNotifications(events, told);
      return present(actor, id);
    },

    /** The uploader or an admin removes the response file (row and stored bytes). */
    async deleteResponseFile(actor: CurrentUser, id: string) {
      const row = await findReportable(actor, id);
      if (!row.file) throw new AppError("NOT_FOUND", PROGRESS_MESSAGES.noFiles);
      if (!taskPolicy.canDeleteResponseFile(actor, row.file)) {
        throw new AppError("FORBIDDEN", PROGRESS_MESSAGES.deleteForbidden);
      }
      const file = row.file;
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(taskProgressFiles)
          .where(and(eq(taskProgressFiles.id, file.id), eq(taskProgressFiles.taskId, id)))
          .returning({ fileName: taskProgressFiles.fileName });
        if (deleted.length === 0) throw new AppError("NOT_FOUND", TASK_MESSAGES.notFound);
        await recordAudit(tx, clock(), [
          {
            actor: actorOf(actor),
            entity: "response_file",
            entityId: id,
            action: "deleted",
            changes: { responseFile: { before: deleted[0].fileName, after: null } },
          },
        ]);
      });
      await storage.remove("task-progress-files", file.filePath);
      announceChange(events, actor, row, "response_file", "deleted");
      return present(actor, id);
    },
  };
}

export type ProgressService = ReturnType<typeof createProgressService>;
