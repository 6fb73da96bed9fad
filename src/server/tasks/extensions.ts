import { and, asc, count, desc, eq } from "drizzle-orm";
import type { AuditChanges } from "../../shared/audit";
import { todayIn } from "../../shared/dates";
import type { NotificationValues } from "../../shared/notifications";
import {
  type ExtensionRequestFields,
  type ExtensionRequestList,
  type ExtensionStatus,
  isLateStatus,
  TASK_MESSAGES,
  type TaskStatus,
  THREAD_MESSAGES,
} from "../../shared/tasks";
import type { CurrentUser } from "../../shared/users";
import { actorOf } from "../audit/changes";
import { recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { taskExtensionRequests, tasks, user } from "../db/schema";
import type { EventBus } from "../events/bus";
import { AppError } from "../http/errors";
import { announceNotifications, type Notifier } from "../notifications/notify";
import type { OverdueSweeper } from "./overdue";
import { taskPolicy } from "./policy";
import type { TaskRow } from "./present";
import { readTaskRow } from "./rows";
import { presentExtension, selectExtensionRequests } from "./thread";

type Deps = {
  db: Db;
  events: EventBus;
  notifier: Notifier;
  sweeper: OverdueSweeper;
  timeZone: string;
  clock: () => Date;
};

/** The most requests one answer lists; pending ones are few, answered ones are history. */
const LIST_LIMIT = 500;

/**
 * Extension requests: the assignee asks for a later due date with a reason; an admin approves
 * (the due date moves, the first one is kept as the task's original) or declines with a reason.
 */
export function createExtensionService({ db, events, notifier, sweeper, timeZone, clock }: Deps) {
  const today = () => todayIn(timeZone, clock());

  /** Who hears of a request: the task's creator, or every admin once that account is gone. */
  async function deciders(tx: Db, createdBy: string | null): Promise<string[]> {
    if (createdBy) return [createdBy];
    const admins = await tx.select({ id: user.id }).from(user).where(eq(user.role, "admin"));
    return admins.map((admin) => admin.id);
  }

  /** The pending request `id`, locked with its task for the rest of the transaction. */
  async function lockPending(tx: Db, id: string) {
    const [request] = await tx
      .select()
      .from(taskExtensionRequests)
      .where(eq(taskExtensionRequests.id, id))
      .for("update");
    if (!request) throw new AppError("NOT_FOUND", THREAD_MESSAGES.notFound);
    if (request.status !== "pending") throw new AppError("CONFLICT", THREAD_MESSAGES.notPending);
    const row = await readTaskRow(tx, request.taskId, { lock: true });
    if (!row) throw new AppError("NOT_FOUND", TASK_MESSAGES.notFound);
    return { request, row };
  }

  /**
   * The answer's common part, in `tx`: the request marked answered, its audit record, and the
   * assignee told. Answers who was told, for the announcement after the commit.
   */
  async function answer(
    tx: Db,
    actor: CurrentUser,
    id: string,
    task: TaskRow["task"],
    outcome: {
      status: Exclude<ExtensionStatus, "pending">;
      decisionReason: string | null;
      changes: AuditChanges;
      auditReason: string;
      values: NotificationValues;
    },
  ): Promise<string[]> {
    await tx
      .update(taskExtensionRequests)
      .set({
        status: outcome.status,
        decidedBy: actor.id,
        decidedAt: clock(),
        decisionReason: outcome.decisionReason,
      })
      .where(eq(taskExtensionRequests.id, id));
    await recordAudit(tx, clock(), [
      {
        actor: actorOf(actor),
        entity: "task",
        entityId: task.id,
        action: outcome.status === "approved" ? "extension_approved" : "extension_declined",
        changes: outcome.changes,
        reason: outcome.auditReason,
      },
    ]);
    return notifier.notify(tx, {
      kind: outcome.status === "approved" ? "extension_approved" : "extension_declined",
      to: [task.assignedTo],
      entity: "task",
      entityId: task.id,
      values: { subject: task.subject, ...outcome.values },
      actorId: actor.id,
    });
  }

  function announce(actor: CurrentUser, taskId: string, assignee: string, told: string[]) {
    events.emit({
      entity: "task",
      id: taskId,
      action: "updated",
      assignees: [assignee],
      actorId: actor.id,
    });
    announceNotifications(events, told);
  }

  return {
    async request(actor: CurrentUser, taskId: string, input: ExtensionRequestFields) {
      let told: string[];
      try {
        told = await db.transaction(async (tx) => {
          const row = await readTaskRow(tx, taskId, { lock: true });
          if (!row || !taskPolicy.canRead(actor, row.task))
            throw new AppError("NOT_FOUND", TASK_MESSAGES.notFound);
          if (row.task.assignedTo !== actor.id || actor.role !== "user")
            throw new AppError("FORBIDDEN", THREAD_MESSAGES.notAssignee);
          if (row.task.status === "completed")
            throw new AppError("VALIDATION", THREAD_MESSAGES.completed);
          if (input.dueDate <= row.task.dueDate)
            throw new AppError("VALIDATION", THREAD_MESSAGES.notLater);
          const [pending] = await tx
            .select({ id: taskExtensionRequests.id })
            .from(taskExtensionRequests)
            .where(
              and(
                eq(taskExtensionRequests.taskId, taskId),
                eq(taskExtensionRequests.status, "pending"),
              ),
            );
          if (pending) throw new AppError("VALIDATION", THREAD_MESSAGES.alreadyPending);
          const at = clock();
          await tx.insert(taskExtensionRequests).values({
            taskId,
            requestedBy: actor.id,
            previousDueDate: row.task.dueDate,
            requestedDueDate: input.dueDate,
            reason: input.reason,
            createdAt: at,
          });
          await recordAudit(tx, at, [
            {
              actor: actorOf(actor),
              entity: "task",
              entityId: taskId,
              action: "extension_requested",
              changes: { requestedDueDate: { before: row.task.dueDate, after: input.dueDate } },
              reason: input.reason,
            },
          ]);
          return notifier.notify(tx, {
            kind: "extension_requested",
            to: await deciders(tx, row.task.createdBy),
            entity: "task",
            entityId: taskId,
            values: {
              subject: row.task.subject,
              by: actor.displayName,
              previousDueDate: row.task.dueDate,
              dueDate: input.dueDate,
              reason: input.reason,
            },
            actorId: actor.id,
          });
        });
      } catch (err) {
        // Two requests racing past the check above: the partial unique index keeps one.
        if (isUniqueViolation(err))
          throw new AppError("VALIDATION", THREAD_MESSAGES.alreadyPending);
        throw err;
      }
      announce(actor, taskId, actor.id, told);
    },

    /** Admins and organization heads: pending requests oldest first, answered ones newest first. */
    async list(actor: CurrentUser, status: ExtensionStatus): Promise<ExtensionRequestList> {
      const order =
        status === "pending"
          ? asc(taskExtensionRequests.createdAt)
          : desc(taskExtensionRequests.decidedAt);
      const [rows, [pending]] = await Promise.all([
        selectExtensionRequests(db)
          .where(eq(taskExtensionRequests.status, status))
          .orderBy(order, asc(taskExtensionRequests.id))
          .limit(LIST_LIMIT),
        db
          .select({ total: count() })
          .from(taskExtensionRequests)
          .where(eq(taskExtensionRequests.status, "pending")),
      ]);
      return { requests: rows.map((row) => presentExtension(row, actor)), pending: pending.total };
    },

    /**
     * The due date moves to the one asked for; the task's first due date is kept. A late task
     * whose new due date is not yet past is in progress again.
     */
    async approve(actor: CurrentUser, id: string) {
      const day = today();
      const result = await db.transaction(async (tx) => {
        const { request, row } = await lockPending(tx, id);
        const { task } = row;
        if (task.status === "completed")
          throw new AppError("VALIDATION", THREAD_MESSAGES.completed);
        const status: TaskStatus =
          isLateStatus(task.status) && request.requestedDueDate >= day
            ? "in_progress"
            : task.status;
        await tx
          .update(tasks)
          .set({
            dueDate: request.requestedDueDate,
            originalDueDate: task.originalDueDate ?? task.dueDate,
            status,
          })
          .where(eq(tasks.id, task.id));
        const notified = await answer(tx, actor, id, task, {
          status: "approved",
          decisionReason: null,
          changes: {
            dueDate: { before: task.dueDate, after: request.requestedDueDate },
            ...(status !== task.status ? { status: { before: task.status, after: status } } : {}),
          },
          // The request's own reason is why the due date moved.
          auditReason: request.reason,
          values: { dueDate: request.requestedDueDate },
        });
        return { taskId: task.id, assignee: task.assignedTo, notified };
      });
      // Approved after midnight passed a date the request named: late again at once.
      await sweeper.sweep();
      announce(actor, result.taskId, result.assignee, result.notified);
    },

    async decline(actor: CurrentUser, id: string, reason: string) {
      const result = await db.transaction(async (tx) => {
        const { request, row } = await lockPending(tx, id);
        const { task } = row;
        const notified = await answer(tx, actor, id, task, {
          status: "declined",
          decisionReason: reason,
          changes: {
            requestedDueDate: { before: task.dueDate, after: request.requestedDueDate },
          },
          auditReason: reason,
          values: { reason },
        });
        return { taskId: task.id, assignee: task.assignedTo, notified };
      });
      announce(actor, result.taskId, result.assignee, result.notified);
    },
  };
}

export type ExtensionService = ReturnType<typeof createExtensionService>;
