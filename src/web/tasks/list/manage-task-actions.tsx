import { TASK_MESSAGES, type TaskItem } from "../../../shared/tasks";
import { confirmAction } from "../../ui/forms/confirm";
import { RecordActions } from "../../ui/list/row-action";
import { useDeleteTask } from "../task-mutations";

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
      title: "tasks:action.deleteTask",
      message: TASK_MESSAGES.confirmDelete,
      confirmLabel: "common:action.delete",
      cancelLabel: "common:action.cancel",
      isDestructive: true,
    });
    if (isConfirmed) deleteTask.mutate(task.id);
  }

  return (
    <RecordActions
      name={task.subject}
      can={task.can}
      isDeleting={deleteTask.isPending}
      onView={() => onView(task)}
      onEdit={() => onEdit(task)}
      onDelete={() => void handleDelete()}
    />
  );
}
