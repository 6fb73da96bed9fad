import { Modal } from "@mantine/core";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import type { ReceiptItem } from "../../../shared/dak";
import { DIALOG_PROPS } from "../../ui/forms/dialog-props";

export type ReceiptDialogProps = { receipt: ReceiptItem; opened: boolean; onClose: () => void };

/** One act on a receipt (Mark, Link to a Task, Close) in a dialog titled with its number. */
export function ReceiptDialog({
  receipt,
  opened,
  onClose,
  title,
  form: Form,
}: ReceiptDialogProps & {
  title: "dialog.mark" | "dialog.link" | "dialog.close";
  form: ComponentType<{ receipt: ReceiptItem; onDone: () => void }>;
}) {
  const { t } = useTranslation("dak");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(title, { number: receipt.diaryNumber })}
      {...DIALOG_PROPS}
    >
      <Form receipt={receipt} onDone={onClose} />
    </Modal>
  );
}
