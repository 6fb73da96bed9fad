import { type Column, eq, getTableColumns, type SQL } from "drizzle-orm";
import { alias, type PreparedQueryConfig } from "drizzle-orm/pg-core";
import { TASK_MESSAGES } from "../../shared/tasks";
import type { CurrentUser } from "../../shared/users";
import { hasHandled } from "../custody/holdings";
import type { Db } from "../db/client";
import { receipts, taskProgressFiles, tasks, user } from "../db/schema";
import { AppError } from "../http/errors";
import { taskPolicy } from "./policy";
import type { TaskRow } from "./present";

const assignee = alias(user, "assignee");

const rowColumns = {
  task: tasks,
  assignee: {
    name: assignee.name,
    email: assignee.email,
    username: assignee.username,
    nameShared: assignee.nameShared,
  },
  file: {
    id: taskProgressFiles.id,
    fileName: taskProgressFiles.fileName,
    filePath: taskProgressFiles.filePath,
    fileType: taskProgressFiles.fileType,
    uploadedBy: taskProgressFiles.uploadedBy,
  },
  receipt: {
    id: receipts.id,
    diaryNumber: receipts.diaryNumber,
    classification: receipts.classification,
    markedTo: receipts.markedTo,
  },
};

/** Task ids are UUIDs; anything else cannot name a task (and must not reach a uuid column). */
export function isTaskId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

/**
 * `extra` adds computed columns to each row (e.g. a page's total). A task has at most one
 * response file and one receipt (unique on task_id): each left join reads that index per row.
 */
function selectRowsIn<Extra extends Record<string, SQL.Aliased | SQL>>(db: Db, extra?: Extra) {
  return db
    .select({ ...rowColumns, ...(extra as Extra) })
    .from(tasks)
    .innerJoin(assignee, eq(assignee.id, tasks.assignedTo))
    .leftJoin(taskProgressFiles, eq(taskProgressFiles.taskId, tasks.id))
    .leftJoin(receipts, eq(receipts.taskId, tasks.id));
}

function selectPage(db: Db, total: SQL<number>) {
  return selectRowsIn(db, { total }).$dynamic();
}

/** A page of the list: selectRowsIn's columns narrowed, ordered and cut by the caller. */
export type PageQuery = ReturnType<typeof selectPage>;

/** A page's TaskRows, each with the total of the list it is a page of. */
export type PageRow = TaskRow & { total: number };

// The columns of selectRowsIn in the order drizzle selects them: a selection's keys in order,
// a table's columns in order. Each is decoded by its own column, as drizzle decodes it.
const TASK_COLUMNS: [string, Column][] = Object.entries(getTableColumns(tasks));
const ASSIGNEE_COLUMNS: [string, Column][] = Object.entries(rowColumns.assignee);
const FILE_COLUMNS: [string, Column][] = Object.entries(rowColumns.file);
const RECEIPT_COLUMNS: [string, Column][] = Object.entries(rowColumns.receipt);
const ASSIGNEE_START = TASK_COLUMNS.length;
const FILE_START = ASSIGNEE_START + ASSIGNEE_COLUMNS.length;
const RECEIPT_START = FILE_START + FILE_COLUMNS.length;
const TOTAL_AT = RECEIPT_START + RECEIPT_COLUMNS.length;

function decodeColumns<Values>(columns: [string, Column][], row: unknown[], start: number): Values {
  const values: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) {
    const [key, column] = columns[i];
    const value = row[start + i];
    values[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  return values as Values;
}

function pageRow(row: unknown[]): PageRow {
  return {
    task: decodeColumns(TASK_COLUMNS, row, 0),
    assignee: decodeColumns(ASSIGNEE_COLUMNS, row, ASSIGNEE_START),
    // The left join found no file: drizzle too decides it on the join's first column, the id.
    file: row[FILE_START] === null ? null : decodeColumns(FILE_COLUMNS, row, FILE_START),
    receipt:
      row[RECEIPT_START] === null ? null : decodeColumns(RECEIPT_COLUMNS, row, RECEIPT_START),
    total: Number(row[TOTAL_AT]),
  };
}

/**
 * A list page's statement, built once to be run again and again: `page` narrows, orders and
 * cuts selectRowsIn's rows, `total` counts the whole list. Its rows are mapped here by
 * position, as drizzle's own mapping would give them: that mapping looks at every value of
 * every row afresh (which kind of field, which path, which table) and was a fifth of a task
 * list request's time.
 */
export function preparePage(db: Db, total: SQL<number>, page: (query: PageQuery) => PageQuery) {
  return db._.session.prepareQuery<PreparedQueryConfig & { execute: PageRow[] }>(
    page(selectPage(db, total)).toSQL(),
    undefined,
    // No name: an unnamed statement, as any other query. A named one would stay prepared in
    // every connection for each page ever read.
    undefined,
    true,
    (rows) => rows.map(pageRow),
  );
}

/**
 * One task as presentTask wants it, read in `tx`; `lock` holds the task row until the
 * transaction ends, so a change and its audit record see the state it replaces.
 */
export async function readTaskRow(
  tx: Db,
  id: string,
  options: { lock?: boolean } = {},
): Promise<TaskRow | undefined> {
  if (!isTaskId(id)) return undefined;
  const query = selectRowsIn(tx).where(eq(tasks.id, id));
  const [row] = await (options.lock ? query.for("update", { of: tasks }) : query);
  return row;
}

/** Reading tasks with their assignee, response file and receipt, as presentTask wants them. */
export function taskRows(db: Db) {
  function selectRows<Extra extends Record<string, SQL.Aliased | SQL>>(extra?: Extra) {
    return selectRowsIn(db, extra);
  }

  const findRow = (id: string) => readTaskRow(db, id);

  /** Another user's task is "not found", so ids reveal nothing. */
  /** The task if `actor` may read it: taskPolicy.canRead, or they held or marked it before. */
  async function findReadable(actor: CurrentUser, id: string): Promise<TaskRow> {
    const row = await findRow(id);
    if (!row) throw new AppError("NOT_FOUND", TASK_MESSAGES.notFound);
    if (!taskPolicy.canRead(actor, row.task) && !(await hasHandled(db, id, actor.id)))
      throw new AppError("NOT_FOUND", TASK_MESSAGES.notFound);
    return row;
  }

  return { selectRows, findRow, findReadable };
}
