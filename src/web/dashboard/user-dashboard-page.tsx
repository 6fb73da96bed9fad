import { Stack, Title } from "@mantine/core";
import { TASK_MESSAGES } from "../../shared/tasks";
import { FilteredStatCards } from "../tasks/list/stat-cards";
import {
  assignDateColumn,
  attachmentColumn,
  dueDateColumn,
  responseFileColumn,
  statusColumn,
  subjectColumn,
  viewTaskLinkColumn,
} from "../tasks/list/task-columns";
import { TaskFilters } from "../tasks/list/task-filters";
import { type TaskColumn, TaskTable } from "../tasks/list/task-table";
import { useTaskFilters } from "../tasks/list/use-task-filters";
import { useTasks } from "../tasks/task-queries";

const COLUMNS: TaskColumn[] = [
  subjectColumn,
  assignDateColumn,
  dueDateColumn,
  statusColumn,
  attachmentColumn,
  responseFileColumn,
  viewTaskLinkColumn,
];

/** /user/dashboard: the signed-in user's own tasks (the server returns no others). */
export function UserDashboardPage() {
  const { filters, changeFilters, changePage, clearFilters } = useTaskFilters();
  const tasks = useTasks(filters);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        My Tasks
      </Title>
      <FilteredStatCards filters={filters} onChange={changeFilters} />
      <TaskFilters filters={filters} onChange={changeFilters} onClear={clearFilters} />
      <TaskTable
        label="Tasks"
        columns={COLUMNS}
        query={tasks}
        emptyMessage={TASK_MESSAGES.emptyList}
        onPageChange={changePage}
      />
    </Stack>
  );
}
