import { Checkbox, Modal, Select, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import {
  editTaskFieldsInput,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  type TaskItem,
} from "../../../shared/tasks";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { FormActions } from "../../ui/forms/form-actions";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { useUpdateTask } from "../task-mutations";
import { AttachmentField, useAttachmentField } from "./attachment-field";
import { TaskFormFields } from "./task-form-fields";

const STATUS_OPTIONS = TASK_STATUSES.map((value) => ({ value, label: TASK_STATUS_LABELS[value] }));

function EditTaskForm({ task, onDone }: { task: TaskItem; onDone: () => void }) {
  const { form } = useSchemaForm(editTaskFieldsInput, {
    subject: task.subject,
    description: task.description,
    assignedTo: task.assignedTo,
    assignDate: task.assignDate,
    dueDate: task.dueDate,
    taskType: task.taskType,
    status: task.status,
    remarks: task.remarks,
  });
  const replacement = useAttachmentField();
  const [isRemovingAttachment, setIsRemovingAttachment] = useState(false);
  const updateTask = useUpdateTask();

  const handleSave = form.onSubmit((values) => {
    if (!replacement.isValid) return;
    updateTask.mutate(
      {
        id: task.id,
        values: {
          ...values,
          attachment: replacement.file ?? undefined,
          removeAttachment: isRemovingAttachment,
        },
      },
      { onSuccess: onDone },
    );
  });

  return (
    <form onSubmit={handleSave} noValidate>
      <Stack gap="sm">
        <TaskFormFields inputProps={(field) => form.getInputProps(field)} />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps("status")}
        />
        <Textarea
          label="Remarks"
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps("remarks")}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Current attachment: {task.attachment?.fileName ?? "none"}
          </Text>
          {task.attachment && (
            <Checkbox
              label="Remove the current attachment"
              checked={isRemovingAttachment && !replacement.file}
              disabled={Boolean(replacement.file)}
              onChange={(event) => setIsRemovingAttachment(event.currentTarget.checked)}
            />
          )}
          <AttachmentField
            label={task.attachment ? "Replace Attachment" : "Attachment"}
            field={replacement}
          />
        </Stack>
        <FormActions
          submitLabel="Save Changes"
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
  return (
    <Modal opened={isOpen} onClose={onClose} title="Edit Task" size="lg" {...DIALOG_PROPS}>
      {task && <EditTaskForm key={task.id} task={task} onDone={onClose} />}
    </Modal>
  );
}
