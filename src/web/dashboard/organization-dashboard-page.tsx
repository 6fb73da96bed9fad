import { TaskListView } from "../tasks/list/task-list-view";
import { PrintTasksButton } from "../tasks/print/print-tasks";

/** /organization/dashboard: every task, read-only, with filters and Print Tasks. */
export function OrganizationDashboardPage() {
  return (
    <TaskListView
      title="Tasks"
      actions={(filters) => <PrintTasksButton filters={filters} />}
      withStatCards
      withAssignedUser
      withFiles
      rowAction="view"
    />
  );
}
