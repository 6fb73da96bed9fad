import { Group, Stack, Title } from "@mantine/core";
import { TASK_MESSAGES, type TaskItem } from "../../shared/tasks";
import { PrintTasksButton } from "./print-tasks";
import { FilteredStatCards } from "./stat-cards";
import {
  assignDateColumn,
  assignedToColumn,
  attachmentColumn,
  dueDateColumn,
  responseFileColumn,
  statusColumn,
  subjectColumn,
  viewDialogColumn,
} from "./task-columns";
import { TaskDetailsDialog } from "./task-details-dialog";
import { TaskFilters } from "./task-filters";
import { useTasks } from "./task-queries";
import { type TaskColumn, TaskTable } from "./task-table";
import { useDialogTarget } from "./use-dialog-target";
import { useTaskFilters } from "./use-task-filters";

/** /organization/dashboard: every task, read-only, with filters and Print Tasks. */
export function OrganizationDashboardPage() {
  const { filters, changeFilters, changePage, clearFilters } = useTaskFilters();
  const tasks = useTasks(filters);
  const viewing = useDialogTarget<TaskItem>();

  const columns: TaskColumn[] = [
    subjectColumn,
    assignedToColumn,
    assignDateColumn,
    dueDateColumn,
    statusColumn,
    attachmentColumn,
    responseFileColumn,
    viewDialogColumn(viewing.open),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          Tasks
        </Title>
        <PrintTasksButton filters={filters} />
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
        columns={columns}
        query={tasks}
        emptyMessage={TASK_MESSAGES.emptyList}
        onPageChange={changePage}
      />
      <TaskDetailsDialog task={viewing.target} isOpen={viewing.isOpen} onClose={viewing.close} />
    </Stack>
  );
}
