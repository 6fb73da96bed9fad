import { Modal, SimpleGrid, Skeleton, Stack, Tabs, Text } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { LINK_TTL } from "../../../shared/files";
import { PROGRESS_MESSAGES, TASK_TYPE_LABELS, type TaskItem } from "../../../shared/tasks";
import { TaskHistory } from "../../audit/task-history";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { useDisplayDate } from "../../ui/use-display-date";
import { DueDate } from "../due-date";
import { StatusBadge } from "../status-badge";
import { useTask } from "../task-queries";
import { TaskFileLink } from "./file-link";
import { ProgressThread } from "./progress-thread";

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

/** Every field of a task (read fresh from the server for hour-long file links), and its thread. */
function TaskDetails({ taskId }: { taskId: string }) {
  const { t } = useTranslation(["tasks", "common"]);
  const displayDate = useDisplayDate();
  const { data: task, isPending, isError, dataUpdatedAt } = useTask(taskId);
  if (isPending) return <Skeleton height={320} />;
  if (isError) return <Text c="red">{t(PROGRESS_MESSAGES.fetchDetailsFailed)}</Text>;

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
      <Detail label={t("field.subject")}>{task.subject}</Detail>
      <Detail label={t("field.description")}>{task.description || NONE}</Detail>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <Detail label={t("field.assignedTo")}>
          {task.assignedUserName}
          {task.assignedUserEmail && task.assignedUserEmail !== task.assignedUserName
            ? ` (${task.assignedUserEmail})`
            : ""}
        </Detail>
        <Detail label={t("field.taskType")}>{t(TASK_TYPE_LABELS[task.taskType])}</Detail>
        <Detail label={t("field.assignDate")}>{displayDate(task.assignDate)}</Detail>
        <Detail label={t("field.dueDate")}>
          <DueDate task={task} />
        </Detail>
        <Detail label={t("field.status")}>
          <StatusBadge status={task.status} />
        </Detail>
        <Detail label={t("field.completionDate")}>
          {task.completionDate ? displayDate(task.completionDate) : NONE}
        </Detail>
      </SimpleGrid>
      <Detail label={t("field.remarks")}>{task.remarks || NONE}</Detail>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Detail label={t("field.attachment")}>{fileLink("attachment")}</Detail>
        <Detail label={t("field.responseFile")}>{fileLink("responseFile")}</Detail>
      </SimpleGrid>
      <ProgressThread task={task} />
    </Stack>
  );
}

type TaskDetailsDialogProps = { task: TaskItem | null; isOpen: boolean; onClose: () => void };

/** Details, and the task's History (read when its tab is first opened). */
export function TaskDetailsTabs({
  task,
  details,
}: {
  task: Pick<TaskItem, "id" | "subject">;
  details: ReactNode;
}) {
  const { t } = useTranslation("audit");
  // The details stay mounted (a progress form keeps what is typed in it); the history is read
  // only once its tab is opened.
  const [tab, setTab] = useState<string | null>("details");
  return (
    <Tabs value={tab} onChange={setTab}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="details">{t("tab.details")}</Tabs.Tab>
        <Tabs.Tab value="history">{t("tab.history")}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="details">{details}</Tabs.Panel>
      <Tabs.Panel value="history">
        {tab === "history" && <TaskHistory taskId={task.id} subject={task.subject} />}
      </Tabs.Panel>
    </Tabs>
  );
}

export function TaskDetailsDialog({ task, isOpen, onClose }: TaskDetailsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      title={t("page.taskDetails")}
      size="lg"
      {...DIALOG_PROPS}
    >
      {task && <TaskDetailsTabs task={task} details={<TaskDetails taskId={task.id} />} />}
    </Modal>
  );
}
