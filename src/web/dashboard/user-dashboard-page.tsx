import { TaskListView } from "../tasks/list/task-list-view";

/** /user/dashboard: the signed-in user's own tasks (the server returns no others). */
export function UserDashboardPage() {
  return <TaskListView title="My Tasks" withStatCards withFiles rowAction="open-page" />;
}
