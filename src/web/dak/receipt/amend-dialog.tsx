import { Modal, Stack } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  amendReceiptInput,
  CLASSIFICATION_LABELS,
  DAK_MESSAGES,
  MODE_LABELS,
  type ReceiptItem,
} from "../../../shared/dak";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";
import { useEditConflict } from "../../ui/forms/edit-conflict";
import { FormActions } from "../../ui/forms/form-actions";
import { ReasonField } from "../../ui/forms/reason-field";
import { useSchemaForm } from "../../ui/forms/use-schema-form";
import { useDisplayDate } from "../../ui/use-display-date";
import { NONE } from "../dak-display";
import { useAmendReceipt } from "../dak-mutations";
import { receiptOptions } from "../dak-queries";
import { ReceiptFieldset, type ReceiptFieldValues } from "../diary/receipt-fieldset";

/** A receipt's fields as the form holds them (blanks for nulls). */
function fieldsOf(receipt: ReceiptItem): Required<ReceiptFieldValues> {
  return {
    receivedOn: receipt.receivedOn,
    mode: receipt.mode,
    section: receipt.section ?? "",
    senderName: receipt.senderName,
    senderDesignation: receipt.senderDesignation ?? "",
    senderOrganisation: receipt.senderOrganisation ?? "",
    senderAddress: receipt.senderAddress ?? "",
    letterNumber: receipt.letterNumber ?? "",
    letterDate: receipt.letterDate ?? "",
    subject: receipt.subject,
    category: receipt.category,
    classification: receipt.classification,
    enclosures: receipt.enclosures ?? "",
    remarks: receipt.remarks ?? "",
  };
}

function AmendForm({ receipt: opened, onDone }: { receipt: ReceiptItem; onDone: () => void }) {
  const { t } = useTranslation(["dak", "common"]);
  const queryClient = useQueryClient();
  const displayDate = useDisplayDate();
  // The receipt as the server last showed it: the current values, once loaded after a conflict.
  const [receipt, setReceipt] = useState(opened);
  const amend = useAmendReceipt(opened.id);
  const { form } = useSchemaForm(amendReceiptInput, {
    ...fieldsOf(opened),
    reason: "",
    version: opened.version,
  });
  const conflict = useEditConflict<ReceiptItem>({
    entity: "receipt",
    id: opened.id,
    version: receipt.version,
    isSaving: amend.isPending,
    liveMessage: t(DAK_MESSAGES.changedLive),
    loadCurrent: async () => {
      const current = await queryClient.fetchQuery({
        ...receiptOptions(opened.id),
        staleTime: 0,
      });
      return { version: current.version, values: current };
    },
    typed: () => {
      // The reason and the version belong to the amendment, not to the receipt.
      const { reason: _reason, version: _version, ...typed } = form.getValues();
      return { ...receipt, ...typed };
    },
    // The reason stays as typed: it is why they amend, whatever the receipt now says.
    apply: (current) => {
      setReceipt(current);
      form.setValues({ ...fieldsOf(current), version: current.version });
    },
    describe: (values) => [
      { label: t("field.receivedOn"), value: displayDate(values.receivedOn) },
      { label: t("field.mode"), value: t(MODE_LABELS[values.mode]) },
      { label: t("field.letterNumber"), value: values.letterNumber || NONE },
      {
        label: t("field.letterDate"),
        value: values.letterDate ? displayDate(values.letterDate) : NONE,
      },
      { label: t("field.subject"), value: values.subject },
      { label: t("field.category"), value: values.category },
      {
        label: t("field.classification"),
        value: t(CLASSIFICATION_LABELS[values.classification]),
      },
      { label: t("field.section"), value: values.section || NONE },
      { label: t("field.enclosures"), value: values.enclosures || NONE },
      { label: t("field.remarks"), value: values.remarks || NONE },
      { label: t("field.senderName"), value: values.senderName },
      { label: t("field.senderDesignation"), value: values.senderDesignation || NONE },
      { label: t("field.senderOrganisation"), value: values.senderOrganisation || NONE },
      { label: t("field.senderAddress"), value: values.senderAddress || NONE },
    ],
  });
  const handleSave = form.onSubmit(() => {
    amend.mutate(form.getValues(), { onSuccess: onDone, onError: conflict.onSaveError });
  });
  return (
    <form onSubmit={handleSave} noValidate>
      <Stack gap="md">
        {conflict.notice}
        <ReceiptFieldset
          inputProps={(field) => form.getInputProps(field)}
          extraCategory={receipt.category}
        />
        <ReasonField
          label={t("field.amendReason")}
          maxLength={2000}
          {...form.getInputProps("reason")}
        />
        <FormActions
          submitLabel={t("action.amend")}
          isSubmitting={amend.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}

/** Amend: a correction of what was diarised (never the number), with the reason. */
export function AmendDialog({
  receipt,
  opened,
  onClose,
}: {
  receipt: ReceiptItem;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("dak");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("dialog.amend", { number: receipt.diaryNumber })}
      size="lg"
      {...DIALOG_PROPS}
    >
      <AmendForm receipt={receipt} onDone={onClose} />
    </Modal>
  );
}
