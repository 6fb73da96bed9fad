import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { TaskExportFilters } from "../../shared/exports";
import { TASK_STATUS_LABELS, TASK_TYPE_LABELS } from "../../shared/tasks";
import { type CurrentUser, displayNameOf } from "../../shared/users";
import { dakActor } from "../dak/policy";
import type { Db } from "../db/client";
import { receipts, tasks, user } from "../db/schema";
import { type CarriedReceipt, carriedReceiptFor } from "../tasks/carried-receipt";
import { resolveTaskScope, scopeSql } from "../tasks/counts";
import { EXPORT_PAGE_SIZE, paged, type SheetOf } from "./xlsx";

const assignee = alias(user, "assignee");

/** Manage Tasks (and the head's task list) as a sheet: the list's scope, filters and order. */
export async function taskSheet(
  db: Db,
  actor: CurrentUser,
  query: TaskExportFilters,
  day: string,
): Promise<SheetOf<TaskLine>> {
  const { ids, ...filters } = query;
  const scope = await resolveTaskScope(db, actor, filters, day);
  const where = and(scopeSql(scope), ids ? inArray(tasks.id, ids) : undefined);
  const reader = dakActor(actor);
  return {
    name: "common:page.manageTasks",
    columns: [
      ...TASK_COLUMNS,
      {
        heading: "dak:field.diaryNumber",
        type: "text",
        width: 22,
        // As on the list: only a number the reader may read (tasks/carried-receipt.ts).
        value: (row) => carriedReceiptFor(reader, row, row.receipt)?.diaryNumber ?? null,
      },
    ],
    // Every task may be 100,000 rows: each page starts after the last, in the list's order.
    rows: paged(EXPORT_PAGE_SIZE, (_offset, last) =>
      db
        .select({
          id: tasks.id,
          subject: tasks.subject,
          description: tasks.description,
          taskType: tasks.taskType,
          assignDate: tasks.assignDate,
          dueDate: tasks.dueDate,
          status: tasks.status,
          completionDate: tasks.completionDate,
          remarks: tasks.remarks,
          assignedTo: tasks.assignedTo,
          receipt: {
            id: receipts.id,
            diaryNumber: receipts.diaryNumber,
            classification: receipts.classification,
            markedTo: receipts.markedTo,
          },
          assignee: {
            name: assignee.name,
            email: assignee.email,
            username: assignee.username,
            nameShared: assignee.nameShared,
          },
        })
        .from(tasks)
        .innerJoin(assignee, eq(assignee.id, tasks.assignedTo))
        .leftJoin(receipts, eq(receipts.taskId, tasks.id))
        .where(and(where, last && afterTask(last.id)))
        .orderBy(desc(tasks.createdAt), desc(tasks.id))
        .limit(EXPORT_PAGE_SIZE),
    ),
  };
}

/**
 * The tasks after `id` in the list's order (newest first). The key is read from the row itself:
 * a JavaScript Date would drop the timestamp's microseconds and skip or repeat rows.
 */
function afterTask(id: string) {
  return sql`(${tasks.createdAt}, ${tasks.id}) < (select t.created_at, t.id from ${tasks} t where t.id = ${id})`;
}

type TaskLine = Pick<
  typeof tasks.$inferSelect,
  | "id"
  | "subject"
  | "description"
  | "taskType"
  | "assignDate"
  | "dueDate"
  | "status"
  | "completionDate"
  | "remarks"
  | "assignedTo"
> & {
  assignee: { name: string; email: string; username: string | null; nameShared: boolean };
  receipt: CarriedReceipt | null;
};

const TASK_COLUMNS: SheetOf<TaskLine>["columns"] = [
  { heading: "tasks:field.subject", type: "text", width: 48, value: (row) => row.subject },
  {
    heading: "tasks:field.assignedUser",
    type: "text",
    width: 28,
    value: (row) => displayNameOf(row.assignee),
  },
  {
    heading: "tasks:field.taskType",
    type: "label",
    width: 12,
    value: (row) => TASK_TYPE_LABELS[row.taskType],
  },
  { heading: "tasks:field.assignDate", type: "date", width: 14, value: (row) => row.assignDate },
  { heading: "tasks:field.dueDate", type: "date", width: 14, value: (row) => row.dueDate },
  {
    heading: "tasks:field.status",
    type: "label",
    width: 16,
    value: (row) => TASK_STATUS_LABELS[row.status],
  },
  {
    heading: "tasks:field.completionDate",
    type: "date",
    width: 16,
    value: (row) => row.completionDate,
  },
  { heading: "tasks:field.remarks", type: "text", width: 40, value: (row) => row.remarks },
  {
    heading: "tasks:field.description",
    type: "text",
    width: 48,
    value: (row) => row.description,
  },
];
