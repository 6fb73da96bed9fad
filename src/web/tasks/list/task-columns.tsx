import { Button, Stack, Text, VisuallyHidden } from "@mantine/core";
import { Link } from "react-router";
import { formatDisplayDate } from "../../../shared/dates";
import { LINK_TTL } from "../../../shared/files";
import type { TaskItem } from "../../../shared/tasks";
import { ViewIcon } from "../../ui/action-icons";
import { actionsColumn } from "../../ui/list/data-table";
import { RowAction } from "../../ui/list/row-action";
import { type TaskFileKind, TaskFileLink } from "../details/file-link";
import { StatusBadge } from "../status-badge";
import { ManageTaskActions } from "./manage-task-actions";
import { MarkCompletedButton } from "./mark-completed-button";
import type { TaskColumn } from "./task-table";

// The columns task tables share; each page picks its set, ending with one of the action columns.

export const subjectColumn: TaskColumn = {
  header: "Subject",
  minWidth: "14rem",
  card: "title",
  render: (task) => (
    <Text size="sm" fw={500}>
      {task.subject}
    </Text>
  ),
};

export const assignedToColumn: TaskColumn = {
  header: "Assigned To",
  render: (task) => (
    <Stack gap={0}>
      <Text size="sm">{task.assignedUserName}</Text>
      {task.assignedUserEmail && task.assignedUserEmail !== task.assignedUserName && (
        <Text size="xs" c="dimmed">
          {task.assignedUserEmail}
        </Text>
      )}
    </Stack>
  ),
};

export const assignDateColumn: TaskColumn = {
  header: "Assign Date",
  nowrap: true,
  render: (task) => formatDisplayDate(task.assignDate),
};

export const dueDateColumn: TaskColumn = {
  header: "Due Date",
  nowrap: true,
  render: (task) => formatDisplayDate(task.dueDate),
};

export const statusColumn: TaskColumn = {
  header: "Status",
  render: (task) => <StatusBadge status={task.status} />,
};

function fileColumn(header: string, kind: TaskFileKind): TaskColumn {
  return {
    header,
    render: (task, { fetchedAt }) => {
      const file = task[kind];
      return file ? (
        <TaskFileLink
          taskId={task.id}
          kind={kind}
          file={file}
          fetchedAt={fetchedAt}
          ttlSeconds={LINK_TTL.list}
        />
      ) : (
        <Text size="sm" c="dimmed">
          <span aria-hidden="true">—</span>
          <VisuallyHidden>None</VisuallyHidden>
        </Text>
      );
    },
  };
}

export const attachmentColumn = fileColumn("Attachment", "attachment");
export const responseFileColumn = fileColumn("Response File", "responseFile");

/** An assignee's way into a task: its detail page, where progress is reported. */
export const viewTaskLinkColumn: TaskColumn = actionsColumn((task) => (
  <Button component={Link} to={`/task/${task.id}`} variant="light" size="compact-sm">
    View Task
  </Button>
));

/** Read-only viewers (organization heads, admins) see a task in the Task Details dialog. */
export function viewDialogColumn(onView: (task: TaskItem) => void): TaskColumn {
  return actionsColumn((task) => (
    <RowAction label={`View ${task.subject}`} tooltip="View" onClick={() => onView(task)}>
      <ViewIcon />
    </RowAction>
  ));
}

/** The admin dashboard's one action: Mark Completed, where the task allows it. */
export const markCompletedColumn: TaskColumn = actionsColumn((task) => (
  <MarkCompletedButton task={task} />
));

/** Manage Tasks: view, and edit and delete where allowed. */
export function manageActionsColumn(
  onView: (task: TaskItem) => void,
  onEdit: (task: TaskItem) => void,
): TaskColumn {
  return actionsColumn((task) => <ManageTaskActions task={task} onView={onView} onEdit={onEdit} />);
}
