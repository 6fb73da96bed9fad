import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { todayIn } from "../../../shared/dates";
import { taskFieldsInput } from "../../../shared/tasks";
import { usePublicConfig } from "../../api/public-config";
import { DialogSkeleton } from "../../ui/forms/dialog-skeleton";
import { FormActions } from "../../ui/forms/form-actions";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { useCreateTask } from "../task-mutations";
import { AttachmentField, useAttachmentField } from "./attachment-field";
import { TaskFormFields } from "./task-form-fields";

type CreateTaskFormProps = {
  onCreated: () => void;
  onCancel?: () => void;
};

/**
 * The Create New Task form. The assign date defaults to today in the server's time zone, so
 * it waits for that setting; should it fail to load, the date is left for the admin to pick.
 */
export function CreateTaskForm(props: CreateTaskFormProps) {
  const { data: config, isPending } = usePublicConfig();
  if (isPending) return <DialogSkeleton height={420} />;
  return <NewTaskForm today={config ? todayIn(config.timezone) : ""} {...props} />;
}

function NewTaskForm({ today, onCreated, onCancel }: CreateTaskFormProps & { today: string }) {
  const { t } = useTranslation(["tasks", "common"]);
  const { form } = useSchemaForm(taskFieldsInput, {
    subject: "",
    description: "",
    assignedTo: "",
    assignDate: today,
    dueDate: "",
    taskType: "Task",
  });
  const attachment = useAttachmentField();
  const createTask = useCreateTask();

  const handleCreate = form.onSubmit((values) => {
    if (!attachment.isValid) return;
    createTask.mutate(
      { ...values, attachment: attachment.file ?? undefined },
      { onSuccess: onCreated },
    );
  });

  return (
    <form onSubmit={handleCreate} noValidate>
      <Stack gap="sm">
        <TaskFormFields inputProps={(field) => form.getInputProps(field)} />
        <AttachmentField label={t("field.attachment")} field={attachment} />
        <FormActions
          submitLabel={t("action.createTask")}
          isSubmitting={createTask.isPending}
          onCancel={onCancel}
          mt="xs"
        />
      </Stack>
    </form>
  );
}
