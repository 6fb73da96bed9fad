import type { UseQueryResult } from "@tanstack/react-query";
import { isLateStatus, TASK_MESSAGES, type TaskItem, type TaskPage } from "../../../shared/tasks";
import { type Column, DataTable } from "../../ui/list/data-table";
import { BackToFirstPage, Pager } from "../../ui/list/pager";
import { useDisplayDate } from "../../ui/use-display-date";
import classes from "./task-table.module.css";

/**
 * What a cell may need beyond its task: the server's today, when the page was fetched, and
 * dates in the page's language (columns are made outside any component, so they cannot ask).
 */
export type TaskListContext = {
  today: string;
  fetchedAt: number;
  displayDate: (isoDate: string) => string;
};

export type TaskColumn = Column<TaskItem, TaskListContext>;

type TaskTableProps = {
  /** Names the table and the region it scrolls in, for assistive technology and tests. */
  label: string;
  columns: TaskColumn[];
  query: UseQueryResult<TaskPage>;
  /** A catalog key, or text already in the page's language. */
  emptyMessage: string;
  onPageChange: (page: number) => void;
};

// SPEC.md's "past due and not completed" rows are Over Due by the time a list shows them: the
// server sweeps before every read (shared/tasks.ts becomesOverdue), so the status says it all.
function rowClassName(task: TaskItem): string | undefined {
  return isLateStatus(task.status) ? classes.late : undefined;
}

/** A server-paged task list: highlighted late rows, cards on a phone, the pages below. */
export function TaskTable({ label, columns, query, emptyMessage, onPageChange }: TaskTableProps) {
  const { data, isError, isPlaceholderData, dataUpdatedAt, refetch } = query;
  const displayDate = useDisplayDate();
  const context: TaskListContext = {
    today: data?.today ?? "",
    fetchedAt: dataUpdatedAt,
    displayDate,
  };

  return (
    <>
      <DataTable
        label={label}
        columns={columns.map((column) => ({
          ...column,
          render: (task: TaskItem) => column.render(task, context),
        }))}
        rows={data?.tasks}
        rowKey={(task) => task.id}
        rowClassName={rowClassName}
        isStale={isPlaceholderData}
        failure={
          isError && !data
            ? { message: TASK_MESSAGES.fetchFailed, onRetry: () => void refetch() }
            : null
        }
        empty={
          data && data.total > 0 ? <BackToFirstPage onPageChange={onPageChange} /> : emptyMessage
        }
        asCards
        // Manage Tasks' selection boxes and two file columns fit beside the sidebar on a laptop.
        wrapHeaders
        className={classes.scroll}
      />
      {data && (
        <Pager
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={onPageChange}
        />
      )}
    </>
  );
}
