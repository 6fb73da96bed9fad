import { Anchor, Button, Checkbox, Stack, Text, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LINK_TTL } from "../../../shared/files";
import type { TaskItem } from "../../../shared/tasks";
import { receiptPath } from "../../dak/dak-display";
import { ViewIcon } from "../../ui/action-icons";
import { actionsColumn } from "../../ui/list/data-table";
import { RowAction } from "../../ui/list/row-action";
import { type TaskFileKind, TaskFileLink } from "../details/file-link";
import { DueDate } from "../due-date";
import { StatusBadge } from "../status-badge";
import { ManageTaskActions } from "./manage-task-actions";
import { MarkCompletedButton } from "./mark-completed-button";
import type { TaskColumn } from "./task-table";

// The columns task tables share; each page picks its set, ending with one of the action columns.

function SelectTaskCheckbox({
  task,
  isSelected,
  onToggle,
}: {
  task: TaskItem;
  isSelected: boolean;
  onToggle: (task: TaskItem, isChecked: boolean) => void;
}) {
  const { t } = useTranslation(["tasks", "common"]);
  return (
    <Checkbox
      aria-label={t("bulk.selectRow", { name: task.subject })}
      checked={isSelected}
      onChange={(event) => onToggle(task, event.currentTarget.checked)}
    />
  );
}

/** Manage Tasks' first column: a row's box for the bulk actions (bulk-actions-bar.tsx). */
export function selectColumn(
  isSelected: (task: TaskItem) => boolean,
  onToggle: (task: TaskItem, isChecked: boolean) => void,
): TaskColumn {
  return {
    header: "tasks:bulk.column.select",
    isHeaderHidden: true,
    render: (task) => (
      <SelectTaskCheckbox task={task} isSelected={isSelected(task)} onToggle={onToggle} />
    ),
  };
}

export const subjectColumn: TaskColumn = {
  header: "tasks:field.subject",
  minWidth: "14rem",
  card: "title",
  render: (task) => (
    <Text size="sm" fw={500}>
      {task.subject}
    </Text>
  ),
};

export const assignedToColumn: TaskColumn = {
  header: "tasks:field.assignedTo",
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
  header: "tasks:field.assignDate",
  nowrap: true,
  render: (task, { displayDate }) => displayDate(task.assignDate),
};

export const dueDateColumn: TaskColumn = {
  header: "tasks:field.dueDate",
  nowrap: true,
  // "Extended" beside a due date moved later, the first one in its tooltip.
  render: (task) => <DueDate task={task} />,
};

export const statusColumn: TaskColumn = {
  header: "tasks:field.status",
  render: (task) => <StatusBadge status={task.status} />,
};

/** An empty cell (no file, no receipt): a dash to the eye, "None" to a screen reader. */
function EmptyCell() {
  const { t } = useTranslation(["tasks", "common"]);
  return (
    <Text size="sm" c="dimmed">
      <span aria-hidden="true">—</span>
      <VisuallyHidden>{t("none")}</VisuallyHidden>
    </Text>
  );
}

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
        <EmptyCell />
      );
    },
  };
}

export const attachmentColumn = fileColumn("tasks:field.attachment", "attachment");
export const responseFileColumn = fileColumn("tasks:field.responseFile", "responseFile");

/**
 * The diary number of the receipt a task was made from, leading to the receipt's page. The
 * server sends only a number the viewer may read (server/tasks/carried-receipt.ts); the
 * registers' words load with every signed-in page (the header's search speaks them).
 */
export const diaryNumberColumn: TaskColumn = {
  header: "dak:field.diaryNumber",
  nowrap: true,
  render: (task) =>
    task.receipt ? (
      <Anchor component={Link} to={receiptPath(task.receipt.id)} size="sm">
        <bdi>{task.receipt.diaryNumber}</bdi>
      </Anchor>
    ) : (
      <EmptyCell />
    ),
};

function ViewTaskLink({ task }: { task: TaskItem }) {
  const { t } = useTranslation(["tasks", "common"]);
  return (
    <Button component={Link} to={`/task/${task.id}`} variant="light" size="compact-sm">
      {t("action.viewTask")}
    </Button>
  );
}

/** An assignee's way into a task: its detail page, where progress is reported. */
export const viewTaskLinkColumn: TaskColumn = actionsColumn((task) => <ViewTaskLink task={task} />);

function ViewTaskButton({ task, onView }: { task: TaskItem; onView: (task: TaskItem) => void }) {
  const { t } = useTranslation(["tasks", "common"]);
  return (
    <RowAction
      label={t("common:row.view", { name: task.subject })}
      tooltip={t("common:action.view")}
      onClick={() => onView(task)}
    >
      <ViewIcon />
    </RowAction>
  );
}

/** Read-only viewers (organization heads, admins) see a task in the Task Details dialog. */
export function viewDialogColumn(onView: (task: TaskItem) => void): TaskColumn {
  return actionsColumn((task) => <ViewTaskButton task={task} onView={onView} />);
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
