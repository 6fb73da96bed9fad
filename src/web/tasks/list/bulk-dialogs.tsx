import { Button, Modal, Select, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { parseResponse } from "hono/client";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  BULK_MESSAGES,
  type BulkTaskInput,
  bulkDueDateFields,
  bulkReassignFields,
} from "../../../shared/bulk-tasks";
import { message } from "../../../shared/i18n/message";
import { api } from "../../api/client";
import { useFeedbackMutation } from "../../api/mutation-feedback";
import { confirmAction } from "../../ui/forms/confirm";
import { DateField } from "../../ui/forms/date-field";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { FormActions } from "../../ui/forms/form-actions";
import { ReasonField } from "../../ui/forms/reason-field";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { useAssignableUserOptions } from "../../users/assignable-users";
import { taskKeys } from "../task-queries";

/** The server's summary ("38 tasks reassigned to Amina Qureshi") is the success toast. */
function useBulkTaskAction() {
  return useFeedbackMutation({
    mutationFn: (json: BulkTaskInput) => parseResponse(api.api.tasks.bulk.$post({ json })),
    success: (result) => result.message,
    failure: BULK_MESSAGES.failed,
    invalidate: taskKeys.all,
  });
}

type BulkProps = {
  selection: BulkTaskInput["selection"];
  /** How many tasks the selection holds, for the dialogs' titles and the confirmation. */
  count: number;
  /** After the action went through: the selection is cleared. */
  onDone: () => void;
};

type FormProps = Pick<BulkProps, "selection"> & { onSaved: () => void; onCancel: () => void };

function ReassignForm({ selection, onSaved, onCancel }: FormProps) {
  const { t } = useTranslation(["tasks", "common"]);
  const users = useAssignableUserOptions();
  const { form, handleSubmit } = useSchemaForm(bulkReassignFields, { assignedTo: "" });
  const bulk = useBulkTaskAction();

  const handleReassign = handleSubmit(async (values) => {
    if (await bulk.attempt({ selection, action: { kind: "reassign", ...values } })) onSaved();
  });

  return (
    <form onSubmit={handleReassign} noValidate>
      <Stack gap="sm">
        <Select
          label={t("field.assignTo")}
          withAsterisk
          searchable
          data-autofocus
          nothingFoundMessage={t("noMatchingUsers")}
          placeholder={
            users.isLoading ? t("placeholder.loadingUsers") : t("placeholder.chooseUser")
          }
          data={users.options}
          {...form.getInputProps("assignedTo")}
        />
        <FormActions
          submitLabel={t("bulk.action.reassign")}
          isSubmitting={bulk.isPending}
          onCancel={onCancel}
          mt="xs"
        />
      </Stack>
    </form>
  );
}

function DueDateForm({ selection, onSaved, onCancel }: FormProps) {
  const { t } = useTranslation(["tasks", "common"]);
  const { form, handleSubmit } = useSchemaForm(bulkDueDateFields, { dueDate: "", reason: "" });
  const bulk = useBulkTaskAction();

  // A date before a task's assign date is refused by the server, naming the task.
  const handleChange = handleSubmit(async (values) => {
    if (await bulk.attempt({ selection, action: { kind: "dueDate", ...values } })) onSaved();
  });

  return (
    <form onSubmit={handleChange} noValidate>
      <Stack gap="sm">
        <DateField
          label={t("bulk.field.newDueDate")}
          withAsterisk
          data-autofocus
          {...form.getInputProps("dueDate")}
        />
        <ReasonField label={t("field.dueDateReason")} {...form.getInputProps("reason")} />
        <FormActions
          submitLabel={t("bulk.action.changeDueDate")}
          isSubmitting={bulk.isPending}
          onCancel={onCancel}
          mt="xs"
        />
      </Stack>
    </form>
  );
}

/** A button opening its form in a dialog; the dialog closes, and the selection clears, on success. */
function BulkDialogButton({
  label,
  title,
  onDone,
  renderForm,
}: {
  label: string;
  title: string;
  onDone: () => void;
  renderForm: (props: Omit<FormProps, "selection">) => ReactNode;
}) {
  const [isOpen, dialog] = useDisclosure(false);
  return (
    <>
      <Button variant="light" size="compact-sm" onClick={dialog.open}>
        {label}
      </Button>
      <Modal opened={isOpen} onClose={dialog.close} title={title} {...DIALOG_PROPS}>
        {renderForm({
          onSaved: () => {
            dialog.close();
            onDone();
          },
          onCancel: dialog.close,
        })}
      </Modal>
    </>
  );
}

export function BulkReassignButton({ selection, count, onDone }: BulkProps) {
  const { t } = useTranslation(["tasks", "common"]);
  return (
    <BulkDialogButton
      label={t("bulk.action.reassign")}
      title={t("bulk.reassignTitle", { count })}
      onDone={onDone}
      renderForm={(props) => <ReassignForm selection={selection} {...props} />}
    />
  );
}

export function BulkDueDateButton({ selection, count, onDone }: BulkProps) {
  const { t } = useTranslation(["tasks", "common"]);
  return (
    <BulkDialogButton
      label={t("bulk.action.changeDueDate")}
      title={t("bulk.dueDateTitle", { count })}
      onDone={onDone}
      renderForm={(props) => <DueDateForm selection={selection} {...props} />}
    />
  );
}

/** Mark Completed for every selected task, after SPEC.md's confirmation (worded for N tasks). */
export function BulkCompleteButton({ selection, count, onDone }: BulkProps) {
  const { t } = useTranslation(["tasks", "common"]);
  const bulk = useBulkTaskAction();

  async function handleMarkCompleted() {
    const isConfirmed = await confirmAction({
      title: "tasks:action.markCompleted",
      message: message(BULK_MESSAGES.confirmComplete, { count }),
    });
    if (!isConfirmed) return;
    if (await bulk.attempt({ selection, action: { kind: "complete" } })) onDone();
  }

  return (
    <Button
      variant="light"
      size="compact-sm"
      loading={bulk.isPending}
      onClick={() => void handleMarkCompleted()}
    >
      {t("action.markCompleted")}
    </Button>
  );
}
