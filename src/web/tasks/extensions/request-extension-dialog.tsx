import { Button, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { addDays } from "../../../shared/dates";
import { extensionRequestInput, type TaskItem, THREAD_MESSAGES } from "../../../shared/tasks";
import { DateField } from "../../ui/forms/date-field";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { FormActions } from "../../ui/forms/form-actions";
import { ReasonField } from "../../ui/forms/reason-field";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { useDisplayDate } from "../../ui/use-display-date";
import { useRequestExtension } from "./extension-queries";

type TaskProps = { task: Pick<TaskItem, "id" | "dueDate"> };

function RequestExtensionForm({ task, onDone }: TaskProps & { onDone: () => void }) {
  const { t } = useTranslation(["tasks", "common"]);
  const displayDate = useDisplayDate();
  const { form, handleSubmit } = useSchemaForm(extensionRequestInput, { dueDate: "", reason: "" });
  const request = useRequestExtension();

  const handleSend = handleSubmit(async (values) => {
    // The server says the same; a typed date skips the calendar's limit, so it is said here
    // before a round trip. Other refusals (one already pending) come back as its message.
    if (values.dueDate <= task.dueDate) {
      form.setFieldError("dueDate", t(THREAD_MESSAGES.notLater));
      return;
    }
    if (await request.attempt({ id: task.id, values })) onDone();
  });

  return (
    <form onSubmit={handleSend} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t("extension.currentDueDate", { date: displayDate(task.dueDate) })}</Text>
        <DateField
          label={t("extension.field.newDueDate")}
          withAsterisk
          data-autofocus
          minDate={addDays(task.dueDate, 1)}
          {...form.getInputProps("dueDate")}
        />
        <ReasonField label={t("extension.field.reason")} {...form.getInputProps("reason")} />
        <FormActions
          submitLabel={t("extension.action.send")}
          isSubmitting={request.isPending}
          onCancel={onDone}
          mt="xs"
        />
      </Stack>
    </form>
  );
}

/** The assignee's Request Extension button and its dialog (a new due date, and why). */
export function RequestExtensionButton({ task }: TaskProps) {
  const { t } = useTranslation(["tasks", "common"]);
  const [isOpen, dialog] = useDisclosure(false);
  return (
    <>
      <Button variant="light" size="compact-sm" onClick={dialog.open}>
        {t("extension.action.request")}
      </Button>
      <Modal
        opened={isOpen}
        onClose={dialog.close}
        title={t("extension.action.request")}
        {...DIALOG_PROPS}
      >
        <RequestExtensionForm task={task} onDone={dialog.close} />
      </Modal>
    </>
  );
}
