import { Group, Stack, Title } from "@mantine/core";
import { TASK_MESSAGES, type TaskItem } from "../../../shared/tasks";
import { useDialogTarget } from "../../ui/use-dialog-target";
import { TaskDetailsDialog } from "../details/task-details-dialog";
import { CreateTaskButton } from "../forms/create-task-dialog";
import { EditTaskDialog } from "../forms/edit-task-dialog";
import { useTasks } from "../task-queries";
import { ManageTaskActions } from "./manage-task-actions";
import {
  assignDateColumn,
  assignedToColumn,
  attachmentColumn,
  dueDateColumn,
  responseFileColumn,
  statusColumn,
  subjectColumn,
} from "./task-columns";
import { TaskFilters } from "./task-filters";
import { type TaskColumn, TaskTable } from "./task-table";
import { useTaskFilters } from "./use-task-filters";

/** /admin/manage-tasks: every task with its files, to view, edit or delete. */
export function ManageTasksPage() {
  const { filters, changeFilters, changePage, clearFilters } = useTaskFilters();
  const tasks = useTasks(filters);
  const viewing = useDialogTarget<TaskItem>();
  const editing = useDialogTarget<TaskItem>();

  const columns: TaskColumn[] = [
    subjectColumn,
    assignedToColumn,
    assignDateColumn,
    dueDateColumn,
    statusColumn,
    attachmentColumn,
    responseFileColumn,
    {
      header: "Actions",
      render: (task) => (
        <ManageTaskActions task={task} onView={viewing.open} onEdit={editing.open} />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          Manage Tasks
        </Title>
        <CreateTaskButton />
      </Group>
      <TaskFilters
        filters={filters}
        onChange={changeFilters}
        onClear={clearFilters}
        withAssignedUser
      />
      <TaskTable
        label="Tasks"
        columns={columns}
        query={tasks}
        emptyMessage={TASK_MESSAGES.emptyManage}
        onPageChange={changePage}
      />
      <TaskDetailsDialog task={viewing.target} isOpen={viewing.isOpen} onClose={viewing.close} />
      <EditTaskDialog task={editing.target} isOpen={editing.isOpen} onClose={editing.close} />
    </Stack>
  );
}
