import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import i18next from "i18next";
import { translateMessage } from "../../../shared/i18n/message";
import { DIALOG_PROPS } from "./dialog-props";

const SAFE_CHOICE = { "data-autofocus": true };

/** Each text is a catalog key (or a message, shared/i18n/message.ts) or text already translated. */
type ConfirmOptions = {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  isDestructive?: boolean;
};

/**
 * Asks for confirmation in a dialog (needs the ModalsProvider of signed-in pages). Resolves
 * true for the confirm button; false for cancel, Escape or closing the dialog.
 */
export function confirmAction({
  title,
  message,
  confirmLabel = "common:action.yes",
  cancelLabel = "common:action.no",
  isDestructive = false,
}: ConfirmOptions): Promise<boolean> {
  const text = (value: string) => translateMessage(i18next, value);
  return new Promise((resolve) => {
    modals.openConfirmModal({
      ...DIALOG_PROPS,
      title: text(title),
      children: <Text size="sm">{text(message)}</Text>,
      labels: { confirm: text(confirmLabel), cancel: text(cancelLabel) },
      confirmProps: isDestructive ? { color: "red" } : undefined,
      // The safe choice takes the first focus, so a stray Enter or Space never confirms.
      cancelProps: SAFE_CHOICE,
      onConfirm: () => resolve(true),
      // Also runs after a confirm; the promise has settled by then, so it stays true.
      onClose: () => resolve(false),
    });
  });
}
