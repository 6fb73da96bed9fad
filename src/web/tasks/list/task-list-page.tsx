import { Button, Stack } from "@mantine/core";
import { Link } from "react-router";
import { seesAllTasks } from "../../../shared/roles";
import { useSignedInUser } from "../../auth/session";
import { TaskListView } from "./task-list-view";

/**
 * /tasks: every task for organization heads and admins (with Assigned To and the assignee
 * filter, viewed in a dialog); a user's own tasks otherwise, opened on their detail page.
 */
export function TaskListPage() {
  // Role-based layout, by the rule the server scopes the rows with; what may be done to a row
  // comes with the row (task.can).
  const isDepartmentList = seesAllTasks(useSignedInUser().role);

  return (
    <Stack gap="md">
      <Button component={Link} to="/dashboard" variant="default" w="fit-content">
        Back to Dashboard
      </Button>
      <TaskListView
        title={isDepartmentList ? "All Tasks" : "My Tasks"}
        withAssignedUser={isDepartmentList}
        withFiles
        rowAction={isDepartmentList ? "view" : "open-page"}
      />
    </Stack>
  );
}
