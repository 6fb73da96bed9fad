import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { type ExtensionRequestItem, extensionDeclineInput } from "../../../shared/tasks";
import { confirmAction } from "../../ui/forms/confirm";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { FormActions } from "../../ui/forms/form-actions";
import { ReasonField } from "../../ui/forms/reason-field";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { useDisplayDate } from "../../ui/use-display-date";
import { useApproveExtension, useDeclineExtension } from "./extension-queries";

type RequestProps = { request: ExtensionRequestItem };

/** "Nov 25, 2026 → Dec 2, 2026": the due date now, and the one asked for. */
export function useDueDateChange() {
  const { t } = useTranslation(["tasks", "common"]);
  const displayDate = useDisplayDate();
  return (request: Pick<ExtensionRequestItem, "previousDueDate" | "requestedDueDate">) =>
    t("extension.dueDateChange", {
      from: displayDate(request.previousDueDate),
      to: displayDate(request.requestedDueDate),
    });
}

function DeclineForm({ request, onDone }: RequestProps & { onDone: () => void }) {
  const { t } = useTranslation(["tasks", "common"]);
  const dueDateChange = useDueDateChange();
  const { form, handleSubmit } = useSchemaForm(extensionDeclineInput, { reason: "" });
  const decline = useDeclineExtension();
  const handleDecline = handleSubmit(async ({ reason }) => {
    if (await decline.attempt({ id: request.id, reason })) onDone();
  });

  return (
    <form onSubmit={handleDecline} noValidate>
      <Stack gap="sm">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {request.taskSubject}
          </Text>
          <Text size="sm">{dueDateChange(request)}</Text>
        </Stack>
        <ReasonField
          label={t("extension.field.declineReason")}
          description={t("extension.reasonLine", { reason: request.reason })}
          data-autofocus
          {...form.getInputProps("reason")}
        />
        <FormActions
          submitLabel={t("extension.action.decline")}
          isSubmitting={decline.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

function DecisionButtons({ request }: RequestProps) {
  const { t } = useTranslation(["tasks", "common"]);
  const displayDate = useDisplayDate();
  const approve = useApproveExtension();
  const [isDeclining, declineDialog] = useDisclosure(false);
  const subject = request.taskSubject;

  async function handleApprove() {
    const isConfirmed = await confirmAction({
      title: "tasks:extension.confirm.approveTitle",
      message: t("extension.confirm.approve", {
        subject,
        from: displayDate(request.previousDueDate),
        to: displayDate(request.requestedDueDate),
      }),
      confirmLabel: "tasks:extension.action.approve",
      cancelLabel: "common:action.cancel",
    });
    if (isConfirmed) approve.mutate(request.id);
  }

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Button
          size="compact-sm"
          variant="light"
          loading={approve.isPending}
          aria-label={t("extension.action.approveNamed", { subject })}
          onClick={() => void handleApprove()}
        >
          {t("extension.action.approve")}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          aria-label={t("extension.action.declineNamed", { subject })}
          onClick={declineDialog.open}
        >
          {t("extension.action.decline")}
        </Button>
      </Group>
      <Modal
        opened={isDeclining}
        onClose={declineDialog.close}
        title={t("extension.dialog.decline")}
        {...DIALOG_PROPS}
      >
        {/* Unmounted while closed: each opening starts with an empty reason. */}
        <DeclineForm request={request} onDone={declineDialog.close} />
      </Modal>
    </>
  );
}

/**
 * Approve (after a confirmation) and Decline (with the reason the assignee is told), where the
 * server says the viewer may answer the request (request.canDecide).
 */
export function ExtensionDecisionActions({ request }: RequestProps) {
  if (!request.canDecide) return null;
  return <DecisionButtons request={request} />;
}
