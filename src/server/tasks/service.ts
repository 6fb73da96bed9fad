import { asc, desc, eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { AuditAction } from "../../shared/audit";
import { todayIn } from "../../shared/dates";
import { LINK_TTL } from "../../shared/files";
import {
  type CreateTaskFields,
  DUE_NEXT_COUNT,
  OPEN_STATUSES,
  TASK_MESSAGES,
  type TaskFilters,
  type TaskItem,
  type TaskPage,
  type TaskStats,
  THREAD_MESSAGES,
  type UpdateTaskFields,
} from "../../shared/tasks";
import { type CurrentUser, displayNameOf } from "../../shared/users";
import { actorOf, changedFields, createdFields, deletedFields, hasChanges } from "../audit/changes";
import { type AuditEvent, recordAudit } from "../audit/record";
import { assertOpenedOnCurrent } from "../audit/versions";
import type { Db } from "../db/client";
import { tasks, user } from "../db/schema";
import type { EventBus } from "../events/bus";
import { removeFilesAfterRetention } from "../files/retention";
import type { SignedLinks } from "../files/signed-links";
import { newObjectKey, type Storage } from "../files/storage";
import { type CheckedUpload, checkUpload } from "../files/validate-upload";
import { AppError } from "../http/errors";
import type { RemoveFilesPayload } from "../jobs/kinds";
import { announceNotifications, type Notice, type Notifier } from "../notifications/notify";
import { userPolicy } from "../users/policy";
import { TASK_AUDIT_KEYS, taskAuditState } from "./audit";
import {
  countByStatus,
  resolveTaskScope,
  scopeSql,
  type TaskScope,
  taskScope,
  totalOf,
  totalSql,
} from "./counts";
import type { OverdueSweeper } from "./overdue";
import { presentTask, type TaskRow } from "./present";
import { preparePage, readTaskRow, taskRows } from "./rows";
import { addProgressEntry } from "./thread";

/** List pages (scope, page and size) whose statement is kept built: pageStatement below. */
const PAGE_STATEMENTS = 1_000;

type Deps = {
  db: Db;
  storage: Storage;
  links: SignedLinks;
  events: EventBus;
  sweeper: OverdueSweeper;
  notifier: Notifier;
  timeZone: string;
  clock: () => Date;
};

/** A due date moves only with a reason (kept in the audit trail). */
function assertDueDateReason(
  stored: { dueDate: string },
  form: Pick<UpdateTaskFields, "dueDate" | "dueDateReason">,
) {
  if (form.dueDate !== stored.dueDate && !form.dueDateReason)
    throw new AppError("VALIDATION", THREAD_MESSAGES.dueDateReasonRequired);
}

type TaskBefore = Pick<TaskRow["task"], "subject" | "assignedTo" | "dueDate" | "status">;
type TaskAfter = Pick<UpdateTaskFields, "subject" | "assignedTo" | "dueDate" | "status">;

/**
 * What an admin's edit tells people: a new assignee gets the task and the previous one hears
 * where it went; otherwise the assignee hears of a moved due date and of completion. Edit Task,
 * Mark Completed and the bulk actions (bulk.ts) tell people through it, via writeTaskEdit.
 */
export function editNotices(
  id: string,
  before: TaskBefore,
  after: TaskAfter,
  newAssigneeName: string,
): Omit<Notice, "actorId">[] {
  const values = { subject: after.subject, dueDate: after.dueDate };
  if (after.assignedTo !== before.assignedTo) {
    return [
      { kind: "task_assigned", to: [after.assignedTo], entity: "task", entityId: id, values },
      {
        kind: "task_unassigned",
        to: [before.assignedTo],
        entity: "task",
        entityId: id,
        values: { subject: after.subject, by: newAssigneeName },
      },
    ];
  }
  const notices: Omit<Notice, "actorId">[] = [];
  if (after.dueDate !== before.dueDate)
    notices.push({
      kind: "task_due_date_changed",
      to: [after.assignedTo],
      entity: "task",
      entityId: id,
      values: { ...values, previousDueDate: before.dueDate },
    });
  if (after.status === "completed" && before.status !== "completed")
    notices.push({
      kind: "task_completed",
      to: [after.assignedTo],
      entity: "task",
      entityId: id,
      values,
    });
  return notices;
}

/**
 * The name notices and the trail give `userId`, when the account may be given tasks (a user or
 * an admin, approved); null when it may not. A task's assignee and a decision's owner alike.
 */
export async function assignableName(db: Db, userId: string): Promise<string | null> {
  const [person] = await db
    .select({
      role: user.role,
      pendingApproval: user.pendingApproval,
      name: user.name,
      email: user.email,
      username: user.username,
    })
    .from(user)
    .where(eq(user.id, userId));
  // A self-signed-up account awaiting approval is not yet part of the office.
  if (!person || person.pendingApproval || !userPolicy.canTakeTasks(person.role)) return null;
  return displayNameOf(person);
}

/** A task as the version check reads it (server/audit/versions.ts). */
function versioned(task: typeof tasks.$inferSelect) {
  return { entity: "task" as const, id: task.id, version: task.version, updatedAt: task.updatedAt };
}

/** A new task's fields as insertTask writes them; the attachment already stored. */
export type NewTask = Pick<
  CreateTaskFields,
  "subject" | "description" | "assignedTo" | "assignDate" | "dueDate" | "taskType"
> & { attachment?: { fileName: string; key: string } | null };

/** Who acts, as a task's writer needs them. */
type Actor = Pick<CurrentUser, "id" | "displayName">;

/** The columns an admin's change to a task sets; the dates they imply follow (writeTaskEdit). */
export type TaskEdit = Partial<
  Pick<
    typeof tasks.$inferInsert,
    | "subject"
    | "description"
    | "assignedTo"
    | "assignDate"
    | "dueDate"
    | "status"
    | "remarks"
    | "taskType"
    | "attachmentName"
    | "attachmentPath"
  >
>;

/**
 * One admin change to one task, in `tx` under the caller's lock on `before`: Edit Task, Mark
 * Completed and the bulk actions (bulk.ts) all write through it. A moved due date needs its
 * reason and keeps the task's first one; completion dates the task `today` (once). Sends the
 * notices editNotices names and answers who was told, with the audit record of the change (null
 * when nothing changed): the caller records it, a bulk action all of its tasks' in one go.
 */
export async function writeTaskEdit(
  tx: Db,
  { notifier }: Pick<Deps, "notifier">,
  actor: Actor,
  before: TaskRow,
  edit: TaskEdit,
  context: {
    today: string;
    /** The new assignee's name (assignableName) when the edit reassigns the task. */
    assigneeName: string;
    dueDateReason: string;
    action: Extract<AuditAction, "updated" | "completed">;
  },
): Promise<{ told: string[]; audit: AuditEvent | null }> {
  const id = before.task.id;
  const next = { ...before.task, ...edit };
  assertDueDateReason(before.task, { dueDate: next.dueDate, dueDateReason: context.dueDateReason });
  const movesDueDate = next.dueDate !== before.task.dueDate;
  const wasCompleted = before.task.status === "completed";
  const [task] = await tx
    .update(tasks)
    .set({
      ...edit,
      originalDueDate: movesDueDate
        ? (before.task.originalDueDate ?? before.task.dueDate)
        : before.task.originalDueDate,
      completionDate:
        next.status === "completed"
          ? wasCompleted
            ? before.task.completionDate
            : context.today
          : null,
    })
    .where(eq(tasks.id, id))
    .returning();
  const reassigned = task.assignedTo !== before.task.assignedTo;
  const told: string[] = [];
  for (const notice of editNotices(id, before.task, task, context.assigneeName))
    told.push(...(await notifier.notify(tx, { ...notice, actorId: actor.id })));
  const after = {
    task,
    assignee: reassigned ? { name: context.assigneeName } : before.assignee,
    file: before.file,
  };
  const changes = changedFields(taskAuditState(before), taskAuditState(after), TASK_AUDIT_KEYS);
  if (!hasChanges(changes)) return { told, audit: null };
  return {
    told,
    audit: {
      actor: actorOf(actor),
      entity: "task",
      entityId: id,
      action: context.action,
      changes,
      reason: movesDueDate ? context.dueDateReason : null,
    },
  };
}

/**
 * Writes a new task, its assignee's task_assigned notice and its "created" audit record in
 * `tx`, the caller's transaction: Create Task and a decision save (decisions/service.ts) create
 * tasks through this one path. Answers the task's id and who was told; once the transaction has
 * committed, the caller sweeps and calls announceNewTask.
 */
export async function insertTask(
  tx: Db,
  { notifier, clock }: Pick<Deps, "notifier" | "clock">,
  actor: Actor,
  fields: NewTask,
  assigneeName: string,
): Promise<{ id: string; told: string[] }> {
  const [task] = await tx
    .insert(tasks)
    .values({
      subject: fields.subject,
      description: fields.description,
      assignedTo: fields.assignedTo,
      createdBy: actor.id,
      assignDate: fields.assignDate,
      dueDate: fields.dueDate,
      status: "in_progress",
      taskType: fields.taskType,
      attachmentName: fields.attachment?.fileName ?? null,
      attachmentPath: fields.attachment?.key ?? null,
    })
    .returning();
  const told = await notifier.notify(tx, {
    kind: "task_assigned",
    to: [fields.assignedTo],
    entity: "task",
    entityId: task.id,
    values: { subject: fields.subject, dueDate: fields.dueDate },
    actorId: actor.id,
  });
  const state = taskAuditState({ task, assignee: { name: assigneeName }, file: null });
  await recordAudit(tx, clock(), [
    {
      actor: actorOf(actor),
      entity: "task",
      entityId: task.id,
      action: "created",
      changes: createdFields(state),
    },
  ]);
  return { id: task.id, told };
}

/** After insertTask's transaction has committed: the live event and the bell's news. */
export function announceNewTask(
  events: EventBus,
  actor: Pick<CurrentUser, "id">,
  task: { id: string; assignedTo: string; told: readonly string[] },
): void {
  const assignees = [task.assignedTo];
  events.emit({ entity: "task", id: task.id, action: "created", assignees, actorId: actor.id });
  announceNotifications(events, task.told);
}

export function createTaskService({
  db,
  storage,
  links,
  events,
  sweeper,
  notifier,
  timeZone,
  clock,
}: Deps) {
  const today = () => todayIn(timeZone, clock());
  const { selectRows, findRow, findReadable } = taskRows(db);

  // Building a page's SQL through drizzle was 15% of a task list request's time, and the same
  // page (the first, unfiltered) is read again and again. The statement follows from the scope
  // and the page alone, so a kept one reads exactly what a new one would.
  const pageStatements = new LRUCache<string, ReturnType<typeof preparePage>>({
    max: PAGE_STATEMENTS,
  });
  function pageStatement(scope: TaskScope, { page, pageSize }: TaskFilters) {
    const key = JSON.stringify([scope, page, pageSize]);
    let statement = pageStatements.get(key);
    if (!statement) {
      statement = preparePage(db, totalSql(scope), (query) =>
        query
          .where(scopeSql(scope))
          .orderBy(desc(tasks.createdAt), desc(tasks.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
      );
      pageStatements.set(key, statement);
    }
    return statement;
  }

  /** The assignee-to-be; answers their name as notices give it. */
  async function assertAssignable(userId: string): Promise<string> {
    const name = await assignableName(db, userId);
    if (name === null) throw new AppError("VALIDATION", TASK_MESSAGES.invalidAssignee);
    return name;
  }

  /** Stores an upload first; the caller removes it again if the database write fails. */
  async function storeAttachment(
    file: File | undefined,
    ownerId: string,
  ): Promise<(CheckedUpload & { key: string }) | null> {
    if (!file) return null;
    const checked = await checkUpload(file);
    const key = newObjectKey(ownerId, checked.extension);
    await storage.put("task-attachments", key, checked.content);
    return { ...checked, key };
  }

  return {
    today,

    async list(actor: CurrentUser, filters: TaskFilters): Promise<TaskPage> {
      const day = today();
      await sweeper.ensureSwept(day);
      const scope = await resolveTaskScope(db, actor, filters, day);
      const rows = await pageStatement(scope, filters).execute();
      // An empty page (past the end) carries no total; only then does it take a second query.
      const total = rows[0]?.total ?? totalOf(await countByStatus(db, scope));
      return {
        tasks: rows.map((row) => presentTask(row, links, LINK_TTL.list, actor)),
        total,
        page: filters.page,
        pageSize: filters.pageSize,
        today: day,
      };
    },

    /** The stat cards, from the per-status counts of the scope. */
    async stats(
      actor: CurrentUser,
      filters: Pick<
        TaskFilters,
        "assignedUser" | "assignDateFrom" | "assignDateTo" | "age" | "completedFrom"
      >,
    ): Promise<TaskStats> {
      const day = today();
      await sweeper.ensureSwept(day);
      const scope = await resolveTaskScope(db, actor, filters, day);
      const counts = await countByStatus(db, scope);
      return {
        total: totalOf(counts),
        completed: counts.completed,
        inProgress: counts.in_progress,
        delayed: counts.delayed,
        superDelayed: counts.super_delayed,
        overdue: counts.delayed + counts.super_delayed,
      };
    },

    /**
     * /dashboard's Due Next: the open tasks the caller sees (their own, or the department's),
     * the earliest due date first, so overdue ones lead.
     */
    async dueNext(actor: CurrentUser): Promise<TaskItem[]> {
      await sweeper.ensureSwept(today());
      const scope = { ...taskScope(actor, {}), statuses: OPEN_STATUSES };
      const rows = await selectRows()
        .where(scopeSql(scope))
        .orderBy(asc(tasks.dueDate), asc(tasks.createdAt), asc(tasks.id))
        .limit(DUE_NEXT_COUNT);
      return rows.map((row) => presentTask(row, links, LINK_TTL.list, actor));
    },

    async get(actor: CurrentUser, id: string) {
      await sweeper.ensureSwept(today());
      return presentTask(await findReadable(actor, id), links, LINK_TTL.view, actor);
    },

    async create(actor: CurrentUser, form: CreateTaskFields) {
      const assigneeName = await assertAssignable(form.assignedTo);
      const stored = await storeAttachment(form.attachment, form.assignedTo);
      let id: string;
      let told: string[];
      try {
        ({ id, told } = await db.transaction((tx) =>
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
        ));
      } catch (err) {
        if (stored) await storage.remove("task-attachments", stored.key);
        throw err;
      }
      // A due date already past makes the new task overdue at once.
      await sweeper.sweep();
      announceNewTask(events, actor, { id, assignedTo: form.assignedTo, told });
      return presentTask((await findRow(id)) as TaskRow, links, LINK_TTL.view, actor);
    },

    async update(actor: CurrentUser, id: string, form: UpdateTaskFields) {
      const existing = await findRow(id);
      if (!existing) throw new AppError("NOT_FOUND", TASK_MESSAGES.notFound);
      // First: a stale form's due date differs from the stored one without being moved.
      await assertOpenedOnCurrent(
        db,
        versioned(existing.task),
        form.version,
        TASK_MESSAGES,
        timeZone,
      );
      assertDueDateReason(existing.task, form);
      const reassigned = form.assignedTo !== existing.task.assignedTo;
      const newAssigneeName = reassigned ? await assertAssignable(form.assignedTo) : "";
      const stored = await storeAttachment(form.attachment, form.assignedTo);
      const dropOld = Boolean(stored) || form.removeAttachment;
      let told: string[] = [];
      try {
        told = await db.transaction(async (tx) => {
          const before = await readTaskRow(tx, id, { lock: true });
          if (!before) throw new AppError("NOT_FOUND", TASK_MESSAGES.notFound);
          await assertOpenedOnCurrent(
            tx,
            versioned(before.task),
            form.version,
            TASK_MESSAGES,
            timeZone,
          );
          const written = await writeTaskEdit(
            tx,
            { notifier },
            actor,
            before,
            {
              subject: form.subject,
              description: form.description,
              assignedTo: form.assignedTo,
              assignDate: form.assignDate,
              dueDate: form.dueDate,
              status: form.status,
              remarks: form.remarks,
              taskType: form.taskType,
              ...(dropOld
                ? { attachmentName: stored?.fileName ?? null, attachmentPath: stored?.key ?? null }
                : {}),
            },
            {
              today: today(),
              assigneeName: newAssigneeName,
              dueDateReason: form.dueDateReason,
              action: "updated",
            },
          );
          const at = clock();
          // An admin's new remarks are the latest word in the thread, as an assignee's are.
          if (form.remarks && form.remarks !== (before.task.remarks ?? ""))
            await addProgressEntry(tx, {
              taskId: id,
              authorId: actor.id,
              kind: "progress",
              body: form.remarks,
              at,
            });
          await recordAudit(tx, at, written.audit ? [written.audit] : []);
          return written.told;
        });
      } catch (err) {
        if (stored) await storage.remove("task-attachments", stored.key);
        throw err;
      }
      if (dropOld && existing.task.attachmentPath)
        await storage.remove("task-attachments", existing.task.attachmentPath);
      // Back to in progress with a due date already past is overdue at once.
      await sweeper.sweep();
      // The previous assignee hears of it too: the task leaves their list.
      const assignees = [existing.task.assignedTo, form.assignedTo];
      events.emit({ entity: "task", id, action: "updated", assignees, actorId: actor.id });
      announceNotifications(events, told);
      return presentTask((await findRow(id)) as TaskRow, links, LINK_TTL.view, actor);
    },

    /** Mark Completed: once only; completion_date becomes today. */
    async complete(actor: CurrentUser, id: string) {
      const [before, told] = await db.transaction(async (tx) => {
        const row = await readTaskRow(tx, id, { lock: true });
        if (!row) throw new AppError("NOT_FOUND", TASK_MESSAGES.notFound);
        if (row.task.status === "completed")
          throw new AppError("CONFLICT", TASK_MESSAGES.alreadyCompleted);
        const written = await writeTaskEdit(
          tx,
          { notifier },
          actor,
          row,
          { status: "completed" },
          { today: today(), assigneeName: "", dueDateReason: "", action: "completed" },
        );
        await recordAudit(tx, clock(), written.audit ? [written.audit] : []);
        return [row, written.told] as const;
      });
      const assignees = [before.task.assignedTo];
      events.emit({ entity: "task", id, action: "updated", assignees, actorId: actor.id });
      announceNotifications(events, told);
      return presentTask((await findRow(id)) as TaskRow, links, LINK_TTL.view, actor);
    },

    /**
     * Deletes the task and its response file row; its stored files stay for the office's
     * retention period, then the job runner removes them.
     */
    async remove(actor: CurrentUser, id: string) {
      const existing = await db.transaction(async (tx) => {
        const row = await readTaskRow(tx, id, { lock: true });
        if (!row) throw new AppError("NOT_FOUND", TASK_MESSAGES.notFound);
        await tx.delete(tasks).where(eq(tasks.id, id));
        const files: RemoveFilesPayload["files"] = [];
        if (row.task.attachmentPath)
          files.push({ bucket: "task-attachments", key: row.task.attachmentPath });
        if (row.file) files.push({ bucket: "task-progress-files", key: row.file.filePath });
        await removeFilesAfterRetention(tx, files, clock());
        await recordAudit(tx, clock(), [
          {
            actor: actorOf(actor),
            entity: "task",
            entityId: id,
            action: "deleted",
            changes: deletedFields(taskAuditState(row)),
          },
        ]);
        return row;
      });
      const assignees = [existing.task.assignedTo];
      events.emit({ entity: "task", id, action: "deleted", assignees, actorId: actor.id });
    },
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
