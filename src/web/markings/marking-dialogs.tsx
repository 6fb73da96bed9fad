import { Modal, MultiSelect, Select, Stack, Textarea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { MARK_PURPOSES, type MarkPurpose, PURPOSE_LABELS } from "../../shared/dak";
import {
  CONSULT_PURPOSES,
  closeAsSeenInput,
  isConsult,
  MARKING_OUTCOME_LABELS,
  MAX_ROUTE_STEPS,
  type MarkingOutcome,
  markOnwardInput,
  pullBackInput,
} from "../../shared/markings";
import { DIALOG_PROPS } from "../ui/forms/dialog-props";
import { FormActions } from "../ui/forms/form-actions";
import { ReasonField } from "../ui/forms/reason-field";
import { useSchemaForm } from "../ui/forms/use-schema-form";
import { useAssignableUserOptions } from "../users/assignable-users";
import { useAnswer, useCloseAsSeen, useMarkOnward, usePullBack } from "./marking-queries";

const REMARK_MAX_LENGTH = 2000;
const REASON_MAX_LENGTH = 500;

type DialogProps = { taskId: string; opened: boolean; onClose: () => void };

type MarkFormProps = {
  taskId: string;
  /** Who holds it now: it cannot be marked to them. */
  holderId: string;
  /** Work that came for comments, approval or signature goes on only for one of those. */
  isConsultOnly: boolean;
  onClose: () => void;
};

function MarkForm({ taskId, holderId, isConsultOnly, onClose }: MarkFormProps) {
  const { t } = useTranslation(["markings", "dak"]);
  const people = useAssignableUserOptions();
  const purposes: readonly MarkPurpose[] = isConsultOnly ? CONSULT_PURPOSES : MARK_PURPOSES;
  const { form, handleSubmit } = useSchemaForm(markOnwardInput, {
    to: "",
    purpose: isConsultOnly ? "comments" : "action",
    remark: "",
    route: [],
  });
  const mark = useMarkOnward(taskId);
  const { to, purpose } = form.getValues();
  const takesRoute = isConsult(purpose);
  const handleMark = handleSubmit(async (values) => {
    // A route goes only with comments, approval or signature: one chosen before is dropped.
    const route = isConsult(values.purpose) ? values.route : [];
    if (await mark.attempt({ ...values, route })) onClose();
  });

  return (
    <form onSubmit={handleMark} noValidate>
      <Stack>
        <Select
          label={t("field.to")}
          withAsterisk
          searchable
          data-autofocus
          data={people.options.filter((option) => option.value !== holderId)}
          disabled={people.isLoading}
          {...form.getInputProps("to")}
        />
        <Select
          label={t("field.purpose")}
          withAsterisk
          allowDeselect={false}
          data={purposes.map((purpose) => ({ value: purpose, label: t(PURPOSE_LABELS[purpose]) }))}
          {...form.getInputProps("purpose")}
        />
        {takesRoute && (
          <MultiSelect
            label={t("field.route")}
            description={t("field.routeHint")}
            searchable
            maxValues={MAX_ROUTE_STEPS}
            data={people.options.filter(
              (option) => option.value !== holderId && option.value !== to,
            )}
            disabled={people.isLoading}
            {...form.getInputProps("route")}
          />
        )}
        <Textarea
          label={t("field.remark")}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={REMARK_MAX_LENGTH}
          {...form.getInputProps("remark")}
        />
        <FormActions
          submitLabel={t("action.mark")}
          isSubmitting={mark.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}

/** Mark: to a person, with a purpose and a remark. */
export function MarkDialog({
  opened,
  onClose,
  ...form
}: DialogProps & Omit<MarkFormProps, "onClose">) {
  const { t } = useTranslation(["markings", "common"]);
  return (
    <Modal opened={opened} onClose={onClose} title={t("dialog.markTitle")} {...DIALOG_PROPS}>
      {/* Modal unmounts its content when closed, so every opening starts afresh. */}
      <MarkForm {...form} onClose={onClose} />
    </Modal>
  );
}

function PullBackForm({ taskId, onClose }: Omit<DialogProps, "opened">) {
  const { t } = useTranslation(["markings", "common"]);
  const { form, handleSubmit } = useSchemaForm(pullBackInput, { reason: "" });
  const pullBack = usePullBack(taskId);
  const handlePullBack = handleSubmit(async (values) => {
    if (await pullBack.attempt(values)) onClose();
  });
  return (
    <form onSubmit={handlePullBack} noValidate>
      <Stack>
        <ReasonField
          label={t("field.reason")}
          maxLength={REASON_MAX_LENGTH}
          data-autofocus
          {...form.getInputProps("reason")}
        />
        <FormActions
          submitLabel={t("action.pullBack")}
          isSubmitting={pullBack.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}

/** Pull Back: a marking not yet opened returns to its sender, with a reason. */
export function PullBackDialog({ taskId, opened, onClose }: DialogProps) {
  const { t } = useTranslation(["markings", "common"]);
  return (
    <Modal opened={opened} onClose={onClose} title={t("dialog.pullBackTitle")} {...DIALOG_PROPS}>
      <PullBackForm taskId={taskId} onClose={onClose} />
    </Modal>
  );
}

type RemarkFormProps = {
  submitLabel: string;
  isSubmitting: boolean;
  /** Resolves whether it went through, so the dialog can close. */
  onSubmit: (remark: string | null) => Promise<boolean>;
  onClose: () => void;
};

/** An answer or a closing: one optional remark. */
function RemarkForm({ submitLabel, isSubmitting, onSubmit, onClose }: RemarkFormProps) {
  const { t } = useTranslation(["markings", "common"]);
  const { form, handleSubmit } = useSchemaForm(closeAsSeenInput, { remark: "" });
  const handleSave = handleSubmit(async ({ remark }) => {
    if (await onSubmit(remark)) onClose();
  });
  return (
    <form onSubmit={handleSave} noValidate>
      <Stack>
        <Textarea
          label={t("field.remark")}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={REMARK_MAX_LENGTH}
          data-autofocus
          {...form.getInputProps("remark")}
        />
        <FormActions submitLabel={submitLabel} isSubmitting={isSubmitting} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** Approve, Approve with changes, Return with comments, Sign: back to the one who marked it. */
export function AnswerDialog({
  taskId,
  outcome,
  opened,
  onClose,
}: DialogProps & { outcome: MarkingOutcome | null }) {
  const { t } = useTranslation(["markings", "common"]);
  const answer = useAnswer(taskId);
  const label = outcome ? t(MARKING_OUTCOME_LABELS[outcome]) : "";
  return (
    <Modal opened={opened} onClose={onClose} title={label} {...DIALOG_PROPS}>
      {outcome && (
        <RemarkForm
          submitLabel={label}
          isSubmitting={answer.isPending}
          onSubmit={(remark) => answer.attempt({ outcome, remark })}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

/** Close as Seen: an item marked for information, read and kept. */
export function CloseAsSeenDialog({ taskId, opened, onClose }: DialogProps) {
  const { t } = useTranslation(["markings", "common"]);
  const close = useCloseAsSeen(taskId);
  return (
    <Modal opened={opened} onClose={onClose} title={t("dialog.closeAsSeenTitle")} {...DIALOG_PROPS}>
      <RemarkForm
        submitLabel={t("action.closeAsSeen")}
        isSubmitting={close.isPending}
        onSubmit={close.attempt}
        onClose={onClose}
      />
    </Modal>
  );
}
