import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { DIALOG_PROPS } from "./dialog-props";

const SAFE_CHOICE = { "data-autofocus": true };

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
  confirmLabel = "Yes",
  cancelLabel = "No",
  isDestructive = false,
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      ...DIALOG_PROPS,
      title,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: isDestructive ? { color: "red" } : undefined,
      // The safe choice takes the first focus, so a stray Enter or Space never confirms.
      cancelProps: SAFE_CHOICE,
      onConfirm: () => resolve(true),
      // Also runs after a confirm; the promise has settled by then, so it stays true.
      onClose: () => resolve(false),
    });
  });
}
