import { Modal, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { formatDisplayDate } from "../../../shared/dates";
import { LINK_TTL } from "../../../shared/files";
import { PROGRESS_MESSAGES, type TaskItem } from "../../../shared/tasks";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { StatusBadge } from "../status-badge";
import { useTask } from "../task-queries";
import { TaskFileLink } from "./file-link";

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={600} c="dimmed">
        {label}
      </Text>
      <Text component="div" size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Stack>
  );
}

const NONE = "—";

/** Every field of a task, read fresh from the server for hour-long file links. */
function TaskDetails({ taskId }: { taskId: string }) {
  const { data: task, isPending, isError, dataUpdatedAt } = useTask(taskId);
  if (isPending) return <Skeleton height={320} />;
  if (isError) return <Text c="red">{PROGRESS_MESSAGES.fetchDetailsFailed}</Text>;

  const fileLink = (kind: "attachment" | "responseFile") => {
    const file = task[kind];
    return file ? (
      <TaskFileLink
        taskId={task.id}
        kind={kind}
        file={file}
        fetchedAt={dataUpdatedAt}
        ttlSeconds={LINK_TTL.view}
      />
    ) : (
      NONE
    );
  };

  return (
    <Stack gap="sm">
      <Detail label="Subject">{task.subject}</Detail>
      <Detail label="Description">{task.description || NONE}</Detail>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <Detail label="Assigned To">
          {task.assignedUserName}
          {task.assignedUserEmail && task.assignedUserEmail !== task.assignedUserName
            ? ` (${task.assignedUserEmail})`
            : ""}
        </Detail>
        <Detail label="Task Type">{task.taskType}</Detail>
        <Detail label="Assign Date">{formatDisplayDate(task.assignDate)}</Detail>
        <Detail label="Due Date">{formatDisplayDate(task.dueDate)}</Detail>
        <Detail label="Status">
          <StatusBadge status={task.status} />
        </Detail>
        <Detail label="Completion Date">
          {task.completionDate ? formatDisplayDate(task.completionDate) : NONE}
        </Detail>
      </SimpleGrid>
      <Detail label="Remarks">{task.remarks || NONE}</Detail>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Detail label="Attachment">{fileLink("attachment")}</Detail>
        <Detail label="Response File">{fileLink("responseFile")}</Detail>
      </SimpleGrid>
    </Stack>
  );
}

type TaskDetailsDialogProps = { task: TaskItem | null; isOpen: boolean; onClose: () => void };

export function TaskDetailsDialog({ task, isOpen, onClose }: TaskDetailsDialogProps) {
  return (
    <Modal opened={isOpen} onClose={onClose} title="Task Details" size="lg" {...DIALOG_PROPS}>
      {task && <TaskDetails taskId={task.id} />}
    </Modal>
  );
}
