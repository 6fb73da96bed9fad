import { Checkbox, Modal, Select, Stack, Text, Textarea } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod/mini";
import {
  editTaskFieldsInput,
  REASON_MAX_LENGTH,
  TASK_MESSAGES,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  TASK_TYPE_LABELS,
  type TaskItem,
  THREAD_MESSAGES,
} from "../../../shared/tasks";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { useEditConflict } from "../../ui/forms/edit-conflict";
import { FormActions } from "../../ui/forms/form-actions";
import { ReasonField } from "../../ui/forms/reason-field";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { useDisplayDate } from "../../ui/use-display-date";
import { useAssignableUserOptions } from "../../users/assignable-users";
import { useUpdateTask } from "../task-mutations";
import { taskDetailOptions } from "../task-queries";
import { AttachmentField, useAttachmentField } from "./attachment-field";
import { TaskFormFields } from "./task-form-fields";

/**
 * Edit Task's typed fields and, once the due date differs from the stored one, why it moves:
 * the server refuses the move without a reason, and keeps the reason in the task's history.
 */
function editTaskInput(storedDueDate: string) {
  return z
    .intersection(
      editTaskFieldsInput,
      z.object({
        dueDateReason: z
          .string()
          .check(z.trim(), z.maxLength(REASON_MAX_LENGTH, THREAD_MESSAGES.reasonTooLong)),
      }),
    )
    .check(
      z.refine((task) => task.dueDate === storedDueDate || task.dueDateReason !== "", {
        message: THREAD_MESSAGES.dueDateReasonRequired,
        path: ["dueDateReason"],
      }),
    );
}

/** The fields Edit Task shows of a task, as the form holds them. */
function editableFields(task: TaskItem) {
  return {
    subject: task.subject,
    description: task.description,
    assignedTo: task.assignedTo,
    assignDate: task.assignDate,
    dueDate: task.dueDate,
    taskType: task.taskType,
    status: task.status,
    remarks: task.remarks,
  };
}
function EditTaskForm({ task: opened, onDone }: { task: TaskItem; onDone: () => void }) {
  const { t } = useTranslation(["tasks", "common"]);
  const queryClient = useQueryClient();
  const displayDate = useDisplayDate();
  const users = useAssignableUserOptions();
  const statusOptions = TASK_STATUSES.map((value) => ({
    value,
    label: t(TASK_STATUS_LABELS[value]),
  }));
  // The task as the server last showed it: the current values, once loaded after a conflict.
  const [task, setTask] = useState(opened);
  const schema = useMemo(() => editTaskInput(task.dueDate), [task.dueDate]);
  const { form } = useSchemaForm(schema, { ...editableFields(opened), dueDateReason: "" });
  const movesDueDate = form.values.dueDate !== task.dueDate;
  const replacement = useAttachmentField();
  const [isRemovingAttachment, setIsRemovingAttachment] = useState(false);
  const updateTask = useUpdateTask();
  const conflict = useEditConflict<TaskItem>({
    entity: "task",
    id: opened.id,
    version: task.version,
    isSaving: updateTask.isPending,
    liveMessage: t(TASK_MESSAGES.changedLive),
    loadCurrent: async () => {
      const current = await queryClient.fetchQuery({
        ...taskDetailOptions(opened.id),
        staleTime: 0,
      });
      return { version: current.version, values: current };
    },
    typed: () => ({ ...task, ...form.getValues() }),
    apply: (current) => {
      setTask(current);
      form.setValues({ ...editableFields(current), dueDateReason: "" });
    },
    describe: (values) => [
      { label: t("field.subject"), value: values.subject },
      { label: t("field.description"), value: values.description },
      {
        label: t("field.assignTo"),
        value:
          users.options.find((option) => option.value === values.assignedTo)?.label ??
          values.assignedTo,
      },
      { label: t("field.taskType"), value: t(TASK_TYPE_LABELS[values.taskType]) },
      { label: t("field.assignDate"), value: displayDate(values.assignDate) },
      { label: t("field.dueDate"), value: displayDate(values.dueDate) },
      { label: t("field.status"), value: t(TASK_STATUS_LABELS[values.status]) },
      { label: t("field.remarks"), value: values.remarks },
    ],
  });

  const handleSave = form.onSubmit((values) => {
    if (!replacement.isValid) return;
    updateTask.mutate(
      {
        id: task.id,
        values: {
          ...values,
          // A reason typed before the date was put back is not the reason for anything.
          dueDateReason: movesDueDate ? values.dueDateReason : "",
          attachment: replacement.file ?? undefined,
          removeAttachment: isRemovingAttachment,
          version: task.version,
        },
      },
      { onSuccess: onDone, onError: conflict.onSaveError },
    );
  });

  return (
    <form onSubmit={handleSave} noValidate>
      <Stack gap="sm">
        {conflict.notice}
        <TaskFormFields inputProps={(field) => form.getInputProps(field)} />
        {movesDueDate && (
          <ReasonField label={t("field.dueDateReason")} {...form.getInputProps("dueDateReason")} />
        )}
        <Select
          label={t("field.status")}
          data={statusOptions}
          allowDeselect={false}
          {...form.getInputProps("status")}
        />
        <Textarea
          label={t("field.remarks")}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps("remarks")}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {task.attachment
              ? t("edit.currentAttachment", { fileName: task.attachment.fileName })
              : t("edit.noCurrentAttachment")}
          </Text>
          {task.attachment && (
            <Checkbox
              label={t("edit.removeAttachment")}
              checked={isRemovingAttachment && !replacement.file}
              disabled={Boolean(replacement.file)}
              onChange={(event) => setIsRemovingAttachment(event.currentTarget.checked)}
            />
          )}
          <AttachmentField
            label={task.attachment ? t("field.replaceAttachment") : t("field.attachment")}
            field={replacement}
          />
        </Stack>
        <FormActions
          submitLabel={t("common:action.saveChanges")}
          isSubmitting={updateTask.isPending}
          onCancel={onDone}
          mt="xs"
        />
      </Stack>
    </form>
  );
}

type EditTaskDialogProps = { task: TaskItem | null; isOpen: boolean; onClose: () => void };

/** Edit Task: every field, the status among all four, and the attachment replaced or removed. */
export function EditTaskDialog({ task, isOpen, onClose }: EditTaskDialogProps) {
  const { t } = useTranslation(["tasks", "common"]);
  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      title={t("action.editTask")}
      size="lg"
      {...DIALOG_PROPS}
    >
      {task && <EditTaskForm key={task.id} task={task} onDone={onClose} />}
    </Modal>
  );
}
