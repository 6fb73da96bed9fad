import {
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { LINK_TTL } from "../../../shared/files";
import { ROLE_HOME, type Role, seesAllTasks } from "../../../shared/roles";
import { PROGRESS_MESSAGES, TASK_MESSAGES, type TaskItem } from "../../../shared/tasks";
import { hasStatus } from "../../api/errors";
import { useSignedInUser } from "../../auth/session";
import { TaskLettersPanel } from "../../dak/task-letters-panel";
import { TaskMovement } from "../../markings/task-movement";
import { PrintNoteSheetButton } from "../../notesheet/print-note-sheet-button";
import { DeleteIcon } from "../../ui/action-icons";
import { confirmAction } from "../../ui/forms/confirm";
import { notifyError } from "../../ui/notify";
import { useDisplayDate } from "../../ui/use-display-date";
import { DueDate } from "../due-date";
import { AttachmentField, useAttachmentField } from "../forms/attachment-field";
import { DETAIL_CARDS, StatCards } from "../list/stat-cards";
import { StatusBadge } from "../status-badge";
import { useTask } from "../task-queries";
import { TaskFileLink } from "./file-link";
import {
  useDeleteResponseFile,
  useUpdateRemarks,
  useUploadResponseFile,
} from "./progress-mutations";
import { ProgressThread } from "./progress-thread";
import { Detail, TaskDetailsTabs } from "./task-details-dialog";

const NONE = "—";
const REMARKS_MAX_LENGTH = 10_000;

type TaskViewProps = { task: TaskItem; fetchedAt: number };

function TaskSummary({ task, fetchedAt }: TaskViewProps) {
  const { t } = useTranslation(["tasks", "common"]);
  const displayDate = useDisplayDate();
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} size="h3">
            {task.subject}
          </Title>
          <StatusBadge status={task.status} />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Detail label={t("field.assignDate")}>{displayDate(task.assignDate)}</Detail>
          <Detail label={t("field.dueDate")}>
            <DueDate task={task} />
          </Detail>
          <Detail label={t("field.assignedTo")}>{task.assignedUserName}</Detail>
        </SimpleGrid>
        <Detail label={t("field.description")}>{task.description || NONE}</Detail>
        <Detail label={t("field.attachment")}>
          {task.attachment ? (
            <TaskFileLink
              taskId={task.id}
              kind="attachment"
              file={task.attachment}
              fetchedAt={fetchedAt}
              ttlSeconds={LINK_TTL.view}
            />
          ) : (
            NONE
          )}
        </Detail>
        <Detail label={t("field.currentRemarks")}>{task.remarks || NONE}</Detail>
      </Stack>
    </Paper>
  );
}

/** The response file's link, and its delete button where the server allows it (task.can). */
function ResponseFile({ task, fetchedAt }: TaskViewProps) {
  const { t } = useTranslation(["tasks", "common"]);
  const deleteFile = useDeleteResponseFile();
  const file = task.responseFile;
  if (!file) return <Detail label={t("field.responseFile")}>{NONE}</Detail>;

  async function handleDelete() {
    const isConfirmed = await confirmAction({
      title: "tasks:action.deleteResponseFile",
      message: "tasks:confirm.deleteResponseFile",
      confirmLabel: "common:action.delete",
      cancelLabel: "common:action.cancel",
      isDestructive: true,
    });
    if (isConfirmed) deleteFile.mutate(task.id);
  }

  return (
    <Detail label={t("field.responseFile")}>
      <Group gap="sm">
        <TaskFileLink
          taskId={task.id}
          kind="responseFile"
          file={file}
          fetchedAt={fetchedAt}
          ttlSeconds={LINK_TTL.view}
        />
        {task.can.deleteResponseFile && (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<DeleteIcon />}
            loading={deleteFile.isPending}
            onClick={() => void handleDelete()}
          >
            {t("action.deleteResponseFile")}
          </Button>
        )}
      </Group>
    </Detail>
  );
}

/** The assignee's form: remarks, and the response file while the task has none. */
function ProgressForm({ task, fetchedAt }: TaskViewProps) {
  const { t } = useTranslation(["tasks", "common"]);
  const navigate = useNavigate();
  const [remarks, setRemarks] = useState(task.remarks);
  const responseFile = useAttachmentField();
  const updateRemarks = useUpdateRemarks();
  const uploadFile = useUploadResponseFile();
  const isSaving = updateRemarks.isPending || uploadFile.isPending;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!responseFile.isValid) return;
    // The mutations toast their own outcomes; a failure here only stops the next step.
    if (!(await updateRemarks.attempt({ id: task.id, remarks }))) return;
    if (!responseFile.file) return;
    // A refused file stays chosen, so the user sees what was refused.
    if (await uploadFile.attempt({ id: task.id, file: responseFile.file })) {
      responseFile.handleChange(null);
    }
  }

  return (
    <Paper withBorder p="md" component="form" onSubmit={(event) => void handleSubmit(event)}>
      <Stack gap="md">
        <Textarea
          label={t("field.updateProgress")}
          placeholder={t("placeholder.progress")}
          value={remarks}
          onChange={(event) => setRemarks(event.currentTarget.value)}
          maxLength={REMARKS_MAX_LENGTH}
          autosize
          minRows={4}
          disabled={isSaving}
        />
        {/* Live refresh may reveal a file that arrived meanwhile; a file chosen before that
            is still sent, and the server's refusal explains why. */}
        {task.can.uploadResponseFile ? (
          <AttachmentField
            label={t("field.responseFile")}
            field={responseFile}
            disabled={isSaving}
          />
        ) : (
          <ResponseFile task={task} fetchedAt={fetchedAt} />
        )}
        <Group gap="sm">
          <Button type="submit" loading={isSaving}>
            {t("action.updateTask")}
          </Button>
          <Button variant="default" onClick={() => navigate(ROLE_HOME.user)} disabled={isSaving}>
            {t("common:action.cancel")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The way back to where the reader came from: a user's own tasks, anyone else's dashboard. */
function BackToDashboard({ role }: { role: Role }) {
  const { t } = useTranslation(["tasks", "common"]);
  return (
    <Button component={Link} to={ROLE_HOME[role]} variant="default" w="fit-content">
      {role === "user" ? t("action.backToMyTasks") : t("action.backToDashboard")}
    </Button>
  );
}

/**
 * /task/:taskId: the assignee reports progress here; organization heads and admins see the
 * task read-only (an admin may still delete its response file). Another user's task is
 * answered with 404 by the server, shown as 'Task not found'. What may be done comes with the
 * task (`task.can`, decided by the server's policy).
 */
export function TaskDetailsPage() {
  const { t } = useTranslation(["tasks", "common"]);
  const { taskId = "" } = useParams();
  const user = useSignedInUser();
  const navigate = useNavigate();
  const { data: task, error, isPending, dataUpdatedAt } = useTask(taskId);
  const isNotFound = hasStatus(error, 404);
  const hasFailed = Boolean(error) && !isNotFound && !task;
  const home = ROLE_HOME[user.role];

  // SPEC.md section 8: any other failure is toasted and the user sent back to the list.
  useEffect(() => {
    if (!hasFailed) return;
    notifyError(PROGRESS_MESSAGES.fetchDetailsFailed);
    navigate(home, { replace: true });
  }, [hasFailed, home, navigate]);

  if (isNotFound) {
    return (
      <Stack align="flex-start" gap="md">
        <Title order={1} size="h2">
          {t(TASK_MESSAGES.notFound)}
        </Title>
        <Text c="dimmed">{t("details.notFound")}</Text>
        <BackToDashboard role={user.role} />
      </Stack>
    );
  }

  if (isPending || !task) {
    return (
      <Stack gap="md" aria-busy="true">
        <Title order={1} size="h2">
          {t("common:page.taskDetails")}
        </Title>
        <Skeleton height={80} />
        <Skeleton height={240} />
      </Stack>
    );
  }

  // A UI choice narrower than the permission: the progress form is the assignee's own. An admin
  // may report on any task (the server takes it) but reads other people's tasks here without
  // the form; Manage Tasks' Edit is where an admin changes a task.
  const showsProgressForm = task.can.reportProgress && task.assignedTo === user.id;

  return (
    <Stack gap="md">
      <BackToDashboard role={user.role} />
      <Title order={1} size="h2">
        {t("common:page.taskDetails")}
      </Title>
      <PrintNoteSheetButton taskId={task.id} />
      {/* A user's counters are their own tasks; a watcher sees the assignee's. */}
      <StatCards
        cards={DETAIL_CARDS}
        scope={{ assignedUser: seesAllTasks(user.role) ? task.assignedTo : undefined }}
      />
      <TaskDetailsTabs
        task={task}
        details={
          <Stack gap="md">
            <TaskSummary task={task} fetchedAt={dataUpdatedAt} />
            <TaskLettersPanel task={task} />
            {!showsProgressForm && (
              <Paper withBorder p="md">
                <ResponseFile task={task} fetchedAt={dataUpdatedAt} />
              </Paper>
            )}
            {/* Read before writing: the updates so far and the admins' replies, then the form. */}
            <ProgressThread task={task} />
            <TaskMovement taskId={task.id} />
            {showsProgressForm && (
              <ProgressForm key={task.id} task={task} fetchedAt={dataUpdatedAt} />
            )}
          </Stack>
        }
      />
    </Stack>
  );
}
