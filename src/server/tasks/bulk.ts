import { asc, inArray } from "drizzle-orm";
import {
  BULK_MAX_MATCHING,
  BULK_MESSAGES,
  type BulkAction,
  type BulkSelection,
  type BulkTaskFields,
} from "../../shared/bulk-tasks";
import { formatDisplayDate, todayIn } from "../../shared/dates";
import type { Language } from "../../shared/i18n/languages";
import { type Message, message } from "../../shared/i18n/message";
import { isLateStatus, TASK_MESSAGES } from "../../shared/tasks";
import type { CurrentUser } from "../../shared/users";
import { type AuditEvent, recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { tasks } from "../db/schema";
import type { EventBus } from "../events/bus";
import { AppError } from "../http/errors";
import { announceNotifications, type Notifier } from "../notifications/notify";
import { resolveTaskScope, scopeSql } from "./counts";
import type { OverdueSweeper } from "./overdue";
import type { TaskRow } from "./present";
import { taskRows } from "./rows";
import { assignableName, type TaskEdit, writeTaskEdit } from "./service";

type Deps = {
  db: Db;
  events: EventBus;
  sweeper: OverdueSweeper;
  notifier: Notifier;
  timeZone: string;
  clock: () => Date;
};

/** What a bulk action did, for its summary. */
export type BulkOutcome = { action: BulkAction; count: number; assigneeName: string };

/**
 * The selected tasks, locked for the rest of the transaction in id order (two bulk actions over
 * overlapping rows then queue instead of deadlocking). Every id must name a task; "all matching"
 * takes what Manage Tasks lists under the same filters, up to BULK_MAX_MATCHING.
 */
async function lockSelection(
  tx: Db,
  actor: CurrentUser,
  selection: BulkSelection,
  today: string,
): Promise<TaskRow[]> {
  const { selectRows } = taskRows(tx);
  if (selection.by === "ids") {
    const ids = [...new Set(selection.ids)];
    const rows = await selectRows()
      .where(inArray(tasks.id, ids))
      .orderBy(asc(tasks.id))
      .for("update", { of: tasks });
    if (rows.length < ids.length) throw new AppError("NOT_FOUND", BULK_MESSAGES.missing);
    return rows;
  }
  const rows = await selectRows()
    .where(scopeSql(await resolveTaskScope(tx, actor, selection.filter, today)))
    .orderBy(asc(tasks.id))
    .limit(BULK_MAX_MATCHING + 1)
    .for("update", { of: tasks });
  if (rows.length === 0) throw new AppError("VALIDATION", BULK_MESSAGES.noneMatching);
  if (rows.length > BULK_MAX_MATCHING)
    throw new AppError(
      "VALIDATION",
      message(BULK_MESSAGES.tooManyMatching, { max: BULK_MAX_MATCHING }),
    );
  return rows;
}

/**
 * Each task's change, once every row has passed the action's checks: one refusal (a completed
 * task to complete, a due date before a task's assign date) leaves every task as it was.
 */
function editsFor(action: BulkAction, rows: TaskRow[], today: string): Map<string, TaskEdit> {
  const edits = new Map<string, TaskEdit>();
  for (const { task } of rows) {
    switch (action.kind) {
      case "reassign":
        edits.set(task.id, { assignedTo: action.assignedTo });
        break;
      case "dueDate":
        if (action.dueDate < task.assignDate)
          throw new AppError(
            "VALIDATION",
            message(BULK_MESSAGES.dueBeforeAssign, { subject: task.subject }),
          );
        // As an approved extension does: a late task given a due date not yet past is in
        // progress again (the sweep after the commit makes it late again if it is not).
        edits.set(task.id, {
          dueDate: action.dueDate,
          ...(isLateStatus(task.status) && action.dueDate >= today
            ? { status: "in_progress" as const }
            : {}),
        });
        break;
      case "complete":
        // Single Mark Completed refuses a completed task; so does the whole selection.
        if (task.status === "completed")
          throw new AppError(
            "CONFLICT",
            message(BULK_MESSAGES.alreadyCompleted, { subject: task.subject }),
          );
        edits.set(task.id, { status: "completed" });
        break;
    }
  }
  return edits;
}

/** Bulk actions on Manage Tasks: one transaction per action, all of it or none of it. */
export function createBulkTaskService({ db, events, sweeper, notifier, timeZone, clock }: Deps) {
  return {
    async run(actor: CurrentUser, { selection, action }: BulkTaskFields): Promise<BulkOutcome> {
      const today = todayIn(timeZone, clock());
      // "All matching" reads statuses as the list shows them: swept for today.
      await sweeper.ensureSwept(today);
      const { changed, told, assigneeName } = await db.transaction(async (tx) => {
        const rows = await lockSelection(tx, actor, selection, today);
        let assigneeName = "";
        if (action.kind === "reassign") {
          assigneeName = (await assignableName(tx, action.assignedTo)) ?? "";
          if (!assigneeName) throw new AppError("VALIDATION", TASK_MESSAGES.invalidAssignee);
        }
        const edits = editsFor(action, rows, today);
        const audits: AuditEvent[] = [];
        const told: string[] = [];
        const changed: { id: string; assignees: string[]; restricted: boolean }[] = [];
        for (const row of rows) {
          const edit = edits.get(row.task.id) ?? {};
          const written = await writeTaskEdit(tx, { notifier, clock }, actor, row, edit, {
            today,
            assigneeName,
            dueDateReason: action.kind === "dueDate" ? action.reason : "",
            action: action.kind === "complete" ? "completed" : "updated",
          });
          told.push(...written.told);
          if (!written.audit) continue;
          audits.push(written.audit);
          changed.push({
            id: row.task.id,
            // The previous assignee hears of it too: the task leaves their list.
            assignees: [row.task.assignedTo, edit.assignedTo ?? row.task.assignedTo],
            restricted: row.task.restricted,
          });
        }
        await recordAudit(tx, clock(), audits);
        return { changed, told, assigneeName };
      });
      // A due date moved into the past makes its task overdue at once.
      if (action.kind === "dueDate") await sweeper.sweep();
      for (const { id, assignees, restricted } of changed)
        events.emit({
          entity: "task",
          id,
          action: "updated",
          assignees,
          restricted,
          actorId: actor.id,
        });
      announceNotifications(events, [...new Set(told)]);
      return { action, count: changed.length, assigneeName };
    },
  };
}

export type BulkTaskService = ReturnType<typeof createBulkTaskService>;

/** The summary toast: "38 tasks reassigned to Amina Qureshi". */
export function bulkSummary(
  { action, count, assigneeName }: BulkOutcome,
  language: Language,
): Message {
  switch (action.kind) {
    case "reassign":
      return message(BULK_MESSAGES.reassigned, { count, name: assigneeName });
    case "dueDate":
      return message(BULK_MESSAGES.dueDateChanged, {
        count,
        date: formatDisplayDate(action.dueDate, language),
      });
    case "complete":
      return message(BULK_MESSAGES.completed, { count });
  }
}
