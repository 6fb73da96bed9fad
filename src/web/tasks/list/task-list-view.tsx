import { Group, Stack, Title } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { z } from "zod/mini";
import {
  TASK_FILTER_FIELDS,
  TASK_MESSAGES,
  type TaskItem,
  type TaskListState,
  taskListState,
} from "../../../shared/tasks";
import { ColumnsMenu } from "../../ui/list/columns-menu";
import { shownColumnsField, shownColumnsOf } from "../../ui/list/shown-columns";
import { useDialogTarget } from "../../ui/list/use-dialog-target";
import { useListState } from "../../ui/list/use-list-state";
import { TaskDetailsDialog } from "../details/task-details-dialog";
import { EditTaskDialog } from "../forms/edit-task-dialog";
import { useTasks } from "../task-queries";
import {
  BulkActionsBar,
  isTaskSelected,
  NO_SELECTION,
  type TaskSelection,
  toggleTask,
} from "./bulk-actions-bar";
import { FilteredStatCards } from "./stat-cards";
import {
  assignDateColumn,
  assignedToColumn,
  attachmentColumn,
  diaryNumberColumn,
  dueDateColumn,
  manageActionsColumn,
  markCompletedColumn,
  responseFileColumn,
  selectColumn,
  statusColumn,
  subjectColumn,
  viewDialogColumn,
  viewTaskLinkColumn,
} from "./task-columns";
import { TaskFilters } from "./task-filters";
import { type TaskColumn, TaskTable } from "./task-table";

/**
 * What a row offers: its detail page (an assignee reports progress there), the Task Details
 * dialog (read-only viewers), view/edit/delete (Manage Tasks) or Mark Completed.
 */
export type TaskRowAction = "open-page" | "view" | "manage" | "complete";

/** The columns a person may add to any task list (the Columns menu), each hidden until chosen. */
const OPTIONAL_COLUMNS = {
  diaryNo: diaryNumberColumn,
} satisfies Record<string, TaskColumn>;
const OPTIONAL_COLUMN_NAMES = Object.keys(OPTIONAL_COLUMNS) as (keyof typeof OPTIONAL_COLUMNS)[];
const COLUMN_CHOICES = OPTIONAL_COLUMN_NAMES.map((name) => ({
  name,
  label: OPTIONAL_COLUMNS[name].header,
}));

/**
 * A task list in the address bar: the list query's filters and page, and the optional columns
 * shown, which are this view's own (the server is not asked for them).
 */
const taskListViewState = z.extend(taskListState, {
  columns: shownColumnsField(OPTIONAL_COLUMN_NAMES),
});

type TaskListViewProps = {
  /** In the page's language. */
  title: string;
  /** Buttons beside the title; they get the list's filters (Print Tasks prints what is shown). */
  actions?: (filters: TaskListState) => ReactNode;
  /** The stat cards above the filters, each of whose Show sets the status filter. */
  withStatCards?: boolean;
  /** Admins and organization heads: the Assigned To column and the Assigned User filter. */
  withAssignedUser?: boolean;
  /** The Attachment and Response File columns. */
  withFiles?: boolean;
  rowAction: TaskRowAction;
  /** A catalog key. */
  emptyMessage?: string;
};

/**
 * A task list page: title and actions, stat cards, filters, the server-paged table and the
 * dialogs its rows open. The filters, page and chosen columns live in the address bar
 * (useListState), so a saved view keeps them all.
 */
export function TaskListView({
  title,
  actions,
  withStatCards = false,
  withAssignedUser = false,
  withFiles = false,
  rowAction,
  emptyMessage = TASK_MESSAGES.emptyList,
}: TaskListViewProps) {
  const list = useListState(taskListViewState, TASK_FILTER_FIELDS);
  const { columns: columnsValue, ...filters } = list.values;
  const shownColumns = shownColumnsOf(OPTIONAL_COLUMN_NAMES, columnsValue);
  const tasks = useTasks(filters);
  const viewing = useDialogTarget<TaskItem>();
  const editing = useDialogTarget<TaskItem>();
  // Manage Tasks (the list whose rows are managed) offers bulk actions on selected rows.
  const hasBulkActions = rowAction === "manage";
  const selection = useSelectionOf(JSON.stringify(filters));
  const pageIds = tasks.data?.tasks.map((task) => task.id) ?? [];

  const actionColumns: Record<TaskRowAction, TaskColumn> = {
    "open-page": viewTaskLinkColumn,
    view: viewDialogColumn(viewing.open),
    manage: manageActionsColumn(viewing.open, editing.open),
    complete: markCompletedColumn,
  };
  const columns: TaskColumn[] = [
    ...(hasBulkActions
      ? [
          selectColumn(
            (task) => isTaskSelected(selection.value, task.id),
            (task, isChecked) =>
              selection.change(toggleTask(selection.value, pageIds, task.id, isChecked)),
          ),
        ]
      : []),
    subjectColumn,
    ...shownColumns.map((name) => OPTIONAL_COLUMNS[name]),
    ...(withAssignedUser ? [assignedToColumn] : []),
    assignDateColumn,
    dueDateColumn,
    statusColumn,
    ...(withFiles ? [attachmentColumn, responseFileColumn] : []),
    actionColumns[rowAction],
  ];

  const heading = (
    <Title order={1} size="h2">
      {title}
    </Title>
  );

  return (
    <Stack gap="md">
      {actions ? (
        <Group justify="space-between" gap="sm">
          {heading}
          <Group gap="sm">{actions(filters)}</Group>
        </Group>
      ) : (
        heading
      )}
      {withStatCards && <FilteredStatCards filters={filters} onChange={list.change} />}
      <TaskFilters
        filters={filters}
        onChange={list.change}
        onClear={list.clear}
        withAssignedUser={withAssignedUser}
        columnsMenu={
          <ColumnsMenu
            columns={COLUMN_CHOICES}
            shown={shownColumns}
            // The same rows with other columns: the page stays.
            onChange={(shown) => list.change({ columns: shown.join(","), page: filters.page })}
          />
        }
      />
      {hasBulkActions && (
        <BulkActionsBar
          selection={selection.value}
          onChange={selection.change}
          page={tasks.data}
          filters={filters}
        />
      )}
      <TaskTable
        label="tasks:table.label"
        columns={columns}
        query={tasks}
        emptyMessage={emptyMessage}
        onPageChange={(page) => list.change({ page })}
      />
      {(rowAction === "view" || rowAction === "manage") && (
        <TaskDetailsDialog task={viewing.target} isOpen={viewing.isOpen} onClose={viewing.close} />
      )}
      {rowAction === "manage" && (
        <EditTaskDialog task={editing.target} isOpen={editing.isOpen} onClose={editing.close} />
      )}
    </Stack>
  );
}

/** The selected rows, forgotten whenever the filters or page (`listKey`) change. */
function useSelectionOf(listKey: string) {
  const [picked, setPicked] = useState({ listKey, selection: NO_SELECTION });
  return {
    value: picked.listKey === listKey ? picked.selection : NO_SELECTION,
    change: (selection: TaskSelection) => setPicked({ listKey, selection }),
  };
}
