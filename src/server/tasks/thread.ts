import { asc, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  type ExtensionRequestItem,
  type ProgressEntry,
  type ProgressEntryKind,
  TASK_MESSAGES,
  type TaskThread,
} from "../../shared/tasks";
import { type CurrentUser, displayNameOf } from "../../shared/users";
import { actorOf } from "../audit/changes";
import { recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { taskExtensionRequests, taskProgressEntries, tasks, user } from "../db/schema";
import type { EventBus } from "../events/bus";
import { AppError } from "../http/errors";
import { announceNotifications, type Notifier } from "../notifications/notify";
import { taskPolicy } from "./policy";
import type { TaskRow } from "./present";
import { readTaskRow, taskRows } from "./rows";

type Deps = { db: Db; events: EventBus; notifier: Notifier; clock: () => Date };

const author = alias(user, "author");
const requester = alias(user, "requester");
const decider = alias(user, "decider");
const holder = alias(user, "holder");

/** Adds one entry to a task's thread inside `tx`, the transaction of the update it records. */
export async function addProgressEntry(
  tx: Db,
  entry: {
    taskId: string;
    authorId: string;
    kind: ProgressEntryKind;
    body: string;
    fileName?: string;
    at: Date;
  },
): Promise<void> {
  await tx.insert(taskProgressEntries).values({
    taskId: entry.taskId,
    authorId: entry.authorId,
    kind: entry.kind,
    body: entry.body,
    fileName: entry.fileName ?? null,
    createdAt: entry.at,
  });
}

/** Extension requests with their task and people, for the thread and the admins' list. */
export function selectExtensionRequests(db: Db) {
  return db
    .select({
      request: taskExtensionRequests,
      taskSubject: tasks.subject,
      holder: { name: holder.name, email: holder.email, username: holder.username },
      requester: { name: requester.name, email: requester.email, username: requester.username },
      decider: { name: decider.name, email: decider.email, username: decider.username },
    })
    .from(taskExtensionRequests)
    .innerJoin(tasks, eq(tasks.id, taskExtensionRequests.taskId))
    .innerJoin(holder, eq(holder.id, tasks.assignedTo))
    .leftJoin(requester, eq(requester.id, taskExtensionRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, taskExtensionRequests.decidedBy));
}

type ExtensionRow = Awaited<
  ReturnType<ReturnType<typeof selectExtensionRequests>["execute"]>
>[number];

export function presentExtension(
  row: ExtensionRow,
  viewer: Pick<CurrentUser, "id" | "role">,
): ExtensionRequestItem {
  const { request } = row;
  return {
    id: request.id,
    taskId: request.taskId,
    taskSubject: row.taskSubject,
    assignedUserName: displayNameOf(row.holder),
    requestedByName: displayNameOf(row.requester ?? {}),
    previousDueDate: request.previousDueDate,
    requestedDueDate: request.requestedDueDate,
    reason: request.reason,
    status: request.status,
    decidedByName: request.decidedBy ? displayNameOf(row.decider ?? {}) : null,
    decidedAt: request.decidedAt?.toISOString() ?? null,
    decisionReason: request.decisionReason,
    createdAt: request.createdAt.toISOString(),
    canDecide: taskPolicy.canChange(viewer) && request.status === "pending",
  };
}

/** A task's progress thread: the assignee's updates and the admins' replies, oldest first. */
export function createThreadService({ db, events, notifier, clock }: Deps) {
  const { findReadable } = taskRows(db);

  return {
    async thread(actor: CurrentUser, id: string): Promise<TaskThread> {
      await findReadable(actor, id);
      const [entries, extensions] = await Promise.all([
        db
          .select({
            entry: taskProgressEntries,
            author: { name: author.name, email: author.email, username: author.username },
          })
          .from(taskProgressEntries)
          .leftJoin(author, eq(author.id, taskProgressEntries.authorId))
          .where(eq(taskProgressEntries.taskId, id))
          .orderBy(asc(taskProgressEntries.seq)),
        selectExtensionRequests(db)
          .where(eq(taskExtensionRequests.taskId, id))
          .orderBy(desc(taskExtensionRequests.createdAt)),
      ]);
      return {
        entries: entries.map(
          ({ entry, author: person }): ProgressEntry => ({
            id: entry.id,
            kind: entry.kind,
            body: entry.body,
            fileName: entry.fileName,
            authorId: entry.authorId,
            // Empty when the author's account is gone.
            authorName: displayNameOf(person ?? {}),
            createdAt: entry.createdAt.toISOString(),
          }),
        ),
        extensions: extensions.map((row) => presentExtension(row, actor)),
      };
    },

    /** An admin's reply (often a question): the assignee is told. */
    async reply(actor: CurrentUser, id: string, body: string): Promise<TaskThread> {
      const told = await db.transaction(async (tx) => {
        const row: TaskRow | undefined = await readTaskRow(tx, id, { lock: true });
        if (!row) throw new AppError("NOT_FOUND", TASK_MESSAGES.notFound);
        const at = clock();
        await addProgressEntry(tx, { taskId: id, authorId: actor.id, kind: "reply", body, at });
        await recordAudit(tx, at, [
          {
            actor: actorOf(actor),
            entity: "task",
            entityId: id,
            action: "replied",
            changes: { reply: { before: null, after: body } },
          },
        ]);
        const notified = await notifier.notify(tx, {
          kind: "task_reply",
          to: [row.task.assignedTo],
          entity: "task",
          entityId: id,
          values: { subject: row.task.subject, by: actor.displayName },
          actorId: actor.id,
        });
        return { notified, assignee: row.task.assignedTo, restricted: row.task.restricted };
      });
      events.emit({
        entity: "task",
        id,
        action: "updated",
        assignees: [told.assignee],
        restricted: told.restricted,
        actorId: actor.id,
      });
      announceNotifications(events, told.notified);
      return this.thread(actor, id);
    },
  };
}

export type ThreadService = ReturnType<typeof createThreadService>;
