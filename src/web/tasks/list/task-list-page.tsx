import { Button, Stack, Title } from "@mantine/core";
import { Link } from "react-router";
import { seesAllTasks } from "../../../shared/roles";
import { TASK_MESSAGES, type TaskItem } from "../../../shared/tasks";
import { useSignedInUser } from "../../auth/session";
import { useDialogTarget } from "../../ui/use-dialog-target";
import { TaskDetailsDialog } from "../details/task-details-dialog";
import { useTasks } from "../task-queries";
import {
  assignDateColumn,
  assignedToColumn,
  attachmentColumn,
  dueDateColumn,
  responseFileColumn,
  statusColumn,
  subjectColumn,
  viewDialogColumn,
  viewTaskLinkColumn,
} from "./task-columns";
import { TaskFilters } from "./task-filters";
import { type TaskColumn, TaskTable } from "./task-table";
import { useTaskFilters } from "./use-task-filters";

/**
 * /tasks: every task for organization heads and admins (with Assigned To and the assignee
 * filter, viewed in a dialog); a user's own tasks otherwise, opened on their detail page.
 */
export function TaskListPage() {
  // Role-based layout, by the rule the server scopes the rows with; what may be done to a row
  // comes with the row (task.can).
  const isDepartmentList = seesAllTasks(useSignedInUser().role);
  const { filters, changeFilters, changePage, clearFilters } = useTaskFilters();
  const tasks = useTasks(filters);
  const viewing = useDialogTarget<TaskItem>();

  const columns: TaskColumn[] = [
    subjectColumn,
    ...(isDepartmentList ? [assignedToColumn] : []),
    assignDateColumn,
    dueDateColumn,
    statusColumn,
    attachmentColumn,
    responseFileColumn,
    isDepartmentList ? viewDialogColumn(viewing.open) : viewTaskLinkColumn,
  ];

  return (
    <Stack gap="md">
      <Button component={Link} to="/dashboard" variant="default" w="fit-content">
        Back to Dashboard
      </Button>
      <Title order={1} size="h2">
        {isDepartmentList ? "All Tasks" : "My Tasks"}
      </Title>
      <TaskFilters
        filters={filters}
        onChange={changeFilters}
        onClear={clearFilters}
        withAssignedUser={isDepartmentList}
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
