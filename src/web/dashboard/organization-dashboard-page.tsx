import { Group, Stack, Title } from "@mantine/core";
import { TASK_MESSAGES, type TaskItem } from "../../shared/tasks";
import { TaskDetailsDialog } from "../tasks/details/task-details-dialog";
import { FilteredStatCards } from "../tasks/list/stat-cards";
import {
  assignDateColumn,
  assignedToColumn,
  attachmentColumn,
  dueDateColumn,
  responseFileColumn,
  statusColumn,
  subjectColumn,
  viewDialogColumn,
} from "../tasks/list/task-columns";
import { TaskFilters } from "../tasks/list/task-filters";
import { type TaskColumn, TaskTable } from "../tasks/list/task-table";
import { useTaskFilters } from "../tasks/list/use-task-filters";
import { PrintTasksButton } from "../tasks/print/print-tasks";
import { useTasks } from "../tasks/task-queries";
import { useDialogTarget } from "../ui/use-dialog-target";

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
