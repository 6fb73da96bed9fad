import { ActionIcon, Group, Tooltip } from "@mantine/core";
import type { ReactNode } from "react";
import { TASK_MESSAGES, type TaskItem } from "../../shared/tasks";
import { DeleteIcon, EditIcon, ViewIcon } from "../ui/action-icons";
import { confirmAction } from "../ui/confirm";
import { useDeleteTask } from "./task-mutations";

type ManageTaskActionsProps = {
  task: TaskItem;
  onView: (task: TaskItem) => void;
  onEdit: (task: TaskItem) => void;
};

function RowAction(props: {
  label: string;
  tooltip: string;
  color?: string;
  loading?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={props.tooltip} withArrow>
      <ActionIcon
        variant="subtle"
        color={props.color ?? "gray"}
        aria-label={props.label}
        loading={props.loading}
        onClick={props.onClick}
      >
        {props.children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Manage Tasks' row actions: view, edit and delete (after a confirmation). */
export function ManageTaskActions({ task, onView, onEdit }: ManageTaskActionsProps) {
  const deleteTask = useDeleteTask();

  async function handleDelete() {
    const isConfirmed = await confirmAction({
      title: "Delete Task",
      message: TASK_MESSAGES.confirmDelete,
      confirmLabel: "Delete",
      cancelLabel: "Cancel",
      isDestructive: true,
    });
    if (isConfirmed) deleteTask.mutate(task.id);
  }

  return (
    <Group gap={4} wrap="nowrap">
      <RowAction label={`View ${task.subject}`} tooltip="View" onClick={() => onView(task)}>
        <ViewIcon />
      </RowAction>
      <RowAction label={`Edit ${task.subject}`} tooltip="Edit" onClick={() => onEdit(task)}>
        <EditIcon />
      </RowAction>
      <RowAction
        label={`Delete ${task.subject}`}
        tooltip="Delete"
        color="red"
        loading={deleteTask.isPending}
        onClick={() => void handleDelete()}
      >
        <DeleteIcon />
      </RowAction>
    </Group>
  );
}
