import { Group } from "@mantine/core";
import { TASK_MESSAGES, type TaskItem } from "../../shared/tasks";
import { DeleteIcon, EditIcon, ViewIcon } from "../ui/action-icons";
import { confirmAction } from "../ui/confirm";
import { RowAction } from "./row-action";
import { useDeleteTask } from "./task-mutations";

type ManageTaskActionsProps = {
  task: TaskItem;
  onView: (task: TaskItem) => void;
  onEdit: (task: TaskItem) => void;
};

/** Manage Tasks' row actions: view, and edit and delete (after a confirmation) where allowed. */
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
      {task.can.edit && (
        <RowAction label={`Edit ${task.subject}`} tooltip="Edit" onClick={() => onEdit(task)}>
          <EditIcon />
        </RowAction>
      )}
      {task.can.delete && (
        <RowAction
          label={`Delete ${task.subject}`}
          tooltip="Delete"
          color="red"
          loading={deleteTask.isPending}
          onClick={() => void handleDelete()}
        >
          <DeleteIcon />
        </RowAction>
      )}
    </Group>
  );
}
