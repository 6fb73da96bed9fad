import { useTranslation } from "react-i18next";
import { TASK_MESSAGES } from "../../../shared/tasks";
import { ExcelExportButton } from "../../ui/list/excel-export-button";
import { CreateTaskButton } from "../forms/create-task-dialog";
import { TaskListView } from "./task-list-view";

/** /admin/manage-tasks: every task with its files, to view, edit or delete. */
export function ManageTasksPage() {
  const { t } = useTranslation();
  return (
    <TaskListView
      title={t("page.manageTasks")}
      actions={(filters) => (
        <>
          <ExcelExportButton list="tasks" filters={filters} />
          <CreateTaskButton />
        </>
      )}
      withAssignedUser
      withFiles
      rowAction="manage"
      emptyMessage={TASK_MESSAGES.emptyManage}
    />
  );
}
