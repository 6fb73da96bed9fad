import { useTranslation } from "react-i18next";
import { TaskListView } from "../tasks/list/task-list-view";
import { PrintTasksButton } from "../tasks/print/print-tasks";
import { ExcelExportButton } from "../ui/list/excel-export-button";

/** /organization/dashboard: every task, read-only, with filters and Print Tasks. */
export function OrganizationDashboardPage() {
  const { t } = useTranslation();
  return (
    <TaskListView
      title={t("page.tasks")}
      actions={(filters) => (
        <>
          <ExcelExportButton list="tasks" filters={filters} />
          <PrintTasksButton filters={filters} />
        </>
      )}
      withStatCards
      withAssignedUser
      withFiles
      rowAction="view"
    />
  );
}
