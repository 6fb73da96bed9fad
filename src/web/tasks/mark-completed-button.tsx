import { Button } from "@mantine/core";
import { TASK_MESSAGES, type TaskItem } from "../../shared/tasks";
import { confirmAction } from "../ui/confirm";
import { useCompleteTask } from "./task-mutations";

/** Mark Completed, after a confirmation, where the server allows it (not once completed). */
export function MarkCompletedButton({ task }: { task: TaskItem }) {
  const completeTask = useCompleteTask();
  if (!task.can.complete) return null;

  async function handleMarkCompleted() {
    const isConfirmed = await confirmAction({
      title: "Mark Completed",
      message: TASK_MESSAGES.confirmComplete,
    });
    if (isConfirmed) completeTask.mutate(task.id);
  }

  return (
    <Button
      size="compact-sm"
      variant="light"
      loading={completeTask.isPending}
      aria-label={`Mark Completed ${task.subject}`}
      onClick={() => void handleMarkCompleted()}
    >
      Mark Completed
    </Button>
  );
}
