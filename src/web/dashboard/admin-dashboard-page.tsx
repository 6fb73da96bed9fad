import { useTranslation } from "react-i18next";
import { TASK_MESSAGES } from "../../shared/tasks";
import { CreateTaskButton } from "../tasks/forms/create-task-dialog";
import { TaskListView } from "../tasks/list/task-list-view";
import { PrintTasksButton } from "../tasks/print/print-tasks";

/** /admin: stat cards, filters and every task, with Mark Completed and Print Tasks. */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  return (
    <TaskListView
      title={t("page.adminDashboard")}
      actions={(filters) => (
        <>
          <PrintTasksButton filters={filters} />
          <CreateTaskButton />
        </>
      )}
      withStatCards
      withAssignedUser
      rowAction="complete"
      emptyMessage={TASK_MESSAGES.emptyAdminIndex}
    />
  );
}
