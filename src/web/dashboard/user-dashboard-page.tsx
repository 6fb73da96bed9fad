import { useTranslation } from "react-i18next";
import { TaskListView } from "../tasks/list/task-list-view";

/** /user/dashboard: the signed-in user's own tasks (the server returns no others). */
export function UserDashboardPage() {
  const { t } = useTranslation();
  return <TaskListView title={t("page.myTasks")} withStatCards withFiles rowAction="open-page" />;
}
