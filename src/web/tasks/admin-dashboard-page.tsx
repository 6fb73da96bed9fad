import { Group, Stack, Title } from "@mantine/core";
import { TASK_MESSAGES } from "../../shared/tasks";
import { CreateTaskButton } from "./create-task-dialog";
import { MarkCompletedButton } from "./mark-completed-button";
import { PrintTasksButton } from "./print-tasks";
import { FilteredStatCards } from "./stat-cards";
import {
  assignDateColumn,
  assignedToColumn,
  dueDateColumn,
  statusColumn,
  subjectColumn,
} from "./task-columns";
import { TaskFilters } from "./task-filters";
import { useTasks } from "./task-queries";
import { type TaskColumn, TaskTable } from "./task-table";
import { useTaskFilters } from "./use-task-filters";

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
