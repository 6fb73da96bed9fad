import { Button, Table, Text } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { isLateStatus, TASK_MESSAGES, type TaskItem, type TaskPage } from "../../../shared/tasks";
import { ScrollTable } from "../../ui/scroll-table";
import { LoadFailedRow, SkeletonRows, TableMessageRow } from "../../ui/table-states";
import { TaskPager } from "./task-pager";
import classes from "./task-table.module.css";

/** What a cell may need beyond its task: the server's today, and when the page was fetched. */
export type TaskListContext = { today: string; fetchedAt: number };

export type TaskColumn = {
  header: string;
  render: (task: TaskItem, context: TaskListContext) => ReactNode;
  className?: string;
};

type TaskTableProps = {
  /** Names the table and the region it scrolls in, for assistive technology and tests. */
  label: string;
  columns: TaskColumn[];
  query: UseQueryResult<TaskPage>;
  emptyMessage: string;
  onPageChange: (page: number) => void;
};

// SPEC.md's "past due and not completed" rows are Over Due by the time a list shows them: the
// server sweeps before every read (shared/tasks.ts becomesOverdue), so the status says it all.
function rowClassName(task: TaskItem): string | undefined {
  return isLateStatus(task.status) ? classes.late : undefined;
}

/** A server-paged task list: sticky header, skeleton rows while loading, highlighted late rows. */
export function TaskTable({ label, columns, query, emptyMessage, onPageChange }: TaskTableProps) {
  const { data, isPending, isError, isPlaceholderData, dataUpdatedAt, refetch } = query;
  const context: TaskListContext = { today: data?.today ?? "", fetchedAt: dataUpdatedAt };

  const message = (content: ReactNode) => (
    <TableMessageRow colSpan={columns.length}>{content}</TableMessageRow>
  );

  let body: ReactNode;
  if (isPending) {
    body = <SkeletonRows columns={columns} />;
  } else if (isError && !data) {
    body = (
      <LoadFailedRow
        colSpan={columns.length}
        message={TASK_MESSAGES.fetchFailed}
        onRetry={() => void refetch()}
      />
    );
  } else if (data.tasks.length === 0 && data.total > 0) {
    // Rows were removed while a later page was open: that page has emptied.
    body = message(
      <Button variant="default" size="xs" onClick={() => onPageChange(1)}>
        Back to the First Page
      </Button>,
    );
  } else if (data.tasks.length === 0) {
    body = message(<Text c="dimmed">{emptyMessage}</Text>);
  } else {
    body = data.tasks.map((task) => (
      <Table.Tr key={task.id} className={rowClassName(task)}>
        {columns.map((column) => (
          <Table.Td key={column.header} className={column.className}>
            {column.render(task, context)}
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  }

  return (
    <>
      <ScrollTable
        label={label}
        headers={columns.map((column) => column.header)}
        busy={isPlaceholderData}
        loading={isPending}
        className={classes.scroll}
      >
        <Table.Tbody>{body}</Table.Tbody>
      </ScrollTable>
      {data && (
        <TaskPager
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={onPageChange}
        />
      )}
    </>
  );
}
