import { Button, Group, Paper, Skeleton, Stack, Text, Textarea, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import {
  type ExtensionRequestItem,
  type ProgressEntry,
  replyInput,
  type TaskItem,
  THREAD_MESSAGES,
} from "../../../shared/tasks";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { TintedBadge } from "../../ui/tinted-badge";
import { useDisplayInstant } from "../../ui/use-display-date";
import { ExtensionDecisionActions, useDueDateChange } from "../extensions/extension-actions";
import { ExtensionStatusBadge } from "../extensions/extension-status-badge";
import { RequestExtensionButton } from "../extensions/request-extension-dialog";
import { useTaskThread } from "../task-queries";
import { useReply } from "./progress-mutations";
import classes from "./progress-thread.module.css";

const REPLY_MAX_LENGTH = 10_000;

function ThreadEntry({ entry }: { entry: ProgressEntry }) {
  const { t } = useTranslation(["tasks", "common"]);
  const displayInstant = useDisplayInstant();
  const isReply = entry.kind === "reply";
  return (
    <li className={isReply ? `${classes.entry} ${classes.reply}` : classes.entry}>
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            <bdi>{entry.authorName || t("thread.formerUser")}</bdi>
          </Text>
          {isReply && <TintedBadge color="grape">{t("thread.kind.reply")}</TintedBadge>}
        </Group>
        <Text component="time" dateTime={entry.createdAt} size="xs" c="dimmed">
          {t("thread.when", displayInstant(entry.createdAt))}
        </Text>
      </Group>
      {entry.body && (
        <Text size="sm" className={classes.body}>
          {entry.body}
        </Text>
      )}
      {entry.fileName && (
        <Text size="sm" c="dimmed">
          {t("thread.uploaded", { fileName: entry.fileName })}
        </Text>
      )}
    </li>
  );
}

/** An admin's reply box (task.can.reply); the box empties once the reply is in the thread. */
function ReplyForm({ taskId }: { taskId: string }) {
  const { t } = useTranslation(["tasks", "common"]);
  const { form, handleSubmit } = useSchemaForm(replyInput, { body: "" });
  const reply = useReply();
  const handleReply = handleSubmit(async ({ body }) => {
    if (await reply.attempt({ id: taskId, body })) form.reset();
  });

  return (
    <form onSubmit={handleReply} noValidate>
      <Stack gap="xs">
        <Textarea
          label={t("thread.field.reply")}
          placeholder={t("thread.placeholder.reply")}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={REPLY_MAX_LENGTH}
          {...form.getInputProps("body")}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={reply.isPending}>
            {t("thread.action.reply")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ExtensionRequestEntry({ request }: { request: ExtensionRequestItem }) {
  const { t } = useTranslation(["tasks", "common"]);
  const displayInstant = useDisplayInstant();
  const dueDateChange = useDueDateChange();
  return (
    <li className={classes.entry}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <ExtensionStatusBadge status={request.status} />
            <Text size="sm" fw={600}>
              {dueDateChange(request)}
            </Text>
          </Group>
          <ExtensionDecisionActions request={request} />
        </Group>
        <Text size="sm" className={classes.body}>
          {t("extension.reasonLine", { reason: request.reason })}
        </Text>
        <Text size="xs" c="dimmed">
          {t("extension.asked", {
            name: request.requestedByName || t("thread.formerUser"),
            ...displayInstant(request.createdAt),
          })}
        </Text>
        {request.decidedAt && (
          <Text size="xs" c="dimmed">
            {t("extension.answered", {
              name: request.decidedByName || t("thread.formerUser"),
              ...displayInstant(request.decidedAt),
            })}
          </Text>
        )}
        {request.status === "declined" && request.decisionReason && (
          <Text size="sm" className={classes.body}>
            {t("extension.declineReasonLine", { reason: request.decisionReason })}
          </Text>
        )}
      </Stack>
    </li>
  );
}

/**
 * The task's extension requests, newest first, and the assignee's Request Extension button
 * (task.can.requestExtension, while no request of theirs awaits an answer: the server refuses
 * a second). Nothing at all for a task never extended, to anyone else.
 */
function ExtensionRequests({
  task,
  requests,
}: {
  task: TaskItem;
  requests: ExtensionRequestItem[];
}) {
  const { t } = useTranslation(["tasks", "common"]);
  const headingId = useId();
  if (requests.length === 0 && !task.can.requestExtension) return null;
  const canAsk =
    task.can.requestExtension && !requests.some((request) => request.status === "pending");
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Group justify="space-between" gap="sm">
        <Title order={3} size="h5" id={headingId}>
          {t("extension.heading")}
        </Title>
        {canAsk && <RequestExtensionButton task={task} />}
      </Group>
      {requests.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("extension.none")}
        </Text>
      ) : (
        <ul className={classes.list}>
          {requests.map((request) => (
            <ExtensionRequestEntry key={request.id} request={request} />
          ))}
        </ul>
      )}
    </Stack>
  );
}

/**
 * A task's progress thread: the assignee's updates (remarks, the response file) and the admins'
 * replies, oldest first, with a reply box for admins; then its extension requests. It reads
 * again on any live change to a task (its query is under "tasks").
 */
export function ProgressThread({ task }: { task: TaskItem }) {
  const { t } = useTranslation(["tasks", "common"]);
  const headingId = useId();
  const { data, isPending, isError } = useTaskThread(task.id);

  let entries: ReactNode;
  if (isPending) entries = <Skeleton height={80} />;
  else if (isError) entries = <Text c="red">{t(THREAD_MESSAGES.loadFailed)}</Text>;
  else if (data.entries.length === 0)
    entries = (
      <Text size="sm" c="dimmed">
        {t("thread.empty")}
      </Text>
    );
  else
    entries = (
      <ol className={classes.list} aria-label={t("thread.label")}>
        {data.entries.map((entry) => (
          <ThreadEntry key={entry.id} entry={entry} />
        ))}
      </ol>
    );

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Stack component="section" aria-labelledby={headingId} gap="sm">
          <Title order={3} size="h5" id={headingId}>
            {t("thread.title")}
          </Title>
          {entries}
          {task.can.reply && <ReplyForm taskId={task.id} />}
        </Stack>
        {data && <ExtensionRequests task={task} requests={data.extensions} />}
      </Stack>
    </Paper>
  );
}
