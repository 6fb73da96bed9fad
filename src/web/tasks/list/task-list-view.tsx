import { Group, Stack, Title } from "@mantine/core";
import { type ReactNode, useState } from "react";
import {
  TASK_FILTER_FIELDS,
  TASK_MESSAGES,
  type TaskItem,
  type TaskListState,
  taskListState,
} from "../../../shared/tasks";
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
 * dialogs its rows open. The filters and page live in the address bar (useListState).
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
  const list = useListState(taskListState, TASK_FILTER_FIELDS);
  const tasks = useTasks(list.values);
  const viewing = useDialogTarget<TaskItem>();
  const editing = useDialogTarget<TaskItem>();
  // Manage Tasks (the list whose rows are managed) offers bulk actions on selected rows.
  const hasBulkActions = rowAction === "manage";
  const selection = useSelectionOf(JSON.stringify(list.values));
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
          <Group gap="sm">{actions(list.values)}</Group>
        </Group>
      ) : (
        heading
      )}
      {withStatCards && <FilteredStatCards filters={list.values} onChange={list.change} />}
      <TaskFilters
        filters={list.values}
        onChange={list.change}
        onClear={list.clear}
        withAssignedUser={withAssignedUser}
      />
      {hasBulkActions && (
        <BulkActionsBar
          selection={selection.value}
          onChange={selection.change}
          page={tasks.data}
          filters={list.values}
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
