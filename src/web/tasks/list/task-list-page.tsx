import { Button, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { seesAllTasks } from "../../../shared/roles";
import { useSignedInUser } from "../../auth/session";
import { TaskListView } from "./task-list-view";

/**
 * /tasks: every task for organization heads and admins (with Assigned To and the assignee
 * filter, viewed in a dialog); a user's own tasks otherwise, opened on their detail page.
 */
export function TaskListPage() {
  const { t } = useTranslation(["tasks", "common"]);
  // Role-based layout, by the rule the server scopes the rows with; what may be done to a row
  // comes with the row (task.can).
  const isDepartmentList = seesAllTasks(useSignedInUser().role);

  return (
    <Stack gap="md">
      <Button component={Link} to="/dashboard" variant="default" w="fit-content">
        {t("action.backToDashboard")}
      </Button>
      <TaskListView
        title={isDepartmentList ? t("common:page.allTasks") : t("common:page.myTasks")}
        withAssignedUser={isDepartmentList}
        withFiles
        rowAction={isDepartmentList ? "view" : "open-page"}
      />
    </Stack>
  );
}
