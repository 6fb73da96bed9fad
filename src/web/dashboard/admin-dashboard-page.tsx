import { Group, Stack, Title } from "@mantine/core";
import { TASK_MESSAGES } from "../../shared/tasks";
import { CreateTaskButton } from "../tasks/forms/create-task-dialog";
import { MarkCompletedButton } from "../tasks/list/mark-completed-button";
import { FilteredStatCards } from "../tasks/list/stat-cards";
import {
  assignDateColumn,
  assignedToColumn,
  dueDateColumn,
  statusColumn,
  subjectColumn,
} from "../tasks/list/task-columns";
import { TaskFilters } from "../tasks/list/task-filters";
import { type TaskColumn, TaskTable } from "../tasks/list/task-table";
import { useTaskFilters } from "../tasks/list/use-task-filters";
import { PrintTasksButton } from "../tasks/print/print-tasks";
import { useTasks } from "../tasks/task-queries";

const COLUMNS: TaskColumn[] = [
  subjectColumn,
  assignedToColumn,
  assignDateColumn,
  dueDateColumn,
  statusColumn,
  { header: "Actions", render: (task) => <MarkCompletedButton task={task} /> },
];

/** /admin: stat cards, filters and every task, with Mark Completed and Print Tasks. */
export function AdminDashboardPage() {
  const { filters, changeFilters, changePage, clearFilters } = useTaskFilters();
  const tasks = useTasks(filters);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          Admin Dashboard
        </Title>
        <Group gap="sm">
          <PrintTasksButton filters={filters} />
          <CreateTaskButton />
        </Group>
      </Group>
      <FilteredStatCards filters={filters} onChange={changeFilters} />
      <TaskFilters
        filters={filters}
        onChange={changeFilters}
        onClear={clearFilters}
        withAssignedUser
      />
      <TaskTable
        label="Tasks"
        columns={COLUMNS}
        query={tasks}
        emptyMessage={TASK_MESSAGES.emptyAdminIndex}
        onPageChange={changePage}
      />
    </Stack>
  );
}
